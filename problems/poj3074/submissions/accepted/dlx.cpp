// POJ 3074: each puzzle's solution, found by Dancing Links.
#include "sudoku.h"

#include <iostream>

int main() {
	std::string line;
	while (std::cin >> line && line != "end") {
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		for (char c : line)
			p.givens.push_back(c == '.' ? 0 : c - '0');
		std::vector<int> s;
		sudoku::count(p, 1, s);
		for (int v : s)
			std::cout << v;
		std::cout << '\n';
	}
}
