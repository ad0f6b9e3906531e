// POJ 3076: each grid's solution, found by Dancing Links.
#include "poj3076.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) { sudoku::count(p, 1, s); });
}
