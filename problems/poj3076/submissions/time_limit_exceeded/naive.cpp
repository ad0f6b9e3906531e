// POJ 3076, too slow: plain backtracking in row-major order, which takes
// minutes on a 16x16 grid.
#include "sudoku.h"

#include <iostream>

int main() {
	bool first = true;
	for (;;) {
		sudoku::Puzzle p;
		p.n = 16;
		p.units = sudoku::standardUnits(16);
		std::string row;
		for (int r = 0; r < 16 && std::cin >> row; r++)
			for (char c : row)
				p.givens.push_back(c == '-' ? 0 : c - 'A' + 1);
		if (p.givens.size() != 256)
			break;
		std::vector<int> s;
		sudoku::naive(p, 1, s);
		if (!first)
			std::cout << '\n';
		first = false;
		for (int i = 0; i < 256; i++)
			std::cout << char('A' + s[i] - 1) << (i % 16 == 15 ? "\n" : "");
	}
}
