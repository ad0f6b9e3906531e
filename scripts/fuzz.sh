#!/usr/bin/env bash
# Runs every fuzz target in the module for a while each: the parsers, the
# puzzle model, the checkers and the exact-cover search.
#
#   scripts/fuzz.sh [SECONDS]      (default 10 per target)
#
# A failure leaves its input in the package's testdata/fuzz/ directory;
# commit it so `go test` replays it from then on.
#
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline
# exceeded" when -fuzztime runs out while a worker is mid-call, most often on
# a loaded machine (go.dev/issue/75804, fixed in Go 1.27). That failure writes
# no input; a target that fails that way is run again, at most twice, and
# says so. Any other failure, or one that wrote an input, fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    for attempt in 1 2 3; do
      echo "fuzz: $pkg $target (${secs}s)"
      before=$(ls "$dir/testdata/fuzz/$target" 2>/dev/null || true)
      if go test -run '^$' -fuzz "^${target}\$" -fuzztime "${secs}s" "$pkg" >"$log" 2>&1; then
        break
      fi
      after=$(ls "$dir/testdata/fuzz/$target" 2>/dev/null || true)
      if [ "$before" = "$after" ] && [ "$attempt" -lt 3 ] &&
        awk -v fail="--- FAIL: $target " 'index($0, fail) == 1 { getline; if ($0 ~ /^[ \t]+context deadline exceeded$/) found = 1 } END { exit !found }' "$log"; then
        echo "fuzz: $target stopped with 'context deadline exceeded' and wrote no input (go.dev/issue/75804); again"
        continue
      fi
      cat "$log"
      status=1
      break
    done
  done
done
exit $status
