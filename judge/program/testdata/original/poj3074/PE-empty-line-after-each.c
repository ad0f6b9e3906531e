/* PE on POJ: right solutions, but an empty line after each, so every
   solution after the first follows an empty line the answer does not have
   (only empty lines at the very end are forgiven). */
#include <stdio.h>
#include <string.h>

int g[81], rows[9], cols[9], boxes[9];

static int boxof(int i) { return i / 27 * 3 + i % 9 / 3; }

static int search(void)
{
    int best = -1, bestn = 10, i, m, n, d;
    for (i = 0; i < 81; i++) {
        if (g[i]) continue;
        m = ~(rows[i / 9] | cols[i % 9] | boxes[boxof(i)]) & 0x3fe;
        n = __builtin_popcount(m);
        if (n < bestn) { best = i; bestn = n; }
    }
    if (best < 0) return 1;
    m = ~(rows[best / 9] | cols[best % 9] | boxes[boxof(best)]) & 0x3fe;
    for (d = 1; d <= 9; d++) {
        if (!(m >> d & 1)) continue;
        g[best] = d;
        rows[best / 9] ^= 1 << d; cols[best % 9] ^= 1 << d; boxes[boxof(best)] ^= 1 << d;
        if (search()) return 1;
        rows[best / 9] ^= 1 << d; cols[best % 9] ^= 1 << d; boxes[boxof(best)] ^= 1 << d;
        g[best] = 0;
    }
    return 0;
}

int main(void)
{
    char s[128];
    int i;
    while (scanf("%s", s) == 1 && strcmp(s, "end") != 0) {
        memset(rows, 0, sizeof rows); memset(cols, 0, sizeof cols); memset(boxes, 0, sizeof boxes);
        for (i = 0; i < 81; i++) {
            g[i] = s[i] == '.' ? 0 : s[i] - '0';
            if (g[i]) { rows[i / 9] |= 1 << g[i]; cols[i % 9] |= 1 << g[i]; boxes[boxof(i)] |= 1 << g[i]; }
        }
        search();
        for (i = 0; i < 81; i++) putchar('0' + g[i]);
        printf("\n\n");
    }
    return 0;
}
