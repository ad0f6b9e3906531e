#!/usr/bin/env bash
# fast-callgrind.sh: instructions per puzzle of the fast strategy counting
# up to 2 solutions, as callgrind counts them: a measure that does not move
# with the machine's load, for deciding between two versions of the search.
#
#   scripts/fast-callgrind.sh [SET...]     (default: 17clue top1465 hardest1106)
#
# It runs solvers/fast's BenchmarkSolve once per set under valgrind and sums
# the instructions of the package's own functions (the search and its
# one-time tables, well under 0.1%), divided by the puzzles of the set.
# Collecting only inside Search (--toggle-collect) moved the count by up to
# 5% from run to run, as Go's stack switches confuse callgrind's call
# stack; this sum is the same on every run.
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
		"$tmp/fast.test" -test.run '^$' -test.bench "^BenchmarkSolve/set=$s\$" -test.benchtime 1x \
		>"$tmp/$s.out" 2>"$tmp/$s.err") || { cat "$tmp/$s.err" >&2; exit 1; }
	ir=$(callgrind_annotate --auto=no --threshold=100 "$tmp/$s.cg" |
		awk '/solvers\/fast\./ { gsub(",", "", $1); n += $1 } END { printf "%d", n }')
	guesses=$(awk '{ for (i = 2; i <= NF; i++) if ($i == "guesses/puzzle") print $(i-1) }' "$tmp/$s.out")
	printf '%-12s %8d %16d %10s\n' "$s" "$n" $((ir / n)) "$guesses"
done
