#!/usr/bin/env bash
# bench-compare.sh REV: is the working tree faster than REV, and still right?
#
# Benchmarks git revision REV (checked out in a temporary `git worktree`,
# removed afterwards) and the working tree with the same `sudoku-judge bench`
# settings, alternating between the two (A B A B) so that the machine's load
# hits both alike; compares them with `sudoku-judge compare`; and runs
# `sudoku-judge run` on both, so that a faster but wrong change is caught.
# It exits 1 when the working tree's run fails or when compare finds a
# significant slowdown over FAIL_OVER percent, and 2 when compare finds the
# data too noisy to decide either way. Run it before merging an
# optimisation:
#
#   scripts/bench-compare.sh main
#   BENCH_ARGS='--set top1465 --strategy dlx,fast' scripts/bench-compare.sh HEAD~1
#
# Settings (environment):
#   BENCH_ARGS  sudoku-judge bench flags for both trees   (default: --set top95,hardest1106)
#   ROUNDS      alternating rounds, one pass each          (default: 10; fewer give no finite 95% interval)
#   FAIL_OVER   slowdown, in percent, that fails the gate  (default: 10)
#   RUN_ARGS    sudoku-judge run flags for both trees      (default: none: every problem and strategy)
#   OUT         keep old.txt, new.txt and report.html here (default: a temporary directory, removed)
set -euo pipefail

# has_bench SJ: does the sudoku-judge binary SJ have a bench command? The
# help text is captured, then matched: `SJ bench --help | grep -q` under
# pipefail fails at random, when grep exits at its first match and the
# writer dies of SIGPIPE.
has_bench() {
  local help
  help=$("$1" bench --help 2>/dev/null) || return 1
  case $help in
  *--count*) return 0 ;;
  *) return 1 ;;
  esac
}

# --has-bench SJ runs the probe alone (for the script's tests).
if [ $# -eq 2 ] && [ "$1" = --has-bench ]; then
  has_bench "$2"
  exit
fi
if [ $# -ne 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi
rev=$1
BENCH_ARGS=${BENCH_ARGS:---set top95,hardest1106}
ROUNDS=${ROUNDS:-10}
FAIL_OVER=${FAIL_OVER:-10}
RUN_ARGS=${RUN_ARGS:-}

root=$(git rev-parse --show-toplevel)
cd "$root"
commit=$(git rev-parse --verify --quiet "$rev^{commit}") || { echo "bench-compare: no revision $rev" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-compare.XXXXXX")
cleanup() {
  git worktree remove --force "$tmp/old" >/dev/null 2>&1 || true
  rm -rf "$tmp"
  git worktree prune >/dev/null 2>&1 || true
}
trap cleanup EXIT
out=${OUT:-$tmp}
mkdir -p "$out"

echo "bench-compare: $rev ($commit) against the working tree" >&2
git worktree add --detach --quiet "$tmp/old" "$commit"
(cd "$tmp/old" && go build -o "$tmp/sj-old" ./judge/cmd/sudoku-judge)
go build -o "$tmp/sj-new" ./judge/cmd/sudoku-judge
if ! (cd "$tmp/old" && has_bench "$tmp/sj-old"); then
  echo "bench-compare: $rev has no working 'sudoku-judge bench' command: cannot benchmark it" >&2
  exit 2
fi

# Both trees must still be right: a faster wrong answer is no optimisation.
status=0
echo "bench-compare: sudoku-judge run on $rev" >&2
(cd "$tmp/old" && "$tmp/sj-old" run $RUN_ARGS) >"$out/run-old.txt" 2>&1 || echo "bench-compare: note: $rev itself fails sudoku-judge run (see $out/run-old.txt)" >&2
echo "bench-compare: sudoku-judge run on the working tree" >&2
if ! "$tmp/sj-new" run $RUN_ARGS >"$out/run-new.txt" 2>&1; then
  echo "bench-compare: FAIL: the working tree fails sudoku-judge run:" >&2
  tail -n 20 "$out/run-new.txt" >&2
  status=1
fi

: >"$out/old.txt"
: >"$out/new.txt"
for i in $(seq 1 "$ROUNDS"); do
  echo "bench-compare: round $i/$ROUNDS" >&2
  (cd "$tmp/old" && "$tmp/sj-old" bench $BENCH_ARGS --count 1 -o "$tmp/round-old.txt") >/dev/null
  "$tmp/sj-new" bench $BENCH_ARGS --count 1 -o "$tmp/round-new.txt" >/dev/null
  cat "$tmp/round-old.txt" >>"$out/old.txt"
  cat "$tmp/round-new.txt" >>"$out/new.txt"
done
cp "$tmp/round-new.txt.puzzles.json" "$out/new.txt.puzzles.json" 2>/dev/null || true

rc=0
"$tmp/sj-new" compare --fail-over "$FAIL_OVER" "$out/old.txt" "$out/new.txt" || rc=$?
case $rc in
0) ;;
2)
  # Neither a slowdown nor the absence of one: the data cannot decide.
  echo "bench-compare: too noisy to decide at $FAIL_OVER%: more ROUNDS, or gate on instructions (BENCH_ARGS with --instructions)" >&2
  [ $status -ne 0 ] || status=2
  ;;
*) status=1 ;;
esac
if [ -n "${OUT:-}" ]; then
  "$tmp/sj-new" report -o "$out/report.html" "$out/old.txt" "$out/new.txt" && echo "bench-compare: report in $out/report.html" >&2
fi
exit $status
