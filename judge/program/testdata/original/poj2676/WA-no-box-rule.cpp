// WA on POJ: the search checks rows and columns but forgets the 3x3 boxes,
// a common first attempt; its grids break the box rule.
#include <cstdio>

int g[9][9];
bool row[9][10], col[9][10];

bool dfs(int k)
{
    if (k == 81)
        return true;
    int r = k / 9, c = k % 9;
    if (g[r][c])
        return dfs(k + 1);
    for (int d = 1; d <= 9; d++) {
        if (row[r][d] || col[c][d])
            continue;
        row[r][d] = col[c][d] = true;
        g[r][c] = d;
        if (dfs(k + 1))
            return true;
        row[r][d] = col[c][d] = false;
        g[r][c] = 0;
    }
    return false;
}

int main()
{
    int t;
    scanf("%d", &t);
    while (t--) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 10; c++)
                row[r][c] = col[r][c] = false;
        for (int i = 0; i < 9; i++) {
            char s[16];
            scanf("%s", s);
            for (int j = 0; j < 9; j++) {
                g[i][j] = s[j] - '0';
                if (g[i][j])
                    row[i][g[i][j]] = col[j][g[i][j]] = true;
            }
        }
        dfs(0);
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 9; j++)
                putchar('0' + g[i][j]);
            putchar('\n');
        }
    }
    return 0;
}
