// HDU 4069, too slow: plain backtracking in row-major order counts the
// solutions, which takes seconds to minutes on the minimal puzzles.
#include "hdu4069.h"

int main() {
	return run([](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::naive(p, 2, s); });
}
