// uva10957.h: UVa 10957's input and output, for its submissions, which
// include it; sudoku-judge export writes it (and sudoku.h) into each.
#include "sudoku.h"

#include <iostream>

// run reads each grid and prints its verdict: Illegal when legal says
// its givens break a rule, else count's number of solutions, up to two.
template <class Legal, class Count> int run(Legal legal, Count count) {
	for (int k = 1;; k++) {
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		int d;
		while (p.givens.size() < 81 && std::cin >> d)
			p.givens.push_back(d);
		if (p.givens.size() < 81)
			return 0;
		std::cout << "Case " << k << ": ";
		if (!legal(p)) {
			std::cout << "Illegal.\n";
			continue;
		}
		std::vector<int> s;
		int n = count(p, s);
		std::cout << (n == 0 ? "Impossible." : n == 1 ? "Unique." : "Ambiguous.") << '\n';
	}
}
