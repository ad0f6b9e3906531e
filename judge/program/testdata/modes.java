// POJ 3074 in Java, with its failure modes chosen by the first argument:
// ac solves, wa swaps the first two cells, tle loops, mle keeps
// allocating, re divides by zero.
import java.io.*;
import java.util.*;

public class Main {
	static int[] cell = new int[81], row = new int[9], col = new int[9], box = new int[9];

	static int boxOf(int i) { return i / 27 * 3 + i % 9 / 3; }

	static boolean solve() {
		int best = -1, bestN = 10, bestM = 0;
		for (int i = 0; i < 81; i++) {
			if (cell[i] != 0) continue;
			int m = ~(row[i / 9] | col[i % 9] | box[boxOf(i)]) & 0x1ff;
			int n = Integer.bitCount(m);
			if (n == 0) return false;
			if (n < bestN) { best = i; bestN = n; bestM = m; }
		}
		if (best < 0) return true;
		int r = best / 9, c = best % 9, b = boxOf(best);
		while (bestM != 0) {
			int bit = bestM & -bestM;
			bestM ^= bit;
			cell[best] = Integer.numberOfTrailingZeros(bit) + 1;
			row[r] ^= bit; col[c] ^= bit; box[b] ^= bit;
			if (solve()) return true;
			row[r] ^= bit; col[c] ^= bit; box[b] ^= bit;
		}
		cell[best] = 0;
		return false;
	}

	public static void main(String[] args) throws IOException {
		String mode = args.length > 0 ? args[0] : "ac";
		if (mode.equals("tle")) { long x = 0; while (true) x++; }
		if (mode.equals("mle")) {
			List<long[]> keep = new ArrayList<>();
			while (true) keep.add(new long[1 << 20]);
		}
		if (mode.equals("re")) System.out.println(1 / (args.length - 1));
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
		StringBuilder out = new StringBuilder();
		for (String line; (line = in.readLine()) != null; ) {
			line = line.trim();
			if (line.equals("end")) break;
			if (line.isEmpty()) continue;
			Arrays.fill(row, 0); Arrays.fill(col, 0); Arrays.fill(box, 0);
			for (int i = 0; i < 81; i++) {
				char ch = line.charAt(i);
				cell[i] = ch >= '1' && ch <= '9' ? ch - '0' : 0;
				if (cell[i] != 0) {
					int bit = 1 << (cell[i] - 1);
					row[i / 9] |= bit; col[i % 9] |= bit; box[boxOf(i)] |= bit;
				}
			}
			solve();
			if (mode.equals("wa")) { int t = cell[0]; cell[0] = cell[1]; cell[1] = t; }
			for (int v : cell) out.append(v);
			out.append('\n');
		}
		System.out.print(out);
	}
}
