// POJ 3074: each puzzle's solution, found by Dancing Links.
#include "poj3074.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) { sudoku::count(p, 1, s); });
}
