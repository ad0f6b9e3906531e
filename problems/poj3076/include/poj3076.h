// poj3076.h: POJ 3076's input and output, for its submissions, which
// include it; sudoku-judge export writes it (and sudoku.h) into each.
#include "sudoku.h"

#include <iostream>

// run reads each grid, has solve fill in its solution (solve may change
// the puzzle's units first) and prints it, an empty line between grids.
template <class Solve> int run(Solve solve) {
	for (bool first = true;; first = false) {
		sudoku::Puzzle p;
		p.n = 16;
		p.units = sudoku::standardUnits(16);
		std::string row;
		for (int r = 0; r < 16 && std::cin >> row; r++)
			for (char c : row)
				p.givens.push_back(c == '-' ? 0 : c - 'A' + 1);
		if (p.givens.size() != 256)
			return 0;
		std::vector<int> s;
		solve(p, s);
		if (!first)
			std::cout << '\n';
		for (int i = 0; i < 256; i++)
			std::cout << char('A' + s[i] - 1) << (i % 16 == 15 ? "\n" : "");
	}
}
