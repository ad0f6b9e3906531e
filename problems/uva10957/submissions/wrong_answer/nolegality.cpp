// UVa 10957, wrong: forgets to check the givens, so an illegal grid is
// answered as impossible.
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
		int n = sudoku::count(p, 2, s);
		std::cout << (n == 0 ? "Impossible." : n == 1 ? "Unique." : "Ambiguous.") << '\n';
	}
}
