#!/usr/bin/env bash
# tdoku-build.sh: builds tdoku's benchmark harness, run_benchmark, with its
# own solver and the C DLX fast_solv_9r2, for tdoku-compare.sh and
# peers-compare.sh.
#
#   scripts/tdoku-build.sh TDOKU_CHECKOUT DIR
#
# TDOKU_CHECKOUT is a checkout of https://github.com/t-dillon/tdoku; it is
# left untouched and nothing of it enters this repository. DIR/run_benchmark
# is compiled with -O3 -march=native, configured as tdoku's CMakeLists.txt
# would, without needing cmake. Environment: CXX, CC (default g++, gcc).
set -euo pipefail

if [[ $# -ne 2 ]]; then
	echo "usage: $0 TDOKU_CHECKOUT DIR" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
out=$2
for f in src/run_benchmark.cc src/util.cc src/solver_dpll_triad_simd.cc src/build_info.h.in \
	other/other_solvers.cc other/fast_solv_9r2/fast_solv_9r2.c; do
	[[ -f $src/$f ]] || { echo "$0: $src/$f missing: not a tdoku checkout" >&2; exit 2; }
done
obj=$(mktemp -d)
trap 'rm -rf "$obj"' EXIT

cxx=${CXX:-g++}
cc=${CC:-gcc}
flags="-O3 -march=native"
sed -e "s|\${CMAKE_C_COMPILER_ID}|$cc|; s|\${CMAKE_CXX_COMPILER_ID}|$cxx|" \
	-e 's|\${CMAKE_C_COMPILER_VERSION}||; s|\${CMAKE_CXX_COMPILER_VERSION}||' \
	-e "s|\${CMAKE_C_FLAGS}| $flags|; s|\${CMAKE_CXX_FLAGS}| $flags|" \
	"$src/src/build_info.h.in" >"$obj/build_info.h"
echo "building tdoku's run_benchmark ($(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo 'no git')) with $cxx $flags" >&2
$cc $flags -DFAST_SOLV_9R2 -c "$src/other/fast_solv_9r2/fast_solv_9r2.c" -o "$obj/fast_solv_9r2.o" 2>/dev/null
for f in src/run_benchmark.cc src/util.cc src/solver_dpll_triad_simd.cc other/other_solvers.cc; do
	$cxx -std=c++14 $flags -DFAST_SOLV_9R2 -I"$obj" -I"$src/src" -c "$src/$f" -o "$obj/$(basename "$f").o" 2>/dev/null
done
$cxx $flags "$obj"/*.o -o "$out/run_benchmark"
