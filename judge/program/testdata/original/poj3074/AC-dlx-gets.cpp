// AC on POJ: Dancing Links, the usual answer to this problem, in the style
// of the solutions POJ accepted: gets until "end", and a local freopen kept
// out by #ifndef ONLINE_JUDGE, which POJ defines (and this judge too: were
// it not, the program would read no input and print nothing). gets is gone
// from glibc's C++14 headers, so the judge compiles it as POJ's G++ did.
// sudoku-judge: compiled as gnu++98, POJ's G++
#include <cstdio>
#include <cstring>

const int COLS = 324, MAXN = 324 + 729 * 4 + 1;
int L[MAXN], R[MAXN], U[MAXN], D[MAXN], C[MAXN], RowOf[MAXN], S[COLS + 1];
int head[730], cnt, ans[81], depth;
char s[200];
int grid[81];

void init()
{
    for (int i = 0; i <= COLS; i++) {
        L[i] = i - 1; R[i] = i + 1; U[i] = D[i] = i; S[i] = 0;
    }
    L[0] = COLS; R[COLS] = 0;
    cnt = COLS + 1;
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

int main()
{
#ifndef ONLINE_JUDGE
    freopen("in.txt", "r", stdin);
#endif
    while (gets(s) && strcmp(s, "end") != 0) {
        init();
        memset(head, -1, sizeof(head));
        for (int i = 0; i < 81; i++) {
            int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
            for (int d = 1; d <= 9; d++) {
                if (s[i] != '.' && s[i] - '0' != d) continue;
                int row = i * 9 + d - 1;
                link(row, i + 1);
                link(row, 81 + r * 9 + d);
                link(row, 162 + c * 9 + d);
                link(row, 243 + b * 9 + d);
            }
        }
        dance(0);
        for (int k = 0; k < depth; k++)
            grid[ans[k] / 9] = ans[k] % 9 + 1;
        for (int i = 0; i < 81; i++) putchar('0' + grid[i]);
        putchar('\n');
    }
    return 0;
}
