#!/usr/bin/env bash
# tdoku-compare.sh: fast and dlx side by side with the benchmark field of
# tdoku's tables (tdoku, fsss2 and fsss2_locked, fsss, bb_sudoku, kudoku and
# the C DLX fast_solv_9r2), µs per puzzle counting up to 2 solutions, on
# this machine.
#
#   scripts/tdoku-compare.sh TDOKU_CHECKOUT [ROUNDS]
#   FSSS2=FSSS2_CHECKOUT scripts/tdoku-compare.sh TDOKU_CHECKOUT [ROUNDS]
#
# TDOKU_CHECKOUT is a checkout of https://github.com/t-dillon/tdoku (its data
# and submodules are not needed: the sets come from testdata/); FSSS2 one of
# https://github.com/t-dillon/fsss2_bench, the submodule tdoku keeps in
# other/module_fsss2 (without it the field lacks fsss2, the best of it on
# several sets). They are compiled in a temporary directory with
# -O3 -march=native by tdoku-build.sh and left untouched; nothing of them
# enters this repository. Each round runs, per set, tdoku's run_benchmark
# once per solver of the field (puzzles as given: no sampling, no
# permutation, solutions validated in the warm-up), then fast's and dlx's
# BenchmarkSolve (solvers/fast, solvers/dlx; the same count up to 2 that
# `sudoku-judge bench` runs), so load changes on a shared machine hit both
# alike. Both time themselves by the wall clock. The CPU table gives CPU
# µs, the figure a busy machine moves least: for the field, each time
# multiplied by its run's share of one CPU (scripts/cpu-share.sh; the run
# is busy throughout, so its share is that of its timed seconds); for ours,
# the benchmark's own CPU time a puzzle (getrusage), as a pass of a few
# milliseconds may run whole between two waits, which a process's share
# would misstate. The shares are printed with each round, and the
# wall-clock table follows the CPU one. Cells are min-max over the rounds;
# the ratios are taken within each round (fast against the best of the
# field in that round): the median round's, then their range. On a busy
# machine use more rounds and trust the median ratio, not the extremes.
# Where valgrind is installed, fast's instructions per puzzle (cachegrind,
# which load does not move) are counted once per set and shown beside.
# Environment: CXX, CC (default g++, gcc), SECS (seconds per solver and
# set, default 2), SETS (default: every set of the field's table, below),
# INSTRUCTIONS=0 to skip the count.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
	echo "usage: $0 TDOKU_CHECKOUT [ROUNDS]   (FSSS2=FSSS2_CHECKOUT adds fsss2)" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
fsss2=${FSSS2:+$(cd "$FSSS2" && pwd)}
rounds=${2:-3}
secs=${SECS:-2}
sets=${SETS:-"unbiased 17clue top1465 hardest11plus hardest1106 serg"}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$root/scripts/tdoku-build.sh" "$src" "$tmp" ${fsss2:+"$fsss2"}
cc=${CC:-gcc}
cxx=${CXX:-g++}
flags="-O3 -march=native" # as tdoku-build.sh compiles
field="tdoku${fsss2:+ fsss2 fsss2_locked} fsss bb_sudoku kudoku fast_solv_9r2"
echo "building sudoku-judge and the fast and dlx benchmarks" >&2
(cd "$root" && go build -o "$tmp/sudoku-judge" ./judge/cmd/sudoku-judge &&
	go test -c -o "$tmp/fast.test" ./solvers/fast && go test -c -o "$tmp/dlx.test" ./solvers/dlx)

results=$tmp/results # lines: round set solver wall-µs/puzzle CPU-share guesses/puzzle
: >"$results"
instr=$tmp/instr # lines: set instructions/puzzle
: >"$instr"
if [[ ${INSTRUCTIONS:-1} != 0 ]] && command -v valgrind >/dev/null; then
	echo "counting fast's instructions per puzzle under cachegrind" >&2
	"$tmp/sudoku-judge" bench --set "${sets// /,}" --strategy fast --count 1 --instructions -o "$tmp/instr.txt" >/dev/null
	awk '/^BenchmarkSolve\// { for (i = 1; i <= NF; i++) if ($(i+1) == "instructions/puzzle") v = $i
			match($1, /set=[^-\/]+/); print substr($1, RSTART + 4, RLENGTH - 4), v }' "$tmp/instr.txt" >"$instr"
fi
for r in $(seq "$rounds"); do
	for s in $sets; do
		file=$root/testdata/$s.txt
		n=$(grep -vc '^#' "$file") # run_benchmark's -n: each puzzle once a pass
		echo "round $r/$rounds: $s ($n puzzles)" >&2
		# One run_benchmark per solver: each gets the CPU share of its own
		# seconds, not the mean of the field's.
		for f in $field; do
			sh=$("$root/scripts/cpu-share.sh" "$tmp/out" \
				"$tmp/run_benchmark" -c1 -r0 -n "$n" -w1 -t "$secs" -s "$f" "$file")
			awk -F, -v r="$r" -v s="$s" -v sh="$sh" 'NF >= 9 && $4 ~ /\.txt$/ {
					split($5, id, " "); print r, s, id[1], $7, sh, $9 }' "$tmp/out" >>"$results"
		done
		# Ours through each strategy's BenchmarkSolve, which reports the
		# process's CPU time a puzzle (getrusage) beside the wall time: a
		# pass of a few milliseconds may run whole between two waits on a
		# busy machine, so a share of the process would misstate it.
		for st in fast dlx; do
			(cd "$root/solvers/$st" && "$tmp/$st.test" -test.run '^$' -test.bench "^BenchmarkSolve/set=$s\$" \
				-test.benchtime "${secs}s") >"$tmp/out"
			awk -v r="$r" -v s="$s" -v st="$st" '/^BenchmarkSolve\// {
					for (i = 1; i <= NF; i++) v[$(i+1)] = $i
					print r, s, st, v["ns/puzzle"] / 1000, v["cpu-ns/puzzle"] / v["ns/puzzle"], v["guesses/puzzle"] }' \
				"$tmp/out" >>"$results"
			grep -q '^BenchmarkSolve/' "$tmp/out" || { echo "$0: $st has no benchmark of set $s" >&2; exit 2; }
		done
		awk -v r="$r" -v s="$s" '$1 == r && $2 == s { line = line sprintf(" %s %.2f", $3, $5) }
			END { printf "round %d %-13s CPU shares:%s\n", r, s, line }' "$results" >&2
	done
done

# table prints the markdown tables of the results, field f of each line
# (4: wall µs) multiplied by field m (5: the CPU share), or by 1 when m is 0.
# The best of the field is, in each round, the fastest of its solvers
# there; the table names the one fastest in most rounds.
table() {
	awk -v sets="$sets" -v field="$field" -v f="$1" -v m="$2" -v instrfile="$instr" \
		-f "$root/scripts/ratios.awk" -f <(printf '%s' '
		BEGIN { while ((getline line < instrfile) > 0) { split(line, x, " "); instr[x[1]] = x[2] } }
		{ v[$1, $2, $3] = $f * (m ? $m : 1); g[$2, $3] = $6; if ($1 > rounds) rounds = $1 }
		END { n = split(sets, ss, " "); k = split(field, fs, " ")
			for (i = 1; i <= n; i++) { s = ss[i]; delete won
				for (r = 1; r <= rounds; r++) { b = ""
					for (j = 1; j <= k; j++) if (((r, s, fs[j]) in v) && (b == "" || v[r, s, fs[j]] < v[r, s, b])) b = fs[j]
					v[r, s, "best"] = v[r, s, b]; won[b]++ }
				who[s] = ""; for (b in won) if (who[s] == "" || won[b] > won[who[s]]) who[s] = b }
			print "| set (testdata/) | best of the field | fast | fast / best | guesses fast / best | fast instructions/puzzle | C DLX fast_solv_9r2 | dlx | dlx / C |"
			print "|---|---|---|---|---|---|---|---|---|"
			for (i = 1; i <= n; i++) { s = ss[i]
				printf "| %s | %s %s | %s | %s | %.1f / %.1f | %s | %s | %s | %s |\n", s, who[s], span(s, "best", 2),
					span(s, "fast", 2), ratio(s, "fast", "best"), g[s, "fast"], g[s, who[s]],
					(s in instr) ? sprintf("%.0f", instr[s]) : "-",
					span(s, "fast_solv_9r2", 1), span(s, "dlx", 1), ratio(s, "dlx", "fast_solv_9r2") }
			print ""
			printf "| set (testdata/) |"; for (j = 1; j <= k; j++) printf " %s |", fs[j]; print " fast |"
			printf "|---|"; for (j = 1; j <= k; j++) printf "---|"; print "---|"
			for (i = 1; i <= n; i++) { s = ss[i]; printf "| %s |", s
				for (j = 1; j <= k; j++) printf " %s |", span(s, fs[j], 2); printf " %s |\n", span(s, "fast", 2) } }') "$results"
}

echo
echo "µs per puzzle counting up to 2 solutions, min-max over $rounds interleaved rounds"
echo "($(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null);"
echo " tdoku $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?')${fsss2:+, fsss2 $(git -C "$fsss2" rev-parse --short HEAD 2>/dev/null || echo '?')} $cxx $flags;" \
	"sudoku-judge $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD || echo '-dirty'))"
echo "CPU shares of the runs: $(awk '{ print $5 }' "$results" | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f-%.2f", v[1], v[NR] }')"
echo
echo "CPU µs (the field: wall µs × the run's CPU share; fast and dlx: their CPU time a puzzle):"
echo
table 4 5
echo
echo "Wall-clock µs, as each program reports them:"
echo
table 4 0
