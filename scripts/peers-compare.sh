#!/usr/bin/env bash
# peers-compare.sh: the classic strategies side by side with C programs of
# the same algorithm, µs and guesses per puzzle counting up to 2 solutions,
# on this machine: mrv against bench/peers/mrv.c (ours, the same search
# tree) and dlx against the C DLX fast_solv_9r2 from tdoku's other/.
#
#   scripts/peers-compare.sh TDOKU_CHECKOUT [ROUNDS]
#
# TDOKU_CHECKOUT is a checkout of https://github.com/t-dillon/tdoku; it is
# compiled in a temporary directory with -O3 -march=native and left
# untouched, as by tdoku-compare.sh, and nothing of it enters this
# repository. Each round runs, per set, fast_solv_9r2 (tdoku's
# run_benchmark, puzzles in order), mrv.c, then sudoku-judge bench (mrv and
# dlx), so load changes on a shared machine hit both sides alike. Each
# round's line gives both times and their ratio; the summary gives the
# median round's ratio and the range. Equal guesses/puzzle say the two
# programs searched the same tree.
#
# The programs time themselves by the wall clock. On a machine with more
# runnable threads than cores they also wait for a CPU, each run its own
# share of the time, so each time is multiplied by its run's share of one
# CPU (scripts/cpu-share.sh): the CPU µs per puzzle, which load moves far
# less. The shares are printed with each round.
# Environment: CXX, CC (default g++, gcc), SECS (seconds per C program and
# set, default 2), PASSES (sudoku-judge passes per round, default 3).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
	echo "usage: $0 TDOKU_CHECKOUT [ROUNDS]" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
rounds=${2:-3}
secs=${SECS:-2}
passes=${PASSES:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/scripts/tdoku-build.sh" "$src" "$tmp"
cc=${CC:-gcc}
cxx=${CXX:-g++}
flags="-O3 -march=native" # as tdoku-build.sh compiles
echo "building bench/peers/mrv.c and sudoku-judge" >&2
$cc $flags -o "$tmp/mrv" "$root/bench/peers/mrv.c"
(cd "$root" && go build -o "$tmp/sudoku-judge" ./judge/cmd/sudoku-judge)

share() { "$root/scripts/cpu-share.sh" "$tmp/out" "$@"; }

sets="17clue top1465 hardest1106"
results=$tmp/results # lines: round set solver CPU-µs/puzzle guesses/puzzle share
: >"$results"
for r in $(seq "$rounds"); do
	for s in $sets; do
		file=$root/testdata/$s.txt
		n=$(grep -vc '^#' "$file")
		echo "round $r/$rounds: $s ($n puzzles)" >&2
		sh=$(share "$tmp/run_benchmark" -c1 -r0 -n "$n" -w1 -t "$secs" -s fast_solv_9r2 "$file")
		awk -F, -v r="$r" -v s="$s" -v sh="$sh" 'NF >= 9 && $5 ~ /^fast_solv_9r2/ {
				print r, s, "fast_solv_9r2", $7 * sh, $9, sh }' "$tmp/out" >>"$results"
		sh=$(share "$tmp/mrv" -t "$secs" "$file")
		awk -v r="$r" -v s="$s" -v sh="$sh" '{ for (i = 1; i < NF; i++) v[$i] = $(i+1)
				print r, s, "mrv.c", v["us/puzzle"] * sh, v["guesses/puzzle"], sh }' "$tmp/out" >>"$results"
		sh=$(share "$tmp/sudoku-judge" bench --set "$s" --strategy mrv,dlx --count "$passes" -o "$tmp/bench.txt")
		# The median pass of each strategy.
		awk -v r="$r" -v s="$s" -v sh="$sh" '/^BenchmarkSolve\// {
				for (i = 1; i <= NF; i++) {
					if ($(i+1) == "ns/puzzle") v = $i / 1000
					if ($(i+1) == "guesses/puzzle") g = $i
				}
				match($1, /strategy=[a-z]+/); st = substr($1, RSTART + 9, RLENGTH - 9)
				n[st]++; all[st, n[st]] = v; guesses[st] = g }
			END { for (st in n) {
				m = n[st]; for (i = 1; i <= m; i++) a[i] = all[st, i]
				for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
				print r, s, st, sh * (m % 2 ? a[(m+1)/2] : (a[m/2] + a[m/2+1]) / 2), guesses[st], sh } }' "$tmp/bench.txt" >>"$results"
		awk -v r="$r" -v s="$s" '$1 == r && $2 == s { v[$3] = $4; sh[$3] = $6 }
			END { printf "round %d %-12s mrv.c %8.1f µs  mrv %8.1f µs  %.2f   fast_solv_9r2 %7.1f µs  dlx %7.1f µs  %.2f   (CPU shares %.2f %.2f %.2f)\n",
				r, s, v["mrv.c"], v["mrv"], v["mrv"] / v["mrv.c"], v["fast_solv_9r2"], v["dlx"], v["dlx"] / v["fast_solv_9r2"],
				sh["fast_solv_9r2"], sh["mrv.c"], sh["mrv"] }' "$results"
	done
done

echo
echo "CPU µs per puzzle counting up to 2 solutions (wall µs times the run's CPU share), min-max over"
echo "$rounds interleaved rounds; Go / C ratio of the median round (range); guesses per puzzle C / Go."
echo "($(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $(nproc) cores;"
echo " tdoku $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?') and mrv.c: $cc $flags; sudoku-judge $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD || echo '-dirty'))"
echo
echo "| set (testdata/) | C mrv.c | mrv | mrv / C | guesses | C fast_solv_9r2 | dlx | dlx / C | guesses |"
echo "|---|---|---|---|---|---|---|---|---|"
awk -v sets="$sets" -f "$root/scripts/ratios.awk" -f <(printf '%s' '
	{ v[$1, $2, $3] = $4; g[$2, $3] = $5; if ($1 > rounds) rounds = $1 }
	function differ(a, b) { return a - b > 0.011 || b - a > 0.011 }
	function guesses(s, c, a) { return sprintf("%.1f / %.1f", g[s, c], g[s, a]) }
	END { n = split(sets, ss, " ")
		for (i = 1; i <= n; i++) { s = ss[i]
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s,
				span(s, "mrv.c", 1), span(s, "mrv", 1), ratio(s, "mrv", "mrv.c"), guesses(s, "mrv.c", "mrv"),
				span(s, "fast_solv_9r2", 1), span(s, "dlx", 1), ratio(s, "dlx", "fast_solv_9r2"), guesses(s, "fast_solv_9r2", "dlx")
			# Unequal guesses mean unequal trees: the ratio then compares different
			# work. The C programs print 6 significant digits, hence the slack.
			if (differ(g[s, "mrv.c"], g[s, "mrv"])) warn = warn "\nwarning: " s ": mrv and mrv.c searched different trees"
			if (differ(g[s, "fast_solv_9r2"], g[s, "dlx"])) warn = warn "\nwarning: " s ": dlx and fast_solv_9r2 searched different trees" }
		if (warn != "") print substr(warn, 2) }') "$results"
