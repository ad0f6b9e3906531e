#!/usr/bin/env bash
# solve-path.sh: what a whole `solve` process costs beyond its search.
#
#   scripts/solve-path.sh [PUZZLES] [ROUNDS]
#
# PUZZLES holds one 81-character puzzle a line ('#' comments), by default
# testdata/17clue.txt; the 49,158 17-clue puzzles are the public set the
# issue measures (tdoku's data/puzzles2_17_clue). Each round times, in turn:
#   - start-up: `solve --problem poj3074 --strategy fast` on an input that
#     is only "end", the median of STARTS runs (default 21);
#   - the whole process on PUZZLES written as a POJ 3074 input, with -j 1:
#     one case at a time, as the in-process search runs (the last column
#     is the default -j, one case per CPU, for reference);
#   - the search in process on the same puzzles: `bench --problem poj3074
#     --strategy fast`, whose SolveCase is the one solve calls, µs per
#     puzzle (the median of 3 passes).
# It prints each, the budget (puzzles × in-process µs + start-up) and the
# whole process's ratio to it, round by round, so that a change in the
# machine's load hits all three alike; then the default -j's run and its
# speed-up over -j 1 (issue 26 asks 1.8 on 2 cores), and the start-up of
# a Go hello-world built by the same toolchain, the floor start-up is
# measured against (issue 26: within 5 ms of it). The in-process µs come from the same
# puzzles as the whole process: the first 5,000 of the 17-clue puzzles (the
# 17clue set) need a third fewer guesses than all 49,158, so a budget taken
# from another set would misstate what the search costs.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
puzzles=${1:-$root/testdata/17clue.txt}
rounds=${2:-3}
starts=${STARTS:-21}
[[ -r $puzzles ]] || { echo "$0: $puzzles: cannot read" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The static build the README installs: a cgo build starts about 1 ms later.
(cd "$root" && CGO_ENABLED=0 go build -o "$tmp/sudoku-judge" ./judge/cmd/sudoku-judge)
echo end >"$tmp/empty.in"
mkdir "$tmp/hello"
printf 'package main\n\nimport "os"\n\nfunc main() { os.Stdout.WriteString("hello\\n") }\n' >"$tmp/hello/main.go"
(cd "$tmp/hello" && CGO_ENABLED=0 go build -o "$tmp/hello-world" main.go)
{ grep -v '^#' "$puzzles" | cut -c1-81; echo end; } >"$tmp/puzzles.in"
n=$(($(wc -l <"$tmp/puzzles.in") - 1))
# bench reads its sets from a directory: the repository's, with PUZZLES as
# the 17clue set.
mkdir "$tmp/sets"
for f in "$root"/testdata/*.txt; do ln -s "$f" "$tmp/sets/"; done
rm "$tmp/sets/17clue.txt"
head -n "$n" "$tmp/puzzles.in" >"$tmp/sets/17clue.txt"

# ms prints the milliseconds one run of the command takes, wall clock.
ms() {
	local start=$EPOCHREALTIME
	"$@"
	awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f\n", (b - a) * 1000 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2) }'; }
hello() { "$tmp/hello-world" >/dev/null; }
solve() { "$tmp/sudoku-judge" solve --problem poj3074 --strategy fast "${@:2}" <"$1" >"$tmp/out"; }
# solveAll solves PUZZLES with the flags given and checks it wrote a line a
# puzzle.
solveAll() {
	solve "$tmp/puzzles.in" "$@"
	[[ $(wc -l <"$tmp/out") -eq $n ]] || { echo "$0: solve $*: wrote $(wc -l <"$tmp/out") lines for $n puzzles" >&2; exit 1; }
}

printf '%d puzzles from %s; sudoku-judge %s%s\n' "$n" "$(basename "$puzzles")" \
	"$(cd "$root" && git rev-parse --short HEAD)" "$(cd "$root" && git diff --quiet HEAD || echo '-dirty')"
printf '%-6s %12s %12s %14s %12s %8s %14s %9s %14s\n' round start-up/ms solve/ms search/µs budget/ms ratio "solve -j $(nproc)/ms" speed-up hello-world/ms
for r in $(seq "$rounds"); do
	for _ in $(seq "$starts"); do
		ms solve "$tmp/empty.in"
	done >"$tmp/starts"
	start=$(median <"$tmp/starts")
	for _ in $(seq "$starts"); do
		ms hello
	done >"$tmp/starts"
	hello=$(median <"$tmp/starts")
	whole=$(ms solveAll -j 1)
	parallel=$(ms solveAll)
	"$tmp/sudoku-judge" bench --problem poj3074 --testdata "$tmp/sets" --set 17clue --strategy fast \
		--count 3 -o "$tmp/bench.txt" >/dev/null
	us=$(awk '/^BenchmarkSolve\// { for (i = 1; i <= NF; i++) if ($(i+1) == "ns/puzzle") print $i / 1000 }' "$tmp/bench.txt" | median)
	awk -v r="$r" -v s="$start" -v w="$whole" -v u="$us" -v n="$n" -v p="$parallel" -v h="$hello" 'BEGIN {
		b = n * u / 1000 + s
		printf "%-6s %12.2f %12.1f %14.2f %12.1f %8.2f %14.1f %9.2f %14.2f\n", r, s, w, u, b, w / b, p, w / p, h }'
done
