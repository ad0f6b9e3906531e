#!/usr/bin/env bash
# load-verdicts.sh checks that the machine's load decides no verdict: it
# starts LOOPS busy loops outside the judge (shell loops, at the judge's own
# priority), then has `sudoku-judge test` judge RUNS tests each of
#
#   burn-50, burn-70, burn-90  programs that use 0.5, 0.7 and 0.9 of the time
#                              limit in CPU time, then answer: AC when idle
#   spin                       a program that never stops: TLE on CPU time
#   sleep                      a program that sleeps: TLE on the wall clock
#
# and prints each program's verdicts, the limit that fired, its exit code and
# the most CPU wait and wall time of a test:
#
#   scripts/load-verdicts.sh [-n RUNS] [-l LOOPS] [-t TIME_LIMIT] [-b SUDOKU_JUDGE]
#
# Defaults: 20 runs, 14 loops, a time limit of 1s (about 10 minutes on a
# 2-core machine); CI runs -n 3 -t 0.3s. A burner must be AC, or IE with exit
# 2 (the machine too busy to time it fairly), in every run, never TLE; the
# spinner must be TLE on CPU time and the sleeper TLE on the wall clock in
# every run. Exit 1 if not, 2 if it cannot run here (no gcc). -b judges with
# another build of sudoku-judge (an older one, to compare) instead of this
# tree's.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20 loops=14 tl=1s judge=
while getopts n:l:t:b: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	l) loops=$OPTARG ;;
	t) tl=$OPTARG ;;
	b) judge=$(realpath "$OPTARG") ;;
	*) echo "usage: $0 [-n RUNS] [-l LOOPS] [-t TIME_LIMIT] [-b SUDOKU_JUDGE]" >&2; exit 2 ;;
	esac
done
if ! command -v gcc >/dev/null || ! command -v python3 >/dev/null; then
	echo "load-verdicts: needs gcc and python3" >&2
	exit 2
fi

work=$(mktemp -d /tmp/load-verdicts.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

if [ -n "$judge" ]; then
	cp "$judge" "$work/sudoku-judge"
else
	go build -o "$work/sudoku-judge" ./judge/cmd/sudoku-judge
fi
# burn uses argv[1] ms of CPU time, then copies its input to its output.
cat >"$work/burn.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
	long ms = argc > 1 ? atol(argv[1]) : 0;
	struct timespec ts;
	do {
		for (volatile int i = 0; i < 100000; i++)
			;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	} while (ts.tv_sec * 1000 + ts.tv_nsec / 1000000 < ms);
	int c;
	while ((c = getchar()) != EOF)
		putchar(c);
	return 0;
}
EOF
gcc -O2 -o "$work/burn" "$work/burn.c"
gcc -O2 -o "$work/spin" judge/program/testdata/loop.c
gcc -O2 -o "$work/sleep" judge/program/testdata/sleep.c
mkdir "$work/tests"
for i in $(seq "$runs"); do
	echo ok >"$work/tests/$i.in"
	echo ok >"$work/tests/$i.ans"
done
ms=$(python3 -c "import sys; s=sys.argv[1]; print(int(float(s[:-2])) if s.endswith('ms') else int(float(s.rstrip('s'))*1000))" "$tl")

for _ in $(seq "$loops"); do
	bash -c 'while :; do :; done' &
	pids+=($!)
done
sleep 2
echo "load-verdicts: $runs runs each, time limit $tl, $loops busy loops; $(uptime | sed 's/^ *//')"

judge() { # name expect program args...
	local name=$1 expect=$2
	shift 2
	local rc=0
	"$work/sudoku-judge" test --tests "$work/tests" --time-limit "$tl" --json "$@" >"$work/$name.json" 2>"$work/$name.err" || rc=$?
	python3 - "$work/$name.json" "$name" "$expect" "$rc" <<'EOF'
import collections, json, sys
path, name, expect, rc = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
try:
    tests = json.load(open(path))[0]["tests"]
except Exception as e:
    print(f"{name:8} no result ({e}), exit {rc}")
    sys.exit(1)
count = collections.Counter(t["verdict"] + ("/" + t["limit"] if t.get("limit") else "") for t in tests)
wait = max(t.get("cpu_wait_ms", 0) for t in tests) / 1000
wall = max(t.get("wall_ms", 0) for t in tests) / 1000
verdicts = ", ".join(f"{n} {v}" for v, n in sorted(count.items()))
ie = next((t["message"] for t in tests if t["verdict"] == "IE"), "")
print(f"{name:8} {verdicts:28} exit {rc}  max CPU wait {wait:6.2f}s  max wall {wall:6.2f}s" + (f"  ({ie})" if ie else ""))
if expect == "AC":
    ok = set(count) <= {"AC", "IE"} and rc == (2 if "IE" in count else 0)
else:
    ok = set(count) == {expect} and rc == 1
sys.exit(0 if ok else 1)
EOF
}

status=0
for pct in 50 70 90; do
	judge "burn-$pct" AC "$work/burn" -- $((ms * pct / 100)) || status=1
done
judge spin TLE/cpu "$work/spin" || status=1
judge sleep TLE/wall "$work/sleep" || status=1
echo "load-verdicts: $(uptime | sed 's/^ *//')"
if [ $status -ne 0 ]; then
	echo "load-verdicts: FAIL: a verdict depended on the load" >&2
	for f in "$work"/*.err; do [ -s "$f" ] && { echo "$(basename "$f"):"; cat "$f"; }; done >&2
fi
exit $status
