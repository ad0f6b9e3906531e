#!/usr/bin/env bash
# Runs every fuzz target in the module for a while each: the parsers, the
# puzzle model, the checkers and the exact-cover search.
#
#   scripts/fuzz.sh [SECONDS]      (default 10 per target)
#
# A failure leaves its input in the package's testdata/fuzz/ directory;
# commit it so `go test` replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
status=0
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "fuzz: $pkg $target (${secs}s)"
    if ! go test -run '^$' -fuzz "^${target}\$" -fuzztime "${secs}s" "$pkg" >/tmp/fuzz.$$.log 2>&1; then
      cat /tmp/fuzz.$$.log
      status=1
    fi
  done
done
rm -f /tmp/fuzz.$$.log
exit $status
