// POJ 2676: complete each grid with the first solution Dancing Links finds.
#include "poj2676.h"

int main() {
	return run([](sudoku::Puzzle &p, std::vector<int> &s) { sudoku::count(p, 1, s); });
}
