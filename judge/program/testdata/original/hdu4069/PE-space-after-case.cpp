// PE on HDU: right answers, but "Case k: " with a space before the newline;
// HDU counts spaces at the end of a line (SOURCE.md, "Judging"), where POJ
// and UVa would forgive them.
#include <cstdio>

const int LIMIT = 2;

const int COLS = 324, MAXN = 324 + 729 * 4 + 1;
int L[MAXN], R[MAXN], U[MAXN], D[MAXN], C[MAXN], RowOf[MAXN], S[COLS + 1];
int head[729], cnt, chosen[81], firstSolution[81], solutions;
int val[81], wall[81], region[81];

void init()
{
    for (int i = 0; i <= COLS; i++) {
        L[i] = i - 1; R[i] = i + 1; U[i] = D[i] = i; S[i] = 0;
    }
    L[0] = COLS; R[COLS] = 0;
    cnt = COLS + 1;
    for (int i = 0; i < 729; i++) head[i] = -1;
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

// dance counts solutions up to LIMIT, keeping the first.
void dance(int k)
{
    if (R[0] == 0) {
        if (solutions++ == 0)
            for (int i = 0; i < k; i++) firstSolution[chosen[i] / 9] = chosen[i] % 9 + 1;
        return;
    }
    int c = R[0];
    for (int i = R[0]; i != 0; i = R[i])
        if (S[i] < S[c]) c = i;
    if (S[c] == 0) return;
    cover(c);
    for (int i = D[c]; i != c && solutions < LIMIT; i = D[i]) {
        chosen[k] = RowOf[i];
        for (int j = R[i]; j != i; j = R[j]) cover(C[j]);
        dance(k + 1);
        for (int j = L[i]; j != i; j = L[j]) uncover(C[j]);
    }
    uncover(c);
}

// fill gives every cell reachable from cell i without crossing a wall the
// region id.
void fill(int i, int id)
{
    if (region[i] >= 0) return;
    region[i] = id;
    int r = i / 9, c = i % 9;
    if (!(wall[i] & 16) && r > 0) fill(i - 9, id);
    if (!(wall[i] & 32) && c < 8) fill(i + 1, id);
    if (!(wall[i] & 64) && r < 8) fill(i + 9, id);
    if (!(wall[i] & 128) && c > 0) fill(i - 1, id);
}

void solve()
{
    for (int i = 0; i < 81; i++) region[i] = -1;
    int regions = 0;
    for (int i = 0; i < 81; i++)
        if (region[i] < 0) fill(i, regions++);
    init();
    for (int i = 0; i < 81; i++) {
        int r = i / 9, c = i % 9;
        for (int d = 1; d <= 9; d++) {
            if (val[i] && val[i] != d) continue;
            int row = i * 9 + d - 1;
            link(row, 1 + i);
            link(row, 82 + r * 9 + d - 1);
            link(row, 163 + c * 9 + d - 1);
            link(row, 244 + region[i] * 9 + d - 1);
        }
    }
    solutions = 0;
    dance(0);
}

int main()
{
    int t;
    scanf("%d", &t);
    for (int k = 1; k <= t; k++) {
        for (int i = 0; i < 81; i++) {
            int x;
            scanf("%d", &x);
            val[i] = x & 15;
            wall[i] = x & ~15;
        }
        solve();
        printf("Case %d: \n", k);
        if (solutions == 0)
            printf("No solution\n");
        else if (solutions > 1)
            printf("Multiple Solutions\n");
        else
            for (int i = 0; i < 81; i++) {
                printf("%d", firstSolution[i]);
                if (i % 9 == 8) printf("\n");
            }
    }
    return 0;
}
