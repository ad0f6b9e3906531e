// X-sudoku: the diagonals are two more units; Dancing Links counts each
// puzzle's solutions up to two.
#include "sudoku.h"

#include <iostream>

int main() {
	std::string line;
	while (std::getline(std::cin, line)) {
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		std::vector<int> down, up; // the diagonals
		for (int i = 0; i < 9; i++)
			down.push_back(i * 10), up.push_back(i * 8 + 8);
		p.units.push_back(down);
		p.units.push_back(up);
		for (int i = 0; i < 81; i++)
			p.givens.push_back(line[i] == '.' ? 0 : line[i] - '0');
		std::vector<int> s;
		int n = sudoku::count(p, 2, s);
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
}
