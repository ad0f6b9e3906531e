// Target Sudoku (NOIP 2009), too slow: every completion is searched
// in row-major order, without choosing the cell with the fewest
// candidates and without cutting branches that cannot win.
#include "target.h"

static void search(int score, int bound) {
	int free = 0, pick = firstEmpty(free);
	if (pick < 0) {
		if (score > best)
			best = score;
		return;
	}
	branch(pick, free, score, bound);
}
