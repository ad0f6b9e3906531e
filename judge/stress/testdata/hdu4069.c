/* HDU 4069, Squiggly Sudoku: a bitmask DFS that fills the cell with the
 * fewest candidates first and counts solutions up to two.
 *
 * Run with the argument "first", it has the bug stress is meant to find:
 * it stops at the first solution and prints it, so it never says
 * "Multiple Solutions". */
#include <stdio.h>
#include <string.h>

static int cell[81], region[81], wall[81];
static int rowm[9], colm[9], regm[9];
static int sol[81], found, limit;

static void flood(int i, int r) {
	if (region[i] >= 0) return;
	region[i] = r;
	int y = i / 9, x = i % 9;
	if (!(wall[i] & 16) && y > 0) flood(i - 9, r);
	if (!(wall[i] & 32) && x < 8) flood(i + 1, r);
	if (!(wall[i] & 64) && y < 8) flood(i + 9, r);
	if (!(wall[i] & 128) && x > 0) flood(i - 1, r);
}

static int popcount(int m) { return __builtin_popcount(m); }

static void dfs(void) {
	int best = -1, bestn = 10, bestm = 0;
	for (int i = 0; i < 81; i++) {
		if (cell[i]) continue;
		int m = 0x1ff & ~(rowm[i / 9] | colm[i % 9] | regm[region[i]]);
		int n = popcount(m);
		if (n < bestn) best = i, bestn = n, bestm = m;
		if (n == 0) return;
	}
	if (best < 0) {
		if (found++ == 0) memcpy(sol, cell, sizeof sol);
		return;
	}
	int r = best / 9, c = best % 9, g = region[best];
	for (int d = 0; d < 9 && found < limit; d++) {
		int b = 1 << d;
		if (!(bestm & b)) continue;
		cell[best] = d + 1;
		rowm[r] |= b, colm[c] |= b, regm[g] |= b;
		dfs();
		rowm[r] &= ~b, colm[c] &= ~b, regm[g] &= ~b;
	}
	cell[best] = 0;
}

int main(int argc, char **argv) {
	int t;
	limit = argc > 1 && strcmp(argv[1], "first") == 0 ? 1 : 2;
	if (scanf("%d", &t) != 1) return 1;
	for (int k = 1; k <= t; k++) {
		int ok = 1;
		for (int i = 0; i < 81; i++) {
			int v;
			if (scanf("%d", &v) != 1) return 1;
			cell[i] = v & 15, wall[i] = v & 0xf0, region[i] = -1;
		}
		for (int i = 0, r = 0; i < 81; i++)
			if (region[i] < 0) flood(i, r++);
		memset(rowm, 0, sizeof rowm), memset(colm, 0, sizeof colm), memset(regm, 0, sizeof regm);
		for (int i = 0; i < 81; i++) {
			if (!cell[i]) continue;
			int b = 1 << (cell[i] - 1);
			if ((rowm[i / 9] | colm[i % 9] | regm[region[i]]) & b) ok = 0;
			rowm[i / 9] |= b, colm[i % 9] |= b, regm[region[i]] |= b;
		}
		found = 0;
		if (ok) dfs();
		printf("Case %d:\n", k);
		if (found == 0) puts("No solution");
		else if (found > 1) puts("Multiple Solutions");
		else
			for (int i = 0; i < 81; i++) printf("%d%s", sol[i], i % 9 == 8 ? "\n" : "");
	}
	return 0;
}
