// POJ 3074, too slow: plain backtracking in row-major order, which takes
// seconds to minutes on the hard puzzles.
#include "poj3074.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) { sudoku::naive(p, 1, s); });
}
