// target.h: Target Sudoku's input, output and bookkeeping, for its
// submissions, which include it and define search; sudoku-judge export
// writes it into each.
#include <cstdio>

// The grid, each unit's free digits as a bit mask (bit d for digit d), and
// the best score found.
static int grid[81], row[9], col[9], box[9], best = -1;

// weight is cell i's weight: 6 on the outer ring of cells, up to 10 in the
// centre.
inline int weight(int i) {
	int r = i / 9, c = i % 9, m = r;
	if (c < m) m = c;
	if (8 - r < m) m = 8 - r;
	if (8 - c < m) m = 8 - c;
	return 6 + m;
}

// search completes the grid, whose score so far is score and whose empty
// cells could add bound at most, setting best. Each submission has its own.
static void search(int score, int bound);

// candidates returns the digits cell i may take, as a bit mask.
inline int candidates(int i) { return row[i / 9] & col[i % 9] & box[i / 27 * 3 + i % 9 / 3]; }

// fewest returns the empty cell with the fewest candidates and sets free
// to them, or returns -1 when the grid is full.
inline int fewest(int &free) {
	int pick = -1, least = 10;
	for (int i = 0; i < 81; i++) {
		if (grid[i])
			continue;
		int n = __builtin_popcount(candidates(i));
		if (n < least)
			least = n, pick = i, free = candidates(i);
	}
	return pick;
}

// firstEmpty returns the first empty cell in row-major order and sets free
// to its candidates, or returns -1 when the grid is full.
inline int firstEmpty(int &free) {
	for (int i = 0; i < 81; i++)
		if (!grid[i]) {
			free = candidates(i);
			return i;
		}
	return -1;
}

// branch tries each of free's digits in cell pick, nine first, and
// searches on from each.
inline void branch(int pick, int free, int score, int bound) {
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
