// POJ 3074 in C++: a bitmask backtracker over the most constrained cell.
#include <array>
#include <bitset>
#include <iostream>
#include <string>

struct Sudoku {
	std::array<int, 81> cell{};
	std::array<int, 9> row{}, col{}, box{};

	static int boxOf(int i) { return i / 27 * 3 + i % 9 / 3; }

	void place(int i, int d) {
		int bit = 1 << (d - 1);
		cell[i] = d;
		row[i / 9] ^= bit; col[i % 9] ^= bit; box[boxOf(i)] ^= bit;
	}

	bool solve() {
		int best = -1, bestN = 10, bestM = 0;
		for (int i = 0; i < 81; i++) {
			if (cell[i]) continue;
			int m = ~(row[i / 9] | col[i % 9] | box[boxOf(i)]) & 0x1ff;
			int n = std::bitset<9>(m).count();
			if (n == 0) return false;
			if (n < bestN) { best = i; bestN = n; bestM = m; }
		}
		if (best < 0) return true;
		for (int d = 1; d <= 9; d++) {
			if (!(bestM >> (d - 1) & 1)) continue;
			place(best, d);
			if (solve()) return true;
			place(best, d);  // xor undoes the masks
			cell[best] = 0;
		}
		return false;
	}
};

int main() {
	std::ios::sync_with_stdio(false);
	std::string line;
	while (std::cin >> line && line != "end") {
		Sudoku s;
		for (int i = 0; i < 81; i++)
			if (line[i] >= '1' && line[i] <= '9') s.place(i, line[i] - '0');
		s.solve();
		for (int v : s.cell) std::cout << char('0' + v);
		std::cout << '\n';
	}
}
