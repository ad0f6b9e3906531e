// Input validator of Target Sudoku (NOIP 2009), the Kattis way (exit 42
// accepts, 43 rejects, stdin is the input): it accepts exactly what
// problems/target's Parse accepts, which its tests check on every test and
// on mutated inputs. Nine lines of nine single digits 0-9 separated by
// spaces, tabs, CR, VT or FF; after them nothing but that white space and
// newlines.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

[[noreturn]] static void reject(const std::string &why) {
	std::fprintf(stderr, "%s\n", why.c_str());
	std::exit(43);
}

static bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

int main() {
	std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
	std::vector<std::string> lines;
	size_t start = 0;
	for (;;) {
		size_t nl = in.find('\n', start);
		if (nl == std::string::npos) {
			lines.push_back(in.substr(start));
			break;
		}
		lines.push_back(in.substr(start, nl - start));
		start = nl + 1;
	}
	for (size_t r = 0; r < 9; r++) {
		if (r >= lines.size() || (r == lines.size() - 1 && lines[r].empty()))
			reject("input ends before the 9 grid lines");
		const std::string &line = lines[r];
		int n = 0;
		for (size_t col = 0; col < line.size();) {
			if (space(line[col])) {
				col++;
				continue;
			}
			size_t end = col;
			while (end < line.size() && !space(line[end]))
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
	for (size_t r = 9; r < lines.size(); r++)
		for (char c : lines[r])
			if (!space(c))
				reject("unexpected text after the 9 grid lines");
	return 42;
}
