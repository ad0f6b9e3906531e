// POJ 2676 by depth-first search, as contestants write it: one bitmask of
// used digits per row, column and box, and at each step the empty cell
// with the fewest candidates (most constrained first). Accepted on POJ.
#include <cstdio>

static int grid[81];
static int rowUsed[9], colUsed[9], boxUsed[9];

static inline int boxOf(int cell) { return cell / 27 * 3 + cell % 9 / 3; }

static void place(int cell, int d, bool on) {
    int bit = 1 << d, r = cell / 9, c = cell % 9, b = boxOf(cell);
    if (on) { rowUsed[r] |= bit; colUsed[c] |= bit; boxUsed[b] |= bit; grid[cell] = d + 1; }
    else { rowUsed[r] &= ~bit; colUsed[c] &= ~bit; boxUsed[b] &= ~bit; grid[cell] = 0; }
}

static bool search() {
    int best = -1, bestFree = 0, bestCount = 10;
    for (int cell = 0; cell < 81; cell++) {
        if (grid[cell]) continue;
        int free = ~(rowUsed[cell / 9] | colUsed[cell % 9] | boxUsed[boxOf(cell)]) & 511;
        int n = __builtin_popcount(free);
        if (n < bestCount) { best = cell; bestFree = free; bestCount = n; if (n <= 1) break; }
    }
    if (best < 0) return true;
    for (int d = 0; d < 9; d++) {
        if (!(bestFree >> d & 1)) continue;
        place(best, d, true);
        if (search()) return true;
        place(best, d, false);
    }
    return false;
}

int main() {
    int cases;
    if (scanf("%d", &cases) != 1) return 0;
    while (cases--) {
        for (int i = 0; i < 9; i++) rowUsed[i] = colUsed[i] = boxUsed[i] = 0;
        for (int cell = 0; cell < 81; cell++) {
            char ch;
            if (scanf(" %c", &ch) != 1) return 0;
            grid[cell] = 0;
            if (ch >= '1' && ch <= '9') place(cell, ch - '1', true);
        }
        search();
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) putchar('0' + grid[r * 9 + c]);
            putchar('\n');
        }
    }
    return 0;
}
