// hdu4069.h: HDU 4069's input and output, for its submissions, which
// include it; sudoku-judge export writes it (and sudoku.h) into each.
#include "sudoku.h"

#include <iostream>

// run reads each puzzle, makes its regions of the walls, has count find
// its solutions (returning how many, up to the limit it chooses) and
// prints the answer.
template <class Count> int run(Count count) {
	int t;
	std::cin >> t;
	for (int k = 1; k <= t; k++) {
		int v[81];
		for (int &x : v)
			std::cin >> x;
		sudoku::Puzzle p;
		p.units = sudoku::standardUnits(9);
		p.units.resize(18); // rows and columns; the regions follow
		std::vector<bool> seen(81);
		for (int start = 0; start < 81; start++) {
			if (seen[start])
				continue;
			std::vector<int> region, stack{start};
			seen[start] = true;
			while (!stack.empty()) {
				int i = stack.back();
				stack.pop_back();
				region.push_back(i);
				int next[4] = {v[i] & 16 ? -1 : i - 9, v[i] & 32 ? -1 : i + 1, v[i] & 64 ? -1 : i + 9, v[i] & 128 ? -1 : i - 1};
				for (int j : next)
					if (j >= 0 && j < 81 && (j / 9 == i / 9 || j % 9 == i % 9) && !seen[j]) {
						seen[j] = true;
						stack.push_back(j);
					}
			}
			p.units.push_back(region);
		}
		for (int x : v)
			p.givens.push_back(x & 15);
		std::vector<int> s;
		int n = count(p, s);
		std::cout << "Case " << k << ":\n";
		if (n == 0)
			std::cout << "No solution\n";
		else if (n > 1)
			std::cout << "Multiple Solutions\n";
		else
			for (int i = 0; i < 81; i++)
				std::cout << s[i] << (i % 9 == 8 ? "\n" : "");
	}
	return 0;
}
