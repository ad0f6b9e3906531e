#!/usr/bin/env bash
# cpu-share.sh: runs a command and prints the share of one CPU it had,
# (user+sys)/real, at most 1, for the scripts that compare our solvers with
# C programs (tdoku-compare.sh, peers-compare.sh).
#
#   scripts/cpu-share.sh OUT COMMAND [ARG...]
#
# The command's standard output goes to OUT. A benchmark that times itself
# by the wall clock on a machine with more runnable threads than cores also
# counts the time it waited for a CPU; its time multiplied by its share is
# the CPU time, which load moves far less. The share is capped at 1: a
# process whose runtime works on a second core (Go's collector) still timed
# its one solving thread by the wall clock, which waited for nothing.
# On failure the command's standard error is shown and the status is 1.
set -euo pipefail

if [[ $# -lt 2 ]]; then
	echo "usage: $0 OUT COMMAND [ARG...]" >&2
	exit 2
fi
out=$1
shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT
t=$( { TIMEFORMAT='%3R %3U %3S'; time "$@" >"$out" 2>"$err"; } 2>&1 ) || {
	cat "$err" >&2
	exit 1
}
awk -v t="$t" 'BEGIN { split(t, a, " "); s = (a[2] + a[3]) / a[1]; printf "%.4f\n", s < 1 ? s : 1 }'
