// POJ 3076, wrong: solves keeping rows and columns only, so a box may repeat
// a letter.
#include "poj3076.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) {
		p.units.resize(32); // rows and columns
		sudoku::count(p, 1, s);
	});
}
