#!/usr/bin/env bash
# Runs the hostile-submission suite (judge/sandbox/testdata/hostile) in each
# mode this machine can give besides the cgroup v2 kernel (for that, see
# cgroup-v2-vm.sh), and prints attack x mode -> status and containment. In
# each mode it also runs the judge's tests of what a box must let honest
# programs do and show them (judge/program: TestDevStdin, and
# TestAnswersConfined, for which it plants answers under /opt,
# /usr/local/share, /etc, /srv and /var, removed at the end):
#
#   root               as root, with the machine's cgroups and namespaces
#   rootless           as an ordinary user (uid 65534), in a user namespace
#   rootless-nouserns  as that user where the kernel refuses user namespaces
#                      (a user namespace of its own that allows none nested)
#
#   scripts/hostile-modes.sh
#
# Needs root (to become the other user), gcc, setpriv and unshare. Exit 2
# when it cannot run here, 1 when a mode's suite fails.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null || ! command -v unshare >/dev/null || ! command -v gcc >/dev/null; then
  echo "hostile-modes: needs root, setpriv, unshare and gcc" >&2
  exit 2
fi
work=$(mktemp -d /tmp/hostile-modes.XXXXXX)
planted=()
trap 'rm -rf "$work" "${planted[@]}"' EXIT
# Answers where a checkout or a data folder may lie, readable by anyone:
# only the box may keep a program from them.
answer="ANSWER-BYTES-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
for root in /opt /usr/local/share /etc /srv /var; do
  mkdir -p "$root"
  d=$(mktemp -d "$root/sudoku-judge-confined.XXXXXX")
  planted+=("$d")
  mkdir -p "$d/tests" "$d/problems/poj3074/data/secret"
  for t in "$d/tests/1" "$d/problems/poj3074/data/secret/1"; do
    echo 1 >"$t.in"
    echo "$answer" >"$t.ans"
  done
  chmod -R a+rX "$d"
done
go test -c -o "$work/sandbox.test" ./judge/sandbox
go test -c -o "$work/program/program.test" ./judge/program
cp -r judge/sandbox/testdata "$work/"
cp -r judge/program/testdata "$work/program/"
mkdir -p "$work/home"
chmod -R a+rX "$work"
as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
status=0
run() { # mode command...
  local mode=$1; shift
  if (cd "$work" && env TMPDIR=/tmp SANDBOX_SUITE_MODE="$mode" "$@" ./sandbox.test -test.run 'TestHostile$|TestHostResources' -test.v -test.count=1) >"$work/$mode.log" 2>&1; then
    echo "hostile-modes: $mode: PASS"
  else
    echo "hostile-modes: $mode: FAIL"
    grep -E '^\s+(--- FAIL|hostile_test.go:[0-9]+: (status|left|processes|isolation|.* changed)|resources_test.go:[0-9]+: )' "$work/$mode.log" || tail -n 20 "$work/$mode.log"
    status=1
  fi
  if (cd "$work/program" && env TMPDIR=/tmp HOME="$work/home" SUDOKU_JUDGE_PLANTED="$(IFS=:; echo "${planted[*]}")" "$@" ./program.test -test.run "$program_tests" -test.v -test.count=1) >"$work/$mode.program.log" 2>&1; then
    echo "hostile-modes: $mode: judge/program ($program_tests): PASS"
  else
    echo "hostile-modes: $mode: judge/program ($program_tests): FAIL"
    grep -E '^\s+(--- FAIL|\w+_test.go:[0-9]+:)' "$work/$mode.program.log" || tail -n 20 "$work/$mode.program.log"
    status=1
  fi
}
program_tests='^(TestDevStdin|TestAnswersConfined)$'
chmod 1777 "$work/home"
run root
run rootless "${as_user[@]}"
run rootless-nouserns "${as_user[@]}" unshare -U -r sh -c \
  'echo 1 >/proc/sys/user/max_user_namespaces && exec unshare -U --map-user=65534 --map-group=65534 "$@"' sh

# The table: one row per attack, one column per mode.
awk '
  $2 == "suite:" && $5 == "->" {
    mode = $3; attack = $4; st = $6; ok = ""
    for (k = 7; k <= NF; k++) if ($k ~ /^contained=/) ok = substr($k, 11)
    if (st == "not") st = "not run"
    cell[attack, mode] = st (ok == "false" ? " (not contained)" : "")
    if (!(attack in seen)) { seen[attack] = 1; order[++n] = attack }
  }
  END {
    printf "| attack | root | rootless | rootless-nouserns |\n|---|---|---|---|\n"
    split("root rootless rootless-nouserns", ms, " ")
    for (i = 1; i <= n; i++) {
      a = order[i]; printf "| %s", a
      for (j = 1; j <= 3; j++) printf " | %s", ((a, ms[j]) in cell ? cell[a, ms[j]] : "-")
      printf " |\n"
    }
  }' "$work/root.log" "$work/rootless.log" "$work/rootless-nouserns.log"
exit $status
