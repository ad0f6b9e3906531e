// Input validator of POJ 3074, the Kattis way (exit 42 accepts, 43
// rejects, stdin is the input): it accepts exactly what problems/poj3074's
// Parse accepts, which its tests check on every test and on mutated
// inputs. Lines of 81 cells '1'-'9' or '.', then a line "end" and nothing
// but spaces, tabs, CR and newlines after it; trailing spaces, tabs and CR
// on a line are ignored.
#include "validate.h"

using namespace validate;

int main() {
	std::string in = all(std::cin);
	size_t pos = 0;
	while (pos < in.size()) {
		size_t nl = in.find('\n', pos);
		size_t end = nl == std::string::npos ? in.size() : nl;
		std::string line = in.substr(pos, end - pos);
		pos = nl == std::string::npos ? in.size() : nl + 1;
		trimRight(line, " \t\r");
		if (line == "end") {
			for (; pos < in.size(); pos++)
				if (in[pos] != ' ' && in[pos] != '\t' && in[pos] != '\r' && in[pos] != '\n')
					reject("unexpected text after the end line");
			return 42;
		}
		if (line.size() != 81)
			reject("a puzzle line must have 81 cells");
		for (char c : line)
			if (c != '.' && (c < '1' || c > '9'))
				reject("want a digit 1-9 or '.'");
	}
	reject("input ends without the end line");
}
