#!/usr/bin/env bash
# tdoku-build.sh: builds tdoku's benchmark harness, run_benchmark, with the
# benchmark field of tdoku's tables, for tdoku-compare.sh and
# peers-compare.sh: tdoku itself, the C DLX fast_solv_9r2, kudoku, fsss,
# bb_sudoku and, given its checkout, fsss2 (run as fsss2 and fsss2_locked).
#
#   scripts/tdoku-build.sh TDOKU_CHECKOUT DIR [FSSS2_CHECKOUT]
#
# TDOKU_CHECKOUT is a checkout of https://github.com/t-dillon/tdoku (its
# submodules and data are not needed); FSSS2_CHECKOUT one of
# https://github.com/t-dillon/fsss2_bench, the submodule tdoku's
# other/module_fsss2 points to. Both are left untouched and nothing of them
# enters this repository. DIR/run_benchmark is compiled with
# -O3 -march=native, configured as tdoku's CMakeLists.txt would, without
# needing cmake. Environment: CXX, CC (default g++, gcc), FLAGS (default
# "-O3 -march=native"; valgrind knows no AVX-512: "-O3 -march=x86-64-v3"
# for a build to count instructions with).
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
	echo "usage: $0 TDOKU_CHECKOUT DIR [FSSS2_CHECKOUT]" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
out=$2
fsss2=${3:+$(cd "$3" && pwd)}
need() {
	local f
	for f in "${@:2}"; do
		[[ -f $1/$f ]] || { echo "$0: $1/$f missing: not a $(basename "$f" | cut -d. -f1) checkout" >&2; exit 2; }
	done
}
need "$src" src/run_benchmark.cc src/util.cc src/solver_dpll_triad_simd.cc src/build_info.h.in \
	other/other_solvers.cc other/fast_solv_9r2/fast_solv_9r2.c other/kudoku/kudoku.c \
	other/fsss/fsss.cc other/bb_sudoku/bb_sudoku_solver.cpp
[[ -z $fsss2 ]] || need "$fsss2" fsss2.cpp fsss2.h t_128.cpp t_128.h
obj=$(mktemp -d)
trap 'rm -rf "$obj"' EXIT

cxx=${CXX:-g++}
cc=${CC:-gcc}
flags=${FLAGS:-"-O3 -march=native"}
defs="-DFAST_SOLV_9R2 -DKUDOKU -DFSSS -DBB_SUDOKU"
c=(other/fast_solv_9r2/fast_solv_9r2.c other/kudoku/kudoku.c)
cxxsrc=(src/run_benchmark.cc src/util.cc src/solver_dpll_triad_simd.cc other/other_solvers.cc
	other/fsss/fsss.cc other/bb_sudoku/bb_sudoku_solver.cpp)
if [[ -n $fsss2 ]]; then
	# other_solvers.cc includes "module_fsss2/fsss2.h", where tdoku keeps
	# the submodule: a link in the object directory stands in for it.
	defs="$defs -DFSSS2"
	ln -s "$fsss2" "$obj/module_fsss2"
fi
sed -e "s|\${CMAKE_C_COMPILER_ID}|$cc|; s|\${CMAKE_CXX_COMPILER_ID}|$cxx|" \
	-e 's|\${CMAKE_C_COMPILER_VERSION}||; s|\${CMAKE_CXX_COMPILER_VERSION}||' \
	-e "s|\${CMAKE_C_FLAGS}| $flags|; s|\${CMAKE_CXX_FLAGS}| $flags|" \
	"$src/src/build_info.h.in" >"$obj/build_info.h"
echo "building tdoku's run_benchmark ($(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo 'no git'))" \
	"${fsss2:+and fsss2 ($(git -C "$fsss2" rev-parse --short HEAD 2>/dev/null || echo 'no git')) }with $cxx $flags" >&2
# The peers' own warnings are theirs: only errors are shown.
for f in "${c[@]}"; do
	$cc $flags $defs -c "$src/$f" -o "$obj/$(basename "$f").o" 2>"$obj/log" || { cat "$obj/log" >&2; exit 1; }
done
for f in "${cxxsrc[@]}"; do
	$cxx -std=c++14 $flags $defs -I"$obj" -I"$src/src" -I"$src/other" -c "$src/$f" -o "$obj/$(basename "$f").o" \
		2>"$obj/log" || { cat "$obj/log" >&2; exit 1; }
done
if [[ -n $fsss2 ]]; then
	for f in fsss2.cpp t_128.cpp; do
		$cxx -std=c++14 $flags -c "$fsss2/$f" -o "$obj/fsss2-$f.o" 2>"$obj/log" || { cat "$obj/log" >&2; exit 1; }
	done
fi
$cxx $flags "$obj"/*.o -o "$out/run_benchmark"
