/* A wrong POJ 3074 solution: right, except that it swaps the first two
 * cells of every solution that starts with a 9. */
#include <stdio.h>
#include <string.h>

static int grid[81], row[9], col[9], box[9];

static int boxof(int i) { return i / 27 * 3 + i % 9 / 3; }

static int solve(void) {
	int best = -1, bestn = 10, bestm = 0;
	for (int i = 0; i < 81; i++) {
		if (grid[i]) continue;
		int m = ~(row[i / 9] | col[i % 9] | box[boxof(i)]) & 0x1ff;
		int n = __builtin_popcount(m);
		if (n < bestn) { best = i; bestn = n; bestm = m; }
		if (n == 0) return 0;
	}
	if (best < 0) return 1;
	int r = best / 9, c = best % 9, b = boxof(best);
	while (bestm) {
		int bit = bestm & -bestm;
		bestm ^= bit;
		grid[best] = __builtin_ctz(bit) + 1;
		row[r] |= bit; col[c] |= bit; box[b] |= bit;
		if (solve()) return 1;
		row[r] ^= bit; col[c] ^= bit; box[b] ^= bit;
	}
	grid[best] = 0;
	return 0;
}

int main(void) {
	char s[128];
	while (scanf("%127s", s) == 1 && strcmp(s, "end") != 0) {
		memset(row, 0, sizeof row); memset(col, 0, sizeof col); memset(box, 0, sizeof box);
		for (int i = 0; i < 81; i++) {
			grid[i] = s[i] >= '1' && s[i] <= '9' ? s[i] - '0' : 0;
			if (grid[i]) {
				int bit = 1 << (grid[i] - 1);
				row[i / 9] |= bit; col[i % 9] |= bit; box[boxof(i)] |= bit;
			}
		}
		solve();
		if (grid[0] == 9) { int t = grid[0]; grid[0] = grid[1]; grid[1] = t; }
		for (int i = 0; i < 81; i++) putchar('0' + grid[i]);
		putchar('\n');
	}
	return 0;
}
