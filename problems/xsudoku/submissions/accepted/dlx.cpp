// X-sudoku: the diagonals are two more units; Dancing Links counts each
// puzzle's solutions up to two.
#include "xsudoku.h"

int main() {
	return run([](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::count(p, 2, s); });
}
