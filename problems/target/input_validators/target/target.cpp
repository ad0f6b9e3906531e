// Input validator of Target Sudoku (NOIP 2009), the Kattis way (exit 42
// accepts, 43 rejects, stdin is the input): it accepts exactly what
// problems/target's Parse accepts, which its tests check on every test and
// on mutated inputs. Nine lines of nine single digits 0-9 separated by
// spaces, tabs, CR, VT or FF; after them nothing but that white space and
// newlines.
#include "validate.h"

using namespace validate;

int main() {
	const std::string blank = " \t\r\v\f";
	std::vector<std::string> ls = lines(all(std::cin), false);
	for (size_t r = 0; r < 9; r++) {
		if (r >= ls.size() || (r == ls.size() - 1 && ls[r].empty()))
			reject("input ends before the 9 grid lines");
		const std::string &line = ls[r];
		int n = 0;
		for (size_t col = 0; col < line.size();) {
			if (blank.find(line[col]) != std::string::npos) {
				col++;
				continue;
			}
			size_t end = col;
			while (end < line.size() && blank.find(line[end]) == std::string::npos)
				end++;
			if (n == 9)
				reject("more than 9 digits on a line");
			if (end - col != 1 || line[col] < '0' || line[col] > '9')
				reject("want a digit 0-9");
			n++;
			col = end;
		}
		if (n < 9)
			reject("a line must have 9 digits");
	}
	for (size_t r = 9; r < ls.size(); r++)
		if (ls[r].find_first_not_of(blank) != std::string::npos)
			reject("unexpected text after the 9 grid lines");
	return 42;
}
