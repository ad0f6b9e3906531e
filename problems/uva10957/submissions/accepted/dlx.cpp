// UVa 10957: givens that repeat a digit in a unit are illegal; else Dancing
// Links counts the solutions up to two.
#include "sudoku.h"

#include <iostream>

int main() {
	for (int k = 1;; k++) {
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		int d;
		while (p.givens.size() < 81 && std::cin >> d)
			p.givens.push_back(d);
		if (p.givens.size() < 81)
			break;
		std::vector<int> s;
		std::cout << "Case " << k << ": ";
		if (sudoku::clash(p)) {
			std::cout << "Illegal.\n";
			continue;
		}
		int n = sudoku::count(p, 2, s);
		std::cout << (n == 0 ? "Impossible." : n == 1 ? "Unique." : "Ambiguous.") << '\n';
	}
}
