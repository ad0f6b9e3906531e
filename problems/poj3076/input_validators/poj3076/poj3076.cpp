// Input validator of POJ 3076, the Kattis way (exit 42 accepts, 43
// rejects, stdin is the input): it accepts exactly what problems/poj3076's
// Parse accepts, which its tests check on every test and on mutated
// inputs. Grids of 16 lines of 16 cells 'A'-'P' or '-', separated by empty
// lines (any number, at either end too); trailing spaces, tabs and CR on a
// line are ignored.
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
	int rows = 0;    // of the grid being read
	bool gap = true; // an empty line (or the start) precedes the next grid
	for (std::string &line : lines) {
		while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
			line.pop_back();
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
