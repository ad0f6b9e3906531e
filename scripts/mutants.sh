#!/usr/bin/env bash
# Mutation check of the decisions a judge's trust rests on: for each line
# of scripts/mutants.txt, apply its one-line change, run the tests, and
# restore the file. A mutant whose tests still pass "survived": a decision
# no test guards.
#
#   scripts/mutants.sh [--budget SECONDS] [--sample N] [--seed S] [--changed REV] [PATTERN]
#
# mutants.txt: FILE<TAB>sed expression<TAB>why[<TAB>go test arguments], the
# arguments (space-separated, no quotes: packages ./-relative, and -run
# REGEXP to keep a slow package to the tests that guard the rule)
# defaulting to FILE's own package. A why that starts with "equivalent:"
# marks a mutant that cannot change behaviour, with the reason: it is
# listed, never run. A mutant that does not compile proves nothing: it is
# reported as such, like one that survived.
#
# --sample N runs N mutants, a window of the list that moves with --seed
# (default: the number of commits, so each commit's CI tries the next N);
# --changed REV adds every mutant of a file changed since REV; --budget
# starts no mutant after SECONDS (those left are listed). PATTERN keeps only
# the lines that contain it.
#
# Exit 1 when a mutant survived, did not build, or did not apply (the code moved: update
# the list); 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
list=scripts/mutants.txt
budget=0 sample=0 seed="" changed="" pattern=""
while [ $# -gt 0 ]; do
  case $1 in
    --budget) budget=$2; shift 2 ;;
    --sample) sample=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --changed) changed=$2; shift 2 ;;
    -*) echo "mutants: unknown option $1" >&2; exit 2 ;;
    *) pattern=$1; shift ;;
  esac
done
for n in "$budget" "$sample"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "mutants: --budget and --sample take a whole number, got $n" >&2; exit 2; }
done

# The mutants to consider, as line numbers of the list.
mapfile -t lines < <(grep -n -v -e '^#' -e '^[[:space:]]*$' "$list" | cut -d: -f1)
chosen=()
for n in "${lines[@]}"; do
  line=$(sed -n "${n}p" "$list")
  [[ -n "$pattern" && "$line" != *"$pattern"* ]] && continue
  chosen+=("$n")
done
if [ "$sample" -gt 0 ] && [ "$sample" -lt ${#chosen[@]} ]; then
  [ -n "$seed" ] || seed=$(git rev-list --count HEAD 2>/dev/null || echo 0)
  total=${#chosen[@]}
  start=$(( (seed * sample) % total ))
  window=()
  for ((i = 0; i < sample; i++)); do window+=("${chosen[$(( (start + i) % total ))]}"); done
  if [ -n "$changed" ]; then
    mapfile -t files < <(git diff --name-only "$changed" -- 2>/dev/null || true)
    for n in "${chosen[@]}"; do
      file=$(sed -n "${n}p" "$list" | cut -f1)
      for f in "${files[@]}"; do [ "$f" = "$file" ] && window+=("$n"); done
    done
  fi
  mapfile -t chosen < <(printf '%s\n' "${window[@]}" | sort -n -u)
  echo "mutants: ${#chosen[@]} of $total (window from $start, seed $seed${changed:+, and those of files changed since $changed})"
fi

# Restore the file being mutated whatever stops the script.
file="" backup=""
restore() { if [ -n "$backup" ]; then cp "$backup" "$file"; rm -f "$backup"; backup=""; fi; }
trap restore EXIT INT TERM

status=0 killed=0 run=0 equivalent=0 left=()
started=$SECONDS
for n in "${chosen[@]}"; do
  IFS=$'\t' read -r file expr why pkgs < <(sed -n "${n}p" "$list")
  if [[ "$why" == equivalent:* ]]; then
    equivalent=$((equivalent + 1))
    echo "mutants: equivalent $file: ${why#equivalent: }"
    continue
  fi
  if [ "$budget" -gt 0 ] && [ $((SECONDS - started)) -ge "$budget" ]; then
    left+=("$file: $why")
    continue
  fi
  run=$((run + 1))
  [ -n "$pkgs" ] || pkgs="./$(dirname "$file")"
  backup=$(mktemp)
  cp "$file" "$backup"
  sed -i "$expr" "$file"
  t0=$SECONDS
  if cmp -s "$file" "$backup"; then
    echo "mutants: DID NOT APPLY $file: $expr"
    status=1
  elif out=$(go test -count=1 -short $pkgs 2>&1); then
    echo "mutants: SURVIVED $file: $why ($((SECONDS - t0))s)"
    status=1
  elif grep -q -E '\[(build|setup) failed\]' <<<"$out"; then
    echo "mutants: DID NOT BUILD $file: $expr"
    grep -m 3 -E '\.go:[0-9]+:[0-9]+: ' <<<"$out" || true
    status=1
  else
    killed=$((killed + 1))
    echo "mutants: killed $file: $why ($((SECONDS - t0))s)"
  fi
  restore
done
summary="mutants: $killed of $run killed"
[ "$equivalent" -eq 0 ] || summary+=", $equivalent listed as equivalent"
[ ${#left[@]} -eq 0 ] || summary+=", ${#left[@]} not run within the ${budget}s budget"
echo "$summary"
for l in ${left[@]+"${left[@]}"}; do echo "mutants: not run: $l"; done
exit $status
