// HDU 4069: the regions from the walls, then Dancing Links counts each
// puzzle's solutions up to two.
#include "hdu4069.h"

int main() {
	return run([](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::count(p, 2, s); });
}
