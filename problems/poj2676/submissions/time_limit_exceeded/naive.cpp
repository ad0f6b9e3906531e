// POJ 2676, too slow: plain backtracking in row-major order, which takes
// seconds to minutes on the 17-clue puzzles.
#include "poj2676.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) { sudoku::naive(p, 1, s); });
}
