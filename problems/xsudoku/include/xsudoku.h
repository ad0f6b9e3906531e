// xsudoku.h: X-sudoku's input and output, for its submissions, which
// include it; sudoku-judge export writes it (and sudoku.h) into each.
#include "sudoku.h"

#include <iostream>

// run reads each puzzle, its diagonals the units after the boxes, has
// count find its solutions (returning how many, up to two) and prints the
// answer.
template <class Count> int run(Count count) {
	std::string line;
	while (std::getline(std::cin, line)) {
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		std::vector<int> down, up;
		for (int i = 0; i < 9; i++)
			down.push_back(i * 10), up.push_back(i * 8 + 8);
		p.units.push_back(down);
		p.units.push_back(up);
		for (int i = 0; i < 81; i++)
			p.givens.push_back(line[i] == '.' ? 0 : line[i] - '0');
		std::vector<int> s;
		int n = count(p, s);
		if (n == 0)
			std::cout << "No solution\n";
		else if (n > 1)
			std::cout << "Multiple Solutions\n";
		else {
			for (int v : s)
				std::cout << v;
			std::cout << '\n';
		}
	}
	return 0;
}
