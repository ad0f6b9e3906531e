#!/usr/bin/env bash
# fast-callgrind.sh: instructions per puzzle of the fast strategy counting
# up to 2 solutions, as callgrind counts them: a measure that does not move
# with the machine's load, for deciding between two versions of the search.
#
#   scripts/fast-callgrind.sh [SET...]     (default: 17clue top1465 hardest1106)
#
# It runs solvers/fast's BenchmarkSolve once per set under valgrind, counting
# only inside the strategy's Search, and divides by the puzzles of the set.
set -euo pipefail

command -v valgrind >/dev/null || { echo "$0: valgrind not found" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sets=${*:-17clue top1465 hardest1106}
(cd "$root" && go test -c -o "$tmp/fast.test" ./solvers/fast)
printf '%-12s %8s %16s %10s\n' set puzzles instr/puzzle guesses
for s in $sets; do
	n=$(grep -vc '^#' "$root/testdata/$s.txt")
	# The test binary finds testdata/ from its package directory. Go's
	# asynchronous preemption signals can upset valgrind: switched off.
	(cd "$root/solvers/fast" && GODEBUG=asyncpreemptoff=1 GOGC=off GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file="$tmp/$s.cg" \
		--toggle-collect='github.com/sudoku-judge/sudoku-judge/solvers/fast.(*strategy).Search' \
		"$tmp/fast.test" -test.run '^$' -test.bench "^BenchmarkSolve/set=$s\$" -test.benchtime 1x \
		>"$tmp/$s.out" 2>"$tmp/$s.err") || { cat "$tmp/$s.err" >&2; exit 1; }
	ir=$(awk '/^totals:/ { print $2 }' "$tmp/$s.cg")
	guesses=$(awk '{ for (i = 2; i <= NF; i++) if ($i == "guesses/puzzle") print $(i-1) }' "$tmp/$s.out")
	printf '%-12s %8d %16d %10s\n' "$s" "$n" $((ir / n)) "$guesses"
done
