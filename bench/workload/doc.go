// Package workload says what the benchmarks measure: a (problem, set) pair
// whose puzzles every strategy solves, with the same names in `go test
// -bench` and in `sudoku-judge bench`, so that benchstat can slice both.
//
// The problem "sudoku" is the standard measurement on the public sets of
// testdata/: count up to two solutions of each puzzle (the uniqueness
// check). A contest problem (poj3074, ...) is measured on its own tests
// (set "tests") or on a public set written in its input format, each case
// answered by the problem's SolveCase, as a contest program would.
// Benchmark names read
//
//	Solve/problem=sudoku/strategy=dlx/set=hardest1106
//	Solve/problem=poj3074/strategy=mrv/set=tests
package workload
