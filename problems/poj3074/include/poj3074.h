// poj3074.h: POJ 3074's input and output, for its submissions, which
// include it; sudoku-judge export writes it (and sudoku.h) into each.
#include "sudoku.h"

#include <iostream>

// run reads each puzzle, has solve fill in its solution (solve may change
// the puzzle's units first) and prints it on one line.
template <class Solve> int run(Solve solve) {
	std::string line;
	while (std::cin >> line && line != "end") {
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		for (char c : line)
			p.givens.push_back(c == '.' ? 0 : c - '0');
		std::vector<int> s;
		solve(p, s);
		for (int v : s)
			std::cout << v;
		std::cout << '\n';
	}
	return 0;
}
