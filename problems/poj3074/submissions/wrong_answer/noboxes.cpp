// POJ 3074, wrong: solves keeping rows and columns only, so a box may repeat
// a digit.
#include "poj3074.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) {
		p.units.resize(18); // rows and columns
		sudoku::count(p, 1, s);
	});
}
