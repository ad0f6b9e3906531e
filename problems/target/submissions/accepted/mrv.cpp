// Target Sudoku (NOIP 2009): every completion is searched, the cell with
// the fewest candidates first, each unit's free digits a bit mask, and a
// branch cut when even nines in every empty cell could not beat the best
// score found.
#include "target.h"

static void search(int score, int bound) {
	if (score + bound <= best)
		return; // even nines everywhere would not win
	int free = 0, pick = fewest(free);
	if (pick < 0) {
		if (score > best)
			best = score;
		return;
	}
	branch(pick, free, score, bound);
}
