// UVa 10957, too slow: backtracking that keeps only the rows as it fills
// the grid and checks the columns and boxes on each full grid: right,
// and hopelessly slow on any puzzle with many empty cells.
#include "uva10957.h"

int main() {
	return run([](const sudoku::Puzzle &p) { return !sudoku::clash(p); },
	           [](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::naive(p, 2, s, 9); });
}
