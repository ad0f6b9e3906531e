// HDU 4069, wrong: prints the first solution found without looking for a
// second, so a puzzle with several is answered as if it had one.
#include "hdu4069.h"

int main() {
	return run([](const sudoku::Puzzle &p, std::vector<int> &s) { return sudoku::count(p, 1, s); });
}
