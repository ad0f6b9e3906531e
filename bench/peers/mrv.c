// mrv.c: the search of solvers/mrv, written in C as its speed reference.
//
//   cc -O3 -march=native -o mrv mrv.c
//   ./mrv [-t SECS] [-v] FILE
//
// FILE holds one 81-character 9x9 puzzle a line ('.' or '0' for an empty
// cell); lines starting with '#' and blank lines are skipped. Each puzzle
// is searched for up to 2 solutions, the uniqueness check, in passes over
// the file until SECS seconds (default 2) have gone by, and the program
// prints
//
//   puzzles N passes P us/puzzle U nodes/puzzle D guesses/puzzle G unique Q
//
// where nodes and guesses count as solvers/mrv counts them: a node is a
// position in which a cell was chosen, a guess one whose cell had more than
// one candidate. With -v it runs one pass and prints "nodes guesses
// solutions" for each puzzle instead, for comparing the search trees.
//
// The algorithm is solvers/mrv's (see dfs in mrv.go) step for step: the
// same scan for the most constrained cell, the same swap of the chosen cell
// into place, the digits in increasing order. So the trees, and the counts,
// are the same, and the time tells how far Go is from C on equal work.
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { ncells = 81, limit = 2 };

struct search {
	// free[u] has bit d set when digit d+1 is missing from unit u: rows
	// 0-8, columns 9-17, regions 18-26.
	uint32_t free[27];
	// The empty cells and their units, reordered as the search goes: at
	// depth k, cell[k] is the cell being tried, digit[k] the digit it holds
	// (as a bit) and rem[k] its digits still to try.
	uint8_t cell[ncells], row[ncells], col[ncells], reg[ncells];
	uint32_t rem[ncells], digit[ncells];
	int n;
	uint8_t grid[ncells];
	long nodes, guesses, solutions;
};

// load sets s up for puzzle p and reports whether the givens are
// consistent; like solvers.Prepare, it refuses a clash before searching.
static int load(struct search *s, const char *p)
{
	for (int u = 0; u < 27; u++)
		s->free[u] = 0x1ff;
	s->n = 0;
	s->nodes = s->guesses = s->solutions = 0;
	for (int i = 0; i < ncells; i++) {
		int r = i / 9, c = i % 9, g = r / 3 * 3 + c / 3;
		int v = p[i] >= '1' && p[i] <= '9' ? p[i] - '0' : 0;
		s->grid[i] = v;
		if (v == 0) {
			s->cell[s->n] = i;
			s->row[s->n] = r;
			s->col[s->n] = 9 + c;
			s->reg[s->n] = 18 + g;
			s->n++;
			continue;
		}
		uint32_t bit = 1u << (v - 1);
		if (!(s->free[r] & s->free[9 + c] & s->free[18 + g] & bit))
			return 0;
		s->free[r] &= ~bit;
		s->free[9 + c] &= ~bit;
		s->free[18 + g] &= ~bit;
	}
	return 1;
}

// dfs fills the empty cells, always branching on the first cell from the
// current depth on with the fewest candidates, until it has found limit
// solutions or exhausted the tree.
static void dfs(struct search *s)
{
	uint32_t *free = s->free;
	int n = s->n, k = 0;
	for (;;) {
		int branch = 0;
		if (k >= n) {
			for (int j = 0; j < n; j++)
				s->grid[s->cell[j]] = __builtin_ctz(s->digit[j]) + 1;
			if (++s->solutions >= limit)
				return;
		} else {
			s->nodes++;
			int best = k, bestN = 99;
			uint32_t bestM = 0;
			for (int j = k; j < n; j++) {
				uint32_t m = free[s->row[j]] & free[s->col[j]] & free[s->reg[j]];
				if ((m & (m - 1)) == 0) {
					// A dead end or a forced move: nothing beats it.
					best = j, bestM = m, bestN = m != 0;
					break;
				}
				// With two candidates found only the test above can
				// find a better cell.
				if (bestN > 2) {
					int c = __builtin_popcount(m);
					if (c < bestN)
						best = j, bestM = m, bestN = c;
				}
			}
			if (bestN > 0) {
				if (bestN > 1)
					s->guesses++;
				if (best != k) {
					uint8_t t;
					t = s->cell[k], s->cell[k] = s->cell[best], s->cell[best] = t;
					t = s->row[k], s->row[k] = s->row[best], s->row[best] = t;
					t = s->col[k], s->col[k] = s->col[best], s->col[best] = t;
					t = s->reg[k], s->reg[k] = s->reg[best], s->reg[best] = t;
				}
				s->rem[k] = bestM;
				branch = 1;
			}
		}
		if (!branch) {
			// Back up to the nearest cell with digits left to try.
			for (;;) {
				if (--k < 0)
					return;
				uint32_t bit = s->digit[k];
				free[s->row[k]] |= bit;
				free[s->col[k]] |= bit;
				free[s->reg[k]] |= bit;
				if (s->rem[k] != 0)
					break;
			}
		}
		uint32_t m = s->rem[k], bit = m & -m;
		s->rem[k] = m & ~bit;
		s->digit[k] = bit;
		free[s->row[k]] &= ~bit;
		free[s->col[k]] &= ~bit;
		free[s->reg[k]] &= ~bit;
		k++;
	}
}

// solve counts the solutions of p, up to limit, leaving the counts in s.
static void solve(struct search *s, const char *p)
{
	if (load(s, p))
		dfs(s);
}

// readPuzzles returns the puzzles of file f, ncells bytes each, and their
// number in *n.
static char *readPuzzles(FILE *f, const char *name, int *n)
{
	char line[256];
	char *ps = NULL;
	int cap = 0, lineno = 0;
	*n = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		size_t len = strcspn(line, "\r\n");
		if (len == 0 || line[0] == '#')
			continue;
		if (len < ncells) {
			fprintf(stderr, "mrv: %s:%d: not an 81-character puzzle\n", name, lineno);
			exit(2);
		}
		if (*n == cap) {
			cap = cap ? 2 * cap : 1024;
			ps = realloc(ps, (size_t)cap * ncells);
			if (!ps) {
				perror("mrv");
				exit(2);
			}
		}
		memcpy(ps + (size_t)*n * ncells, line, ncells);
		(*n)++;
	}
	return ps;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double secs = 2;
	int verbose = 0, opt;
	while ((opt = getopt(argc, argv, "t:v")) != -1) {
		switch (opt) {
		case 't':
			secs = atof(optarg);
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			fprintf(stderr, "usage: mrv [-t SECS] [-v] FILE\n");
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: mrv [-t SECS] [-v] FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[optind], "r");
	if (!f) {
		fprintf(stderr, "mrv: %s: %s\n", argv[optind], strerror(errno));
		return 2;
	}
	int n;
	char *ps = readPuzzles(f, argv[optind], &n);
	fclose(f);
	if (n == 0) {
		fprintf(stderr, "mrv: %s: no puzzles\n", argv[optind]);
		return 2;
	}

	static struct search s;
	if (verbose) {
		for (int i = 0; i < n; i++) {
			solve(&s, ps + (size_t)i * ncells);
			printf("%ld %ld %ld\n", s.nodes, s.guesses, s.solutions);
		}
		return 0;
	}
	long passes = 0, nodes = 0, guesses = 0, unique = 0;
	double start = now(), end;
	do {
		for (int i = 0; i < n; i++) {
			solve(&s, ps + (size_t)i * ncells);
			nodes += s.nodes;
			guesses += s.guesses;
			unique += s.solutions == 1;
		}
		passes++;
		end = now();
	} while (end - start < secs);
	double per = (double)passes * n;
	printf("puzzles %d passes %ld us/puzzle %.3f nodes/puzzle %.2f guesses/puzzle %.2f unique %ld\n",
	       n, passes, (end - start) * 1e6 / per, nodes / per, guesses / per, unique / passes);
	return 0;
}
