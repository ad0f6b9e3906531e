// AC on POJ: Java, a class Main, Dancing Links over arrays, input read
// with a BufferedReader until "end".
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final int COLS = 324, MAX = COLS + 729 * 4 + 1;
    static int[] l = new int[MAX], r = new int[MAX], u = new int[MAX], d = new int[MAX];
    static int[] col = new int[MAX], row = new int[MAX], size = new int[COLS + 1], first = new int[729];
    static int[] chosen = new int[81];
    static int n, depth;

    static void init() {
        for (int i = 0; i <= COLS; i++) {
            l[i] = i - 1; r[i] = i + 1; u[i] = i; d[i] = i; size[i] = 0;
        }
        l[0] = COLS; r[COLS] = 0;
        n = COLS + 1;
        java.util.Arrays.fill(first, -1);
    }

    static void add(int rw, int c) {
        col[n] = c; row[n] = rw; size[c]++;
        u[n] = u[c]; d[n] = c; d[u[c]] = n; u[c] = n;
        if (first[rw] < 0) {
            first[rw] = n; l[n] = n; r[n] = n;
        } else {
            int f = first[rw];
            l[n] = l[f]; r[n] = f; r[l[f]] = n; l[f] = n;
        }
        n++;
    }

    static void cover(int c) {
        l[r[c]] = l[c]; r[l[c]] = r[c];
        for (int i = d[c]; i != c; i = d[i])
            for (int j = r[i]; j != i; j = r[j]) {
                u[d[j]] = u[j]; d[u[j]] = d[j]; size[col[j]]--;
            }
    }

    static void uncover(int c) {
        for (int i = u[c]; i != c; i = u[i])
            for (int j = l[i]; j != i; j = l[j]) {
                size[col[j]]++; u[d[j]] = j; d[u[j]] = j;
            }
        l[r[c]] = c; r[l[c]] = c;
    }

    static boolean dance(int k) {
        if (r[0] == 0) {
            depth = k;
            return true;
        }
        int c = r[0];
        for (int i = r[0]; i != 0; i = r[i]) if (size[i] < size[c]) c = i;
        cover(c);
        for (int i = d[c]; i != c; i = d[i]) {
            chosen[k] = row[i];
            for (int j = r[i]; j != i; j = r[j]) cover(col[j]);
            if (dance(k + 1)) return true;
            for (int j = l[i]; j != i; j = l[j]) uncover(col[j]);
        }
        uncover(c);
        return false;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String s = in.readLine(); s != null && !s.trim().equals("end"); s = in.readLine()) {
            init();
            for (int i = 0; i < 81; i++) {
                int rr = i / 9, cc = i % 9, bb = rr / 3 * 3 + cc / 3;
                for (int v = 1; v <= 9; v++) {
                    if (s.charAt(i) != '.' && s.charAt(i) - '0' != v) continue;
                    int rw = i * 9 + v - 1;
                    add(rw, i + 1);
                    add(rw, 81 + rr * 9 + v);
                    add(rw, 162 + cc * 9 + v);
                    add(rw, 243 + bb * 9 + v);
                }
            }
            dance(0);
            char[] g = new char[81];
            for (int k = 0; k < depth; k++) g[chosen[k] / 9] = (char) ('1' + chosen[k] % 9);
            out.append(g).append('\n');
        }
        System.out.print(out);
    }
}
