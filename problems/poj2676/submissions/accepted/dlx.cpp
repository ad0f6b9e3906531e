// POJ 2676: complete each grid with the first solution Dancing Links finds.
#include "sudoku.h"

#include <iostream>

int main() {
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
		sudoku::count(p, 1, s);
		for (int i = 0; i < 81; i++)
			std::cout << s[i] << (i % 9 == 8 ? "\n" : "");
	}
}
