// POJ 2676, wrong: completes each grid keeping rows and columns only, so
// a box may repeat a digit.
#include "poj2676.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) {
		p.units.resize(18); // rows and columns
		sudoku::count(p, 1, s);
	});
}
