// AC on POJ: Java with a class Main, as POJ's FAQ asks, reading with
// Scanner and searching row by row.
import java.util.Scanner;

public class Main {
    static int[][] g = new int[9][9];

    static boolean ok(int r, int c, int d) {
        for (int i = 0; i < 9; i++) {
            if (g[r][i] == d || g[i][c] == d) return false;
        }
        int br = r / 3 * 3, bc = c / 3 * 3;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                if (g[br + i][bc + j] == d) return false;
        return true;
    }

    static boolean dfs(int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (g[r][c] != 0) return dfs(k + 1);
        for (int d = 1; d <= 9; d++) {
            if (ok(r, c, d)) {
                g[r][c] = d;
                if (dfs(k + 1)) return true;
                g[r][c] = 0;
            }
        }
        return false;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int t = in.nextInt();
        StringBuilder out = new StringBuilder();
        while (t-- > 0) {
            for (int i = 0; i < 9; i++) {
                String s = in.next();
                for (int j = 0; j < 9; j++) g[i][j] = s.charAt(j) - '0';
            }
            dfs(0);
            for (int i = 0; i < 9; i++) {
                for (int j = 0; j < 9; j++) out.append(g[i][j]);
                out.append('\n');
            }
        }
        System.out.print(out);
    }
}
