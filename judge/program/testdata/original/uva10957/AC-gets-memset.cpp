// AC on UVa: its "C++" was GCC without -std (4.1.2, later 4.8.2 and 5.3.0:
// GNU C++98), and this program is of that time: gets for every line, the
// empty ones between grids skipped, sscanf to read a row, and memset with
// only <iostream> and <cstdio> included. GCC 12 rejects it as gnu++17 and
// as gnu++98, so the judge compiles it as UVa's C++ of that time did.
// sudoku-judge: compiled as gnu++98 with GCC 4's implicit includes
#include <iostream>
#include <cstdio>
using namespace std;

int g[9][9];
bool rowUsed[9][10], colUsed[9][10], boxUsed[9][10];
int solutions;
char line[256];

void dfs(int k)
{
    if (solutions > 1) return;
    if (k == 81) {
        solutions++;
        return;
    }
    int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
    if (g[r][c]) {
        dfs(k + 1);
        return;
    }
    for (int d = 1; d <= 9; d++) {
        if (rowUsed[r][d] || colUsed[c][d] || boxUsed[b][d]) continue;
        rowUsed[r][d] = colUsed[c][d] = boxUsed[b][d] = true;
        g[r][c] = d;
        dfs(k + 1);
        g[r][c] = 0;
        rowUsed[r][d] = colUsed[c][d] = boxUsed[b][d] = false;
    }
}

bool readGrid()
{
    for (int r = 0; r < 9; ) {
        if (!gets(line)) return false;
        int n = sscanf(line, "%d %d %d %d %d %d %d %d %d", &g[r][0], &g[r][1], &g[r][2], &g[r][3], &g[r][4], &g[r][5], &g[r][6], &g[r][7], &g[r][8]);
        if (n == 9) r++;
    }
    return true;
}

int main()
{
    int k = 0;
    while (readGrid()) {
        memset(rowUsed, 0, sizeof(rowUsed));
        memset(colUsed, 0, sizeof(colUsed));
        memset(boxUsed, 0, sizeof(boxUsed));
        bool illegal = false;
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) {
                int d = g[r][c], b = r / 3 * 3 + c / 3;
                if (!d) continue;
                if (rowUsed[r][d] || colUsed[c][d] || boxUsed[b][d]) illegal = true;
                rowUsed[r][d] = colUsed[c][d] = boxUsed[b][d] = true;
            }
        solutions = 0;
        if (!illegal) dfs(0);
        printf("Case %d: ", ++k);
        if (illegal) printf("Illegal.\n");
        else if (solutions == 0) printf("Impossible.\n");
        else if (solutions == 1) printf("Unique.\n");
        else printf("Ambiguous.\n");
    }
    return 0;
}
