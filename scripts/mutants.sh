#!/usr/bin/env bash
# Mutation check of the decisions a judge's trust rests on: for each line
# of scripts/mutants.txt ("FILE<TAB>sed expression<TAB>why"), apply the
# one-line change, run the tests of FILE's package, and restore it. A
# mutant whose tests still pass "survived": a decision no test guards.
#
#   scripts/mutants.sh [PATTERN]    (only mutants whose line matches)
#
# Exit 1 when a mutant survived or did not apply (the code moved: update
# the list).
set -euo pipefail
cd "$(dirname "$0")/.."
list=scripts/mutants.txt
pattern=${1:-}
status=0
killed=0
total=0
while IFS=$'\t' read -r file expr why; do
  [[ -z "$file" || "$file" == \#* ]] && continue
  [[ -n "$pattern" && "$file $expr $why" != *"$pattern"* ]] && continue
  total=$((total + 1))
  backup=$(mktemp)
  cp "$file" "$backup"
  sed -i "$expr" "$file"
  if cmp -s "$file" "$backup"; then
    echo "mutants: DID NOT APPLY $file: $expr"
    status=1
  elif go test -count=1 -short "./$(dirname "$file")" >/dev/null 2>&1; then
    echo "mutants: SURVIVED $file: $why"
    status=1
  else
    killed=$((killed + 1))
  fi
  cp "$backup" "$file"
  rm -f "$backup"
done <"$list"
echo "mutants: $killed of $total killed"
exit $status
