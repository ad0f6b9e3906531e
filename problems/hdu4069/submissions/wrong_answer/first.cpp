// HDU 4069, wrong: prints the first solution found without looking for a
// second, so a puzzle with several is answered as if it had one.
#include "sudoku.h"

#include <iostream>

int main() {
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
		int n = sudoku::count(p, 1, s);
		std::cout << "Case " << k << ":\n";
		if (n == 0)
			std::cout << "No solution\n";
		else if (n > 1)
			std::cout << "Multiple Solutions\n";
		else
			for (int i = 0; i < 81; i++)
				std::cout << s[i] << (i % 9 == 8 ? "\n" : "");
	}
}
