// Target Sudoku (NOIP 2009), wrong: stops at the first completion it
// finds, the cell with the fewest candidates first, and prints its score,
// which need not be the best.
#include "target.h"

static void search(int score, int bound) {
	if (best >= 0)
		return; // a completion was found: stop
	int free = 0, pick = fewest(free);
	if (pick < 0) {
		best = score;
		return;
	}
	branch(pick, free, score, bound);
}
