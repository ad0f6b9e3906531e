// X-sudoku, wrong: forgets the diagonals, so it solves each puzzle as a plain
// sudoku.
#include "xsudoku.h"

int main() {
	return run([](sudoku::Puzzle p, std::vector<int> &s) {
		p.units.resize(27); // rows, columns and boxes
		return sudoku::count(p, 2, s);
	});
}
