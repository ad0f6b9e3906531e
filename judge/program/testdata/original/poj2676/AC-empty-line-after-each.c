/* AC on POJ: the contest's checker reads each row as a word, so the empty
   line this C program prints after every grid is accepted (SOURCE.md,
   "Judging"). Bitmask search on the cell with the fewest candidates. */
#include <stdio.h>

int g[81], rowm[9], colm[9], boxm[9];

static int boxof(int i) { return i / 27 * 3 + i % 9 / 3; }

static int solve(void)
{
    int best = -1, bestn = 10, i, m, n, d;
    for (i = 0; i < 81; i++) {
        if (g[i])
            continue;
        m = ~(rowm[i / 9] | colm[i % 9] | boxm[boxof(i)]) & 0x3fe;
        n = __builtin_popcount(m);
        if (n < bestn) {
            best = i;
            bestn = n;
        }
    }
    if (best < 0)
        return 1;
    m = ~(rowm[best / 9] | colm[best % 9] | boxm[boxof(best)]) & 0x3fe;
    for (d = 1; d <= 9; d++) {
        if (!(m >> d & 1))
            continue;
        g[best] = d;
        rowm[best / 9] ^= 1 << d;
        colm[best % 9] ^= 1 << d;
        boxm[boxof(best)] ^= 1 << d;
        if (solve())
            return 1;
        rowm[best / 9] ^= 1 << d;
        colm[best % 9] ^= 1 << d;
        boxm[boxof(best)] ^= 1 << d;
        g[best] = 0;
    }
    return 0;
}

int main(void)
{
    int t, i;
    char s[16];
    scanf("%d", &t);
    while (t--) {
        for (i = 0; i < 9; i++)
            rowm[i] = colm[i] = boxm[i] = 0;
        for (i = 0; i < 81; i++) {
            if (i % 9 == 0)
                scanf("%s", s);
            g[i] = s[i % 9] - '0';
            if (g[i]) {
                rowm[i / 9] |= 1 << g[i];
                colm[i % 9] |= 1 << g[i];
                boxm[boxof(i)] |= 1 << g[i];
            }
        }
        solve();
        for (i = 0; i < 81; i++) {
            putchar('0' + g[i]);
            if (i % 9 == 8)
                putchar('\n');
        }
        putchar('\n');
    }
    return 0;
}
