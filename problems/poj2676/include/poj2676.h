// poj2676.h: POJ 2676's input and output, for its submissions, which
// include it; sudoku-judge export writes it (and sudoku.h) into each.
#include "sudoku.h"

#include <iostream>

// run reads each case, has solve fill in its solution (solve may change
// the puzzle's units first) and prints the grid.
template <class Solve> int run(Solve solve) {
	int t;
	std::cin >> t;
	while (t-- > 0) {
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		for (int r = 0; r < 9; r++) {
			std::string row;
			std::cin >> row;
			for (char c : row)
				p.givens.push_back(c - '0');
		}
		std::vector<int> s;
		solve(p, s);
		for (int i = 0; i < 81; i++)
			std::cout << s[i] << (i % 9 == 8 ? "\n" : "");
	}
	return 0;
}
