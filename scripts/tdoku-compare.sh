#!/usr/bin/env bash
# tdoku-compare.sh: fast and dlx side by side with tdoku and the C DLX
# fast_solv_9r2, µs per puzzle counting up to 2 solutions, on this machine.
#
#   scripts/tdoku-compare.sh TDOKU_CHECKOUT [ROUNDS]
#
# TDOKU_CHECKOUT is a checkout of https://github.com/t-dillon/tdoku (its data
# is not needed: the sets come from testdata/). It is compiled in a temporary
# directory with -O3 -march=native and left untouched; nothing of it enters
# this repository. Each round runs, per set, tdoku's run_benchmark (tdoku and
# fast_solv_9r2, puzzles as given: no sampling, no permutation) and then
# sudoku-judge bench (fast and dlx), so load changes on a shared machine hit
# both alike. Both time themselves by the wall clock; each time is multiplied
# by its run's share of one CPU (scripts/cpu-share.sh), which gives CPU µs,
# the figure a busy machine moves least; the shares are printed with each
# round, and the wall-clock table follows the CPU one. Cells are min-max over
# the rounds; the ratios are taken within each round: the median round's,
# then their range. On a busy machine use more rounds and trust the median
# ratio, not the extremes.
# Environment: CXX, CC (default g++, gcc), SECS (tdoku's seconds per solver
# and set, default 2), PASSES (sudoku-judge passes per round, default 5).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
	echo "usage: $0 TDOKU_CHECKOUT [ROUNDS]" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
rounds=${2:-3}
secs=${SECS:-2}
passes=${PASSES:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/scripts/tdoku-build.sh" "$src" "$tmp"
cc=${CC:-gcc}
cxx=${CXX:-g++}
flags="-O3 -march=native" # as tdoku-build.sh compiles
echo "building sudoku-judge" >&2
(cd "$root" && go build -o "$tmp/sudoku-judge" ./judge/cmd/sudoku-judge)

# set name, number of puzzles in testdata (tdoku's -n must match to use each once)
sets="17clue top1465 hardest1106"
results=$tmp/results # lines: round set solver wall-µs/puzzle CPU-share
: >"$results"
for r in $(seq "$rounds"); do
	for s in $sets; do
		file=$root/testdata/$s.txt
		n=$(grep -vc '^#' "$file")
		echo "round $r/$rounds: $s ($n puzzles)" >&2
		sh=$("$root/scripts/cpu-share.sh" "$tmp/out" \
			"$tmp/run_benchmark" -c1 -r0 -n "$n" -w1 -t "$secs" -s tdoku,fast_solv_9r2 "$file")
		awk -F, -v r="$r" -v s="$s" -v sh="$sh" 'NF >= 7 && $5 ~ /^(tdoku|fast_solv_9r2)/ {
				split($5, id, " "); print r, s, id[1], $7, sh }' "$tmp/out" >>"$results"
		sh=$("$root/scripts/cpu-share.sh" "$tmp/out" \
			"$tmp/sudoku-judge" bench --set "$s" --strategy fast,dlx --count "$passes" -o "$tmp/bench.txt")
		awk -v r="$r" -v s="$s" -v sh="$sh" '/^BenchmarkSolve\// {
				for (i = 1; i <= NF; i++) if ($(i+1) == "ns/puzzle") { v = $i / 1000 }
				match($1, /strategy=[a-z]+/); st = substr($1, RSTART + 9, RLENGTH - 9)
				sum[st] += v; n[st]++; all[st, n[st]] = v }
			END { for (st in n) { # the median pass
				m = n[st]; for (i = 1; i <= m; i++) a[i] = all[st, i]
				for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
				print r, s, st, (m % 2 ? a[(m+1)/2] : (a[m/2] + a[m/2+1]) / 2), sh } }' "$tmp/bench.txt" >>"$results"
		awk -v r="$r" -v s="$s" '$1 == r && $2 == s { sh[$3] = $5 }
			END { printf "round %d %-12s CPU shares: run_benchmark %.2f, sudoku-judge %.2f\n", r, s, sh["tdoku"], sh["fast"] }' "$results" >&2
	done
done

# table prints the markdown table of the results, field f of each line
# (4: wall µs) multiplied by field m (5: the CPU share), or by 1 when m is 0.
table() {
	awk -v sets="$sets" -v f="$1" -v m="$2" -f "$root/scripts/ratios.awk" -f <(printf '%s' '
		{ v[$1, $2, $3] = $f * (m ? $m : 1); if ($1 > rounds) rounds = $1 }
		END { n = split(sets, ss, " ")
			print "| set (testdata/) | tdoku | fast | fast / tdoku | C DLX fast_solv_9r2 | dlx | dlx / C |"
			print "|---|---|---|---|---|---|---|"
			for (i = 1; i <= n; i++) { s = ss[i]
				printf "| %s | %s | %s | %s | %s | %s | %s |\n", s, span(s, "tdoku", 2), span(s, "fast", 2),
					ratio(s, "fast", "tdoku"), span(s, "fast_solv_9r2", 1), span(s, "dlx", 1), ratio(s, "dlx", "fast_solv_9r2") } }') "$results"
}

echo
echo "µs per puzzle counting up to 2 solutions, min-max over $rounds interleaved rounds"
echo "($(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $(nproc) cores;"
echo " tdoku $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?') $cxx $flags; sudoku-judge $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD || echo '-dirty'))"
echo "CPU shares of the runs: $(awk '{ print $5 }' "$results" | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f-%.2f", v[1], v[NR] }')"
echo
echo "CPU µs (wall µs × the run's CPU share):"
echo
table 4 5
echo
echo "Wall-clock µs, as each program reports them:"
echo
table 4 0
