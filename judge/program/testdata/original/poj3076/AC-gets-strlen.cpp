// AC on POJ: the G++ style of 2008, gets to read the rows, strlen and
// memcpy with only <iostream> and <cstdio> included (MinGW GCC 4.4.0's
// <iostream> brought <cstring> along), cout and endl to write, and the
// judge's layout. GCC 12 rejects it as gnu++17 and as gnu++98, so the judge
// compiles it as POJ's G++ did.
// sudoku-judge: compiled as gnu++98 with GCC 4's implicit includes
#include <iostream>
#include <cstdio>
using namespace std;

const int N = 16, CELLS = N * N, COLS = CELLS * 4, ROWS = CELLS * N;
const int MAXN = COLS + ROWS * 4 + 1;
int L[MAXN], R[MAXN], U[MAXN], D[MAXN], C[MAXN], RowOf[MAXN], S[COLS + 1];
int head[ROWS], cnt, ans[CELLS], depth;
char grid[N][N + 8];

void init()
{
    for (int i = 0; i <= COLS; i++) {
        L[i] = i - 1; R[i] = i + 1; U[i] = D[i] = i; S[i] = 0;
    }
    L[0] = COLS; R[COLS] = 0;
    cnt = COLS + 1;
    for (int i = 0; i < ROWS; i++) head[i] = -1;
}

void link(int row, int col)
{
    C[cnt] = col; RowOf[cnt] = row; S[col]++;
    U[cnt] = U[col]; D[cnt] = col; D[U[col]] = cnt; U[col] = cnt;
    if (head[row] < 0) {
        head[row] = L[cnt] = R[cnt] = cnt;
    } else {
        L[cnt] = L[head[row]]; R[cnt] = head[row];
        R[L[head[row]]] = cnt; L[head[row]] = cnt;
    }
    cnt++;
}

void cover(int c)
{
    L[R[c]] = L[c]; R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) {
            U[D[j]] = U[j]; D[U[j]] = D[j]; S[C[j]]--;
        }
}

void uncover(int c)
{
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) {
            S[C[j]]++; U[D[j]] = j; D[U[j]] = j;
        }
    L[R[c]] = c; R[L[c]] = c;
}

bool dance(int k)
{
    if (R[0] == 0) {
        depth = k;
        return true;
    }
    int c = R[0];
    for (int i = R[0]; i != 0; i = R[i])
        if (S[i] < S[c]) c = i;
    cover(c);
    for (int i = D[c]; i != c; i = D[i]) {
        ans[k] = RowOf[i];
        for (int j = R[i]; j != i; j = R[j]) cover(C[j]);
        if (dance(k + 1)) return true;
        for (int j = L[i]; j != i; j = L[j]) uncover(C[j]);
    }
    uncover(c);
    return false;
}

// solve fills grid, whose cells are 'A'-'P' or '-'.
void solve()
{
    init();
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int b = r / 4 * 4 + c / 4;
            for (int d = 0; d < N; d++) {
                if (grid[r][c] != '-' && grid[r][c] - 'A' != d) continue;
                int row = (r * N + c) * N + d;
                link(row, 1 + r * N + c);
                link(row, 1 + CELLS + r * N + d);
                link(row, 1 + 2 * CELLS + c * N + d);
                link(row, 1 + 3 * CELLS + b * N + d);
            }
        }
    dance(0);
    for (int k = 0; k < depth; k++) {
        int cell = ans[k] / N;
        grid[cell / N][cell % N] = 'A' + ans[k] % N;
    }
}

char line[64];

// readGrid reads 16 rows with gets, skipping the empty line between grids.
bool readGrid()
{
    for (int i = 0; i < N; ) {
        if (!gets(line)) return false;
        if (strlen(line) < N) continue;
        memcpy(grid[i], line, N);
        grid[i][N] = 0;
        i++;
    }
    return true;
}

int main()
{
    bool first = true;
    while (readGrid()) {
        solve();
        if (!first) cout << endl;
        first = false;
        for (int i = 0; i < N; i++) cout << grid[i] << endl;
    }
    return 0;
}
