#!/usr/bin/env bash
# verify-kattis.sh: exports every problem as a Kattis problem package and
# checks each with Kattis' own verifyproblem (problemtools v1.20231016, the
# last release that runs on Debian 12's Python packages): no errors, and
# every submission gets the verdict its folder names. It also compares
# problemtools' default validator with ours on random outputs.
#
#   scripts/verify-kattis.sh [PROBLEMTOOLS]
#
# PROBLEMTOOLS is where problemtools' source comes from: a checkout, a git
# directory (bare or not) holding the tag v1.20231016, or nothing, to clone
# https://github.com/Kattis/problemtools. Either way the release is
# unpacked outside this repository, in $CACHE (default
# ~/.cache/sudoku-judge/problemtools-v1.20231016), and its default
# validator built there; nothing of it enters the repository. It runs with
# /usr/bin/python3 and Debian's python3-yaml and python3-plastex, which the
# script installs as root when missing. The statement is checked only where
# pdflatex and the TeX packages problemtools' template loads are installed
# (Debian: texlive-latex-recommended texlive-fonts-recommended
# texlive-latex-extra texlive-plain-generic texlive-pictures
# texlive-lang-cyrillic); without them the other parts are checked.
#
# CI does not run this: it reaches no GitHub, and problemtools is not in
# Debian or npm. Exit 0 when every package verifies, 1 when one does not,
# 2 when problemtools cannot be prepared.
set -euo pipefail
cd "$(dirname "$0")/.."
tag=v1.20231016
cache=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sudoku-judge/problemtools-$tag}
src=${1:-}

fail() { echo "verify-kattis: $*" >&2; exit 2; }

if [ ! -f "$cache/problemtools/verifyproblem.py" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  if [ -z "$src" ]; then
    git clone -q --bare https://github.com/Kattis/problemtools "$tmp/git" || fail "cannot clone problemtools: give a checkout or git directory"
    src=$tmp/git
  fi
  if [ -d "$src/.git" ]; then src=$src/.git; fi
  mkdir -p "$cache"
  git --git-dir="$src" archive "$tag" | tar -x -C "$cache" || fail "$src has no tag $tag"
fi

if ! /usr/bin/python3 -c 'import yaml, plasTeX' 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-yaml python3-plastex >/dev/null || fail "cannot install python3-yaml python3-plastex"
  else
    fail "problemtools needs /usr/bin/python3 with yaml and plasTeX: apt-get install python3-yaml python3-plastex"
  fi
fi
make -s -C "$cache/support/default_validator" >/dev/null || fail "cannot build problemtools' default validator"
command -v pdflatex >/dev/null || echo "verify-kattis: no pdflatex: the statements are not checked"

echo "verify-kattis: problemtools $tag in $cache"
log=$(mktemp)
status=0
SUDOKU_JUDGE_PROBLEMTOOLS=$cache go test -count=1 -timeout 3h -run 'TestVerifyproblem|TestDefaultValidatorAgreesWithProblemtools' \
  -v ./problems/kattis >"$log" 2>&1 || status=1
grep -E '^(--- |\s+--- |ok|FAIL|PASS)|tested:|submission .* (OK|got)|ERROR|WARNING' "$log" || cat "$log"
rm -f "$log"
exit $status
