// UVa 10957: givens that repeat a digit in a unit are illegal; else Dancing
// Links counts the solutions up to two.
#include "uva10957.h"

int main() {
	return run([](const sudoku::Puzzle &p) { return !sudoku::clash(p); },
	           [](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::count(p, 2, s); });
}
