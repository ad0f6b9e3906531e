// POJ 3076, too slow: plain backtracking in row-major order, which takes
// minutes on a 16x16 grid.
#include "poj3076.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) { sudoku::naive(p, 1, s); });
}
