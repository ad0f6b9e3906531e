// WA on Luogu: the right number after an empty line. POJ would say PE;
// Luogu has no PE, so a wrong layout is a wrong answer (SOURCE.md,
// "Judging").
#include <cstdio>

int g[81], rowm[9], colm[9], boxm[9], best, score;

int weight(int i)
{
    int r = i / 9, c = i % 9, m = r;
    if (c < m) m = c;
    if (8 - r < m) m = 8 - r;
    if (8 - c < m) m = 8 - c;
    return 6 + m;
}

int box(int i) { return i / 27 * 3 + i % 9 / 3; }

void search()
{
    int at = -1, n = 10, m = 0;
    for (int i = 0; i < 81; i++) {
        if (g[i]) continue;
        int free = ~(rowm[i / 9] | colm[i % 9] | boxm[box(i)]) & 0x3fe;
        int k = __builtin_popcount(free);
        if (k < n) {
            at = i; n = k; m = free;
            if (k == 0) return;
        }
    }
    if (at < 0) {
        if (score > best) best = score;
        return;
    }
    for (int d = 1; d <= 9; d++) {
        if (!(m >> d & 1)) continue;
        g[at] = d;
        rowm[at / 9] ^= 1 << d; colm[at % 9] ^= 1 << d; boxm[box(at)] ^= 1 << d;
        score += d * weight(at);
        search();
        score -= d * weight(at);
        rowm[at / 9] ^= 1 << d; colm[at % 9] ^= 1 << d; boxm[box(at)] ^= 1 << d;
        g[at] = 0;
    }
}

// solve returns the best score, or -1 when the givens clash or no
// completion exists.
int solve()
{
    score = 0;
    best = -1;
    for (int i = 0; i < 81; i++) {
        if (!g[i]) continue;
        int bit = 1 << g[i];
        if ((rowm[i / 9] | colm[i % 9] | boxm[box(i)]) & bit) return -1;
        rowm[i / 9] |= bit; colm[i % 9] |= bit; boxm[box(i)] |= bit;
        score += g[i] * weight(i);
    }
    search();
    return best;
}

int main()
{
    for (int i = 0; i < 81; i++) scanf("%d", &g[i]);
    printf("\n%d\n", solve());
    return 0;
}
