// TLE on POJ: plain row-major backtracking with no choice of cell. It
// answers POJ 2676's easy grids, but this problem's are hard enough that it
// runs far past the 1 s limit.
#include <cstdio>
#include <cstring>

int g[81];

bool ok(int i, int d)
{
    int r = i / 9, c = i % 9, br = r / 3 * 3, bc = c / 3 * 3;
    for (int k = 0; k < 9; k++)
        if (g[r * 9 + k] == d || g[k * 9 + c] == d || g[(br + k / 3) * 9 + bc + k % 3] == d)
            return false;
    return true;
}

bool dfs(int i)
{
    if (i == 81) return true;
    if (g[i]) return dfs(i + 1);
    for (int d = 1; d <= 9; d++)
        if (ok(i, d)) {
            g[i] = d;
            if (dfs(i + 1)) return true;
        }
    g[i] = 0;
    return false;
}

int main()
{
    char s[128];
    while (scanf("%s", s) == 1 && strcmp(s, "end") != 0) {
        for (int i = 0; i < 81; i++) g[i] = s[i] == '.' ? 0 : s[i] - '0';
        dfs(0);
        for (int i = 0; i < 81; i++) putchar('0' + g[i]);
        putchar('\n');
    }
    return 0;
}
