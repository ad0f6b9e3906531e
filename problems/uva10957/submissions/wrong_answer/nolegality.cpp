// UVa 10957, wrong: forgets to check the givens, so an illegal grid is
// answered as impossible.
#include "uva10957.h"

int main() {
	return run([](const sudoku::Puzzle &) { return true; },
	           [](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::count(p, 2, s); });
}
