// Input validator for a sudoku variant whose problem is only data (its
// problem.yaml declares its topology), the Kattis way: grid size N symbols
// S empty E < input; exit 42 accepts, 43 rejects. It accepts exactly what
// sudoku-judge's package variant parses, which its tests check on every
// test and on mutated inputs: up to 10000 lines, each N*N characters of S
// (one per digit) or E (an empty cell); trailing spaces, tabs and CR are
// ignored; no empty line.
#include "validate.h"

#include <cstring>

using namespace validate;

int main(int argc, char **argv) {
	size_t n = 0;
	std::string symbols, empty;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!std::strcmp(argv[i], "size"))
			n = std::strtoul(argv[i + 1], nullptr, 10);
		else if (!std::strcmp(argv[i], "symbols"))
			symbols = argv[i + 1];
		else if (!std::strcmp(argv[i], "empty"))
			empty = argv[i + 1];
	}
	if (n == 0 || symbols.size() != n || empty.size() != 1) {
		std::fprintf(stderr, "usage: grid size N symbols S empty E (the package's input_validator_flags)\n");
		return 1;
	}
	std::vector<std::string> ls = lines(all(std::cin), true);
	if (ls.size() > 10000)
		reject("more than 10000 puzzles");
	for (std::string &line : ls) {
		trimRight(line, " \t\r");
		if (line.size() != n * n)
			reject("a line must have " + std::to_string(n * n) + " cells");
		for (char c : line)
			if (c != empty[0] && symbols.find(c) == std::string::npos)
				reject("want one of " + symbols + " or " + empty);
	}
	return 42;
}
