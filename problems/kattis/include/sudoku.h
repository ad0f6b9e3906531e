// sudoku.h: a sudoku solver for the submissions of sudoku-judge's
// problems, which include it. sudoku-judge export writes it into each
// submission in its place, so that every exported submission is one file.
//
// A puzzle is an n x n grid (n = 4, 9, 16 or 25) and its units, each n
// cells that must hold every digit 1..n once: rows, columns, regions and
// any extra units (diagonals, windows). count() finds solutions by Dancing
// Links (Knuth's exact cover), the column with the fewest rows first;
// naive() by plain backtracking in row-major order, which the submissions
// that must run out of time use.
#include <cstdio>
#include <string>
#include <vector>

namespace sudoku {

struct Puzzle {
	int n = 9;
	std::vector<int> givens;             // n*n cells, row by row, 0 empty
	std::vector<std::vector<int>> units; // each n cell indices
};

// standardUnits returns the rows, columns and square boxes of an n x n grid.
inline std::vector<std::vector<int>> standardUnits(int n) {
	int b = 1;
	while (b * b < n)
		b++;
	std::vector<std::vector<int>> units;
	for (int r = 0; r < n; r++) {
		std::vector<int> u;
		for (int c = 0; c < n; c++)
			u.push_back(r * n + c);
		units.push_back(u);
	}
	for (int c = 0; c < n; c++) {
		std::vector<int> u;
		for (int r = 0; r < n; r++)
			u.push_back(r * n + c);
		units.push_back(u);
	}
	for (int k = 0; k < n; k++) {
		std::vector<int> u;
		for (int i = 0; i < n; i++)
			u.push_back((k / b * b + i / b) * n + k % b * b + i % b);
		units.push_back(u);
	}
	return units;
}

// clash reports whether two givens repeat a digit in a unit.
inline bool clash(const Puzzle &p) {
	for (const std::vector<int> &u : p.units) {
		std::vector<bool> seen(p.n + 1);
		for (int i : u) {
			int d = p.givens[i];
			if (d && seen[d])
				return true;
			seen[d] = true;
		}
	}
	return false;
}

// dlx is an exact cover problem as Knuth's dancing links.
class dlx {
public:
	dlx(int columns) : L(columns + 1), R(columns + 1), U(columns + 1), D(columns + 1), C(columns + 1), size(columns + 1), row(columns + 1) {
		for (int c = 0; c <= columns; c++) {
			L[c] = c == 0 ? columns : c - 1;
			R[c] = c == columns ? 0 : c + 1;
			U[c] = D[c] = C[c] = c;
		}
	}

	void addRow(int id, const std::vector<int> &cols) {
		int first = -1;
		for (int c : cols) {
			int x = (int)L.size();
			L.push_back(x), R.push_back(x), U.push_back(U[c]), D.push_back(c), C.push_back(c), row.push_back(id);
			D[U[c]] = x, U[c] = x, size[c]++;
			if (first < 0)
				first = x;
			else
				R[x] = first, L[x] = L[first], R[L[first]] = x, L[first] = x;
		}
	}

	// choose covers the columns of row id at once (a given); false when one
	// is covered already.
	bool choose(int id, const std::vector<int> &cols) {
		for (int c : cols)
			if (L[R[c]] != c)
				return false;
		for (int c : cols)
			cover(c);
		chosen.push_back(id);
		return true;
	}

	// search counts exact covers up to limit, keeping the rows of the
	// first in first.
	int search(int limit, std::vector<int> &first) {
		if (R[0] == 0) {
			if (first.empty())
				first = chosen;
			return 1;
		}
		int c = R[0];
		for (int j = R[c]; j != 0; j = R[j])
			if (size[j] < size[c])
				c = j;
		int found = 0;
		cover(c);
		for (int r = D[c]; r != c && found < limit; r = D[r]) {
			chosen.push_back(row[r]);
			for (int j = R[r]; j != r; j = R[j])
				cover(C[j]);
			found += search(limit - found, first);
			for (int j = L[r]; j != r; j = L[j])
				uncover(C[j]);
			chosen.pop_back();
		}
		uncover(c);
		return found;
	}

private:
	std::vector<int> L, R, U, D, C, size, row, chosen;

	void cover(int c) {
		L[R[c]] = L[c], R[L[c]] = R[c];
		for (int i = D[c]; i != c; i = D[i])
			for (int j = R[i]; j != i; j = R[j])
				U[D[j]] = U[j], D[U[j]] = D[j], size[C[j]]--;
	}

	void uncover(int c) {
		for (int i = U[c]; i != c; i = U[i])
			for (int j = L[i]; j != i; j = L[j])
				size[C[j]]++, U[D[j]] = j, D[U[j]] = j;
		L[R[c]] = c, R[L[c]] = c;
	}
};

// count returns how many solutions p has, up to limit, and the first in
// solution (n*n digits); 0 when its givens clash.
inline int count(const Puzzle &p, int limit, std::vector<int> &solution) {
	int n = p.n, cells = n * n;
	std::vector<std::vector<int>> unitsOf(cells);
	for (int u = 0; u < (int)p.units.size(); u++)
		for (int i : p.units[u])
			unitsOf[i].push_back(u);
	dlx x(cells + (int)p.units.size() * n);
	auto columns = [&](int i, int d) {
		std::vector<int> cols{i + 1};
		for (int u : unitsOf[i])
			cols.push_back(cells + 1 + u * n + d);
		return cols;
	};
	for (int i = 0; i < cells; i++)
		for (int d = 0; d < n; d++)
			if (!p.givens[i])
				x.addRow(i * n + d, columns(i, d));
	for (int i = 0; i < cells; i++)
		if (p.givens[i] && !x.choose(i * n + p.givens[i] - 1, columns(i, p.givens[i] - 1)))
			return 0;
	std::vector<int> rows;
	int found = x.search(limit, rows);
	if (found > 0) {
		solution.assign(cells, 0);
		for (int r : rows)
			solution[r / n] = r % n + 1;
	}
	return found;
}

// naive is count by backtracking over the cells in row-major order, each
// digit in turn: the same answers, in far more time on hard puzzles. With
// eager >= 0 only the first eager units are kept as the search goes and
// the others checked on each full grid, which takes longer still.
inline int naive(const Puzzle &p, int limit, std::vector<int> &solution, int eager = -1) {
	if (clash(p))
		return 0;
	int cells = p.n * p.n;
	if (eager < 0)
		eager = (int)p.units.size();
	std::vector<std::vector<int>> unitsOf(cells);
	for (int u = 0; u < eager; u++)
		for (int i : p.units[u])
			unitsOf[i].push_back(u);
	std::vector<long long> used(p.units.size());
	std::vector<int> g = p.givens;
	auto lateUnitsHold = [&] {
		for (int u = eager; u < (int)p.units.size(); u++) {
			long long seen = 0;
			for (int i : p.units[u]) {
				if (seen >> g[i] & 1)
					return false;
				seen |= 1LL << g[i];
			}
		}
		return true;
	};
	for (int i = 0; i < cells; i++)
		if (g[i])
			for (int u : unitsOf[i])
				used[u] |= 1LL << g[i];
	int found = 0;
	auto walk = [&](auto &&self, int i) -> void {
		while (i < cells && g[i])
			i++;
		if (i == cells) {
			if (lateUnitsHold() && found++ == 0)
				solution = g;
			return;
		}
		long long taken = 0;
		for (int u : unitsOf[i])
			taken |= used[u];
		for (int d = 1; d <= p.n && found < limit; d++) {
			if (taken >> d & 1)
				continue;
			g[i] = d;
			for (int u : unitsOf[i])
				used[u] |= 1LL << d;
			self(self, i + 1);
			for (int u : unitsOf[i])
				used[u] &= ~(1LL << d);
			g[i] = 0;
		}
	};
	walk(walk, 0);
	return found;
}

} // namespace sudoku
