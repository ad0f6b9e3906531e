// Input validator of UVa 10957, the Kattis way (exit 42 accepts, 43
// rejects, stdin is the input): it accepts exactly what problems/uva10957's
// Parse accepts, which its tests check on every test and on mutated
// inputs. Up to 10000 grids of 9 lines of 9 single digits 0-9 separated by
// spaces or tabs, grids separated by empty lines; trailing spaces, tabs
// and CR on a line are ignored.
#include "validate.h"

using namespace validate;

int main() {
	int rows = 0, grids = 0;
	for (std::string line : lines(all(std::cin), true)) {
		trimRight(line, " \t\r");
		if (line.empty()) {
			if (rows != 0)
				reject("empty line inside a grid");
			continue;
		}
		int count = 0;
		for (size_t col = 0; col < line.size(); col++) {
			char c = line[col];
			if (c == ' ' || c == '\t')
				continue;
			if (c < '0' || c > '9')
				reject("want a digit 0-9");
			if (col + 1 < line.size() && line[col + 1] >= '0' && line[col + 1] <= '9')
				reject("want single digits separated by spaces");
			if (count == 9)
				reject("more than 9 digits on a line");
			count++;
		}
		if (count != 9)
			reject("a row must have 9 digits");
		if (++rows == 9) {
			if (grids == 10000)
				reject("more than 10000 grids");
			grids++;
			rows = 0;
		}
	}
	if (rows != 0)
		reject("input ends inside a grid");
	return 42;
}
