// UVa 10957, too slow: backtracking that keeps only the rows as it fills
// the grid and checks the columns and boxes on each full grid: right,
// and hopelessly slow on any puzzle with many empty cells.
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
		int n = sudoku::naive(p, 2, s, 9);
		std::cout << (n == 0 ? "Impossible." : n == 1 ? "Unique." : "Ambiguous.") << '\n';
	}
}
