// X-sudoku, too slow: backtracking that keeps only the rows as it fills
// the grid and checks the columns, boxes and diagonals on each full grid: right,
// and hopelessly slow on any puzzle with many empty cells.
#include "xsudoku.h"

int main() {
	return run([](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::naive(p, 2, s, 9); });
}
