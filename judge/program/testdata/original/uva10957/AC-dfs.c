/* AC on UVa: ANSI C as its "ANSI C" compiler takes it (-ansi: comments in
   slashes and stars, declarations first), counting solutions up to two on
   the cell with the fewest candidates. */
#include <stdio.h>

int g[81], rowm[9], colm[9], boxm[9], count;

int boxof(int i) { return i / 27 * 3 + i % 9 / 3; }

int ones(int m)
{
    int n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

void search(void)
{
    int i, d, at = -1, n = 10, m = 0, free, k;
    for (i = 0; i < 81; i++) {
        if (g[i])
            continue;
        free = ~(rowm[i / 9] | colm[i % 9] | boxm[boxof(i)]) & 0x3fe;
        k = ones(free);
        if (k < n) {
            at = i;
            n = k;
            m = free;
            if (k == 0)
                return;
        }
    }
    if (at < 0) {
        count++;
        return;
    }
    for (d = 1; d <= 9 && count < 2; d++) {
        if (!(m >> d & 1))
            continue;
        g[at] = d;
        rowm[at / 9] ^= 1 << d;
        colm[at % 9] ^= 1 << d;
        boxm[boxof(at)] ^= 1 << d;
        search();
        rowm[at / 9] ^= 1 << d;
        colm[at % 9] ^= 1 << d;
        boxm[boxof(at)] ^= 1 << d;
        g[at] = 0;
    }
}

int main(void)
{
    int i, bit, illegal, k = 0;
    while (scanf("%d", &g[0]) == 1) {
        for (i = 1; i < 81; i++)
            scanf("%d", &g[i]);
        for (i = 0; i < 9; i++)
            rowm[i] = colm[i] = boxm[i] = 0;
        illegal = 0;
        for (i = 0; i < 81; i++) {
            if (!g[i])
                continue;
            bit = 1 << g[i];
            if ((rowm[i / 9] | colm[i % 9] | boxm[boxof(i)]) & bit)
                illegal = 1;
            rowm[i / 9] |= bit;
            colm[i % 9] |= bit;
            boxm[boxof(i)] |= bit;
        }
        count = 0;
        if (!illegal)
            search();
        printf("Case %d: %s.\n", ++k, illegal ? "Illegal" : count == 0 ? "Impossible" : count == 1 ? "Unique" : "Ambiguous");
    }
    return 0;
}
