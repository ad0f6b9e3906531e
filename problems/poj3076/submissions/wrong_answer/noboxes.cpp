// POJ 3076, wrong: solves keeping rows and columns only, so a box may repeat
// a letter.
#include "sudoku.h"

#include <iostream>

int main() {
	bool first = true;
	for (;;) {
		sudoku::Puzzle p;
		p.n = 16;
		p.units = sudoku::standardUnits(16);
		p.units.resize(32); // rows and columns
		std::string row;
		for (int r = 0; r < 16 && std::cin >> row; r++)
			for (char c : row)
				p.givens.push_back(c == '-' ? 0 : c - 'A' + 1);
		if (p.givens.size() != 256)
			break;
		std::vector<int> s;
		sudoku::count(p, 1, s);
		if (!first)
			std::cout << '\n';
		first = false;
		for (int i = 0; i < 256; i++)
			std::cout << char('A' + s[i] - 1) << (i % 16 == 15 ? "\n" : "");
	}
}
