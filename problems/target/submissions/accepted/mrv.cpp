// Target Sudoku (NOIP 2009): every completion is searched, the cell with
// the fewest candidates first, each unit's free digits a bit mask, and a
// branch cut when even nines in every empty cell could not beat the best
// score found.
#include <cstdio>

static int grid[81], row[9], col[9], box[9], best = -1;

static int weight(int i) {
	int r = i / 9, c = i % 9, m = r;
	if (c < m) m = c;
	if (8 - r < m) m = 8 - r;
	if (8 - c < m) m = 8 - c;
	return 6 + m;
}

static void search(int score, int bound) {
	if (score + bound <= best)
		return;
	int pick = -1, fewest = 10, free = 0;
	for (int i = 0; i < 81; i++) {
		if (grid[i])
			continue;
		int m = row[i / 9] & col[i % 9] & box[i / 27 * 3 + i % 9 / 3];
		int n = __builtin_popcount(m);
		if (n < fewest)
			fewest = n, pick = i, free = m;
	}
	if (pick < 0) {
		if (score > best)
			best = score;
		return;
	}
	int w = weight(pick), r = pick / 9, c = pick % 9, b = pick / 27 * 3 + c / 3;
	for (int d = 9; d >= 1; d--) {
		int bit = 1 << d;
		if (!(free & bit))
			continue;
		grid[pick] = d, row[r] ^= bit, col[c] ^= bit, box[b] ^= bit;
		search(score + w * d, bound - w * 9);
		grid[pick] = 0, row[r] ^= bit, col[c] ^= bit, box[b] ^= bit;
	}
}

int main() {
	for (int u = 0; u < 9; u++)
		row[u] = col[u] = box[u] = 0x3fe;
	int score = 0, bound = 0;
	for (int i = 0; i < 81; i++) {
		if (std::scanf("%d", &grid[i]) != 1)
			return 1;
		int d = grid[i], bit = 1 << d, r = i / 9, c = i % 9, b = i / 27 * 3 + c / 3;
		if (!d) {
			bound += weight(i) * 9;
			continue;
		}
		if (!(row[r] & col[c] & box[b] & bit)) {
			std::printf("-1\n"); // the givens repeat a digit
			return 0;
		}
		row[r] ^= bit, col[c] ^= bit, box[b] ^= bit;
		score += weight(i) * d;
	}
	search(score, bound);
	std::printf("%d\n", best);
}
