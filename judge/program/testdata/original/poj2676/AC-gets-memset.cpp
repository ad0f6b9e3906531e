// AC on POJ: the 2008-era G++ style, scanf for T then gets for each row, and
// memset with only <iostream> and <cstdio> included, which MinGW GCC 4.4.0's
// <iostream> brought along. GCC 12 rejects it as gnu++17 (gets, memset) and
// as gnu++98 (memset), so the judge compiles it as POJ's G++ did.
// sudoku-judge: compiled as gnu++98 with GCC 4's implicit includes
#include <iostream>
#include <cstdio>
using namespace std;

int g[9][9];
bool row[9][10], col[9][10], box[9][10];
bool found;
char line[128];

void dfs(int k)
{
    if (k == 81) {
        found = true;
        return;
    }
    int r = k / 9, c = k % 9;
    if (g[r][c]) {
        dfs(k + 1);
        return;
    }
    int b = r / 3 * 3 + c / 3;
    for (int d = 1; d <= 9; d++) {
        if (row[r][d] || col[c][d] || box[b][d])
            continue;
        row[r][d] = col[c][d] = box[b][d] = true;
        g[r][c] = d;
        dfs(k + 1);
        if (found)
            return;
        row[r][d] = col[c][d] = box[b][d] = false;
        g[r][c] = 0;
    }
}

int main()
{
    int T;
    scanf("%d", &T);
    gets(line);
    while (T--) {
        memset(row, 0, sizeof(row));
        memset(col, 0, sizeof(col));
        memset(box, 0, sizeof(box));
        for (int i = 0; i < 9; i++) {
            gets(line);
            for (int j = 0; j < 9; j++) {
                int d = line[j] - '0';
                g[i][j] = d;
                if (d)
                    row[i][d] = col[j][d] = box[i / 3 * 3 + j / 3][d] = true;
            }
        }
        found = false;
        dfs(0);
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 9; j++)
                printf("%d", g[i][j]);
            printf("\n");
        }
    }
    return 0;
}
