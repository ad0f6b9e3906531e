// AC on POJ: a bitmask search on the cell with the fewest candidates,
// reading with cin and writing with printf, its "solved" flag set with
// ++ on a bool, as many old solutions did. C++17 made ++ on a bool an
// error, so the judge compiles it as POJ's G++ did.
// sudoku-judge: compiled as gnu++98, POJ's G++
#include <iostream>
#include <cstdio>
#include <string>
using namespace std;

int g[81], rows[9], cols[9], boxes[9];
bool solved;

int bits(int x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

void search()
{
    int best = -1, bestMask = 0, bestN = 10;
    for (int i = 0; i < 81; i++) {
        if (g[i]) continue;
        int m = ~(rows[i / 9] | cols[i % 9] | boxes[i / 27 * 3 + i % 9 / 3]) & 0x3fe;
        int n = bits(m);
        if (n < bestN) {
            best = i; bestMask = m; bestN = n;
            if (n <= 1) break;
        }
    }
    if (best < 0) {
        solved++;
        return;
    }
    int r = best / 9, c = best % 9, b = best / 27 * 3 + best % 9 / 3;
    for (int d = 1; d <= 9 && !solved; d++) {
        if (!(bestMask >> d & 1)) continue;
        g[best] = d;
        rows[r] |= 1 << d; cols[c] |= 1 << d; boxes[b] |= 1 << d;
        search();
        if (solved) return;
        rows[r] &= ~(1 << d); cols[c] &= ~(1 << d); boxes[b] &= ~(1 << d);
        g[best] = 0;
    }
}

int main()
{
    string s;
    while (cin >> s && s != "end") {
        for (int i = 0; i < 9; i++) rows[i] = cols[i] = boxes[i] = 0;
        for (int i = 0; i < 81; i++) {
            g[i] = s[i] == '.' ? 0 : s[i] - '0';
            if (g[i]) {
                rows[i / 9] |= 1 << g[i];
                cols[i % 9] |= 1 << g[i];
                boxes[i / 27 * 3 + i % 9 / 3] |= 1 << g[i];
            }
        }
        solved = false;
        search();
        for (int i = 0; i < 81; i++) printf("%d", g[i]);
        printf("\n");
    }
    return 0;
}
