// Input validator of X-sudoku, the Kattis way (exit 42 accepts, 43
// rejects, stdin is the input): it accepts exactly what problems/xsudoku's
// Parse accepts, which its tests check on every test and on mutated
// inputs. Up to 10000 lines, each 81 cells '1'-'9' or '.', trailing spaces,
// tabs and CR ignored; no empty line.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

[[noreturn]] static void reject(const std::string &why) {
	std::fprintf(stderr, "%s\n", why.c_str());
	std::exit(43);
}

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
	if (!lines.empty() && lines.back().empty())
		lines.pop_back(); // the final newline ends the last line
	if (lines.size() > 10000)
		reject("more than 10000 puzzles");
	for (std::string &line : lines) {
		while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
			line.pop_back();
		if (line.size() != 81)
			reject("a line must have 81 cells");
		for (char c : line)
			if (c != '.' && (c < '1' || c > '9'))
				reject("want a digit 1-9 or '.'");
	}
	return 42;
}
