// Input validator of POJ 3076, the Kattis way (exit 42 accepts, 43
// rejects, stdin is the input): it accepts exactly what problems/poj3076's
// Parse accepts, which its tests check on every test and on mutated
// inputs. Grids of 16 lines of 16 cells 'A'-'P' or '-', separated by empty
// lines (any number, at either end too); trailing spaces, tabs and CR on a
// line are ignored.
#include "validate.h"

using namespace validate;

int main() {
	int rows = 0;    // of the grid being read
	bool gap = true; // an empty line (or the start) precedes the next grid
	for (std::string line : lines(all(std::cin), true)) {
		trimRight(line, " \t\r");
		if (line.empty()) {
			if (rows > 0)
				reject("empty line inside a grid");
			gap = true;
			continue;
		}
		if (rows == 0 && !gap)
			reject("a grid has more than 16 rows, or two grids have no empty line between them");
		gap = false;
		if (line.size() != 16)
			reject("a row must have 16 cells");
		for (char c : line)
			if (c != '-' && (c < 'A' || c > 'P'))
				reject("want a letter A-P or '-'");
		if (++rows == 16)
			rows = 0;
	}
	if (rows > 0)
		reject("input ends inside a grid");
	return 42;
}
