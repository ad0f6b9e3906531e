// WA: an ordinary sudoku solver that forgets the two diagonals, so its
// grids break them and puzzles with one X-solution look ambiguous.
#include <cstdio>

const bool DIAGONALS = false;

// Units: 9 rows, 9 columns, 9 boxes, and the two diagonals (27, 28).
int g[81], used[29], count, sol[81];

int unitsOf(int i, int u[4])
{
    int r = i / 9, c = i % 9, n = 0;
    u[n++] = r;
    u[n++] = 9 + c;
    u[n++] = 18 + r / 3 * 3 + c / 3;
    if (DIAGONALS && r == c) u[n++] = 27;
    if (DIAGONALS && r + c == 8) u[n++] = 28;
    return n;
}

int freeAt(int i)
{
    int u[5], n = unitsOf(i, u), m = 0;
    for (int k = 0; k < n; k++) m |= used[u[k]];
    return ~m & 0x3fe;
}

void flip(int i, int d)
{
    int u[5], n = unitsOf(i, u);
    for (int k = 0; k < n; k++) used[u[k]] ^= 1 << d;
}

void search()
{
    int at = -1, best = 10, m = 0;
    for (int i = 0; i < 81; i++) {
        if (g[i]) continue;
        int f = freeAt(i), k = __builtin_popcount(f);
        if (k < best) {
            at = i; best = k; m = f;
            if (k == 0) return;
        }
    }
    if (at < 0) {
        if (count++ == 0)
            for (int i = 0; i < 81; i++) sol[i] = g[i];
        return;
    }
    for (int d = 1; d <= 9 && count < 2; d++) {
        if (!(m >> d & 1)) continue;
        g[at] = d;
        flip(at, d);
        search();
        flip(at, d);
        g[at] = 0;
    }
}

int main()
{
    char s[128];
    while (scanf("%s", s) == 1) {
        for (int k = 0; k < 29; k++) used[k] = 0;
        bool clash = false;
        for (int i = 0; i < 81; i++) {
            g[i] = s[i] == '.' ? 0 : s[i] - '0';
            if (!g[i]) continue;
            if (!(freeAt(i) >> g[i] & 1)) clash = true;
            else flip(i, g[i]);
        }
        count = 0;
        if (!clash) search();
        if (count == 0) printf("No solution\n");
        else if (count > 1) printf("Multiple Solutions\n");
        else {
            for (int i = 0; i < 81; i++) printf(i ? "%d" : "%d", sol[i]);
            printf("\n");
        }
    }
    return 0;
}
