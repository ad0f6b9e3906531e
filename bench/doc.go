// Package bench holds the benchmarks of every (problem, strategy, set), in
// Go's benchmark format, named so that benchstat can slice them:
//
//	BenchmarkSolve/problem=sudoku/strategy=dlx/set=hardest1106
//	BenchmarkSolve/problem=poj3074/strategy=dlx/set=tests
//
// problem=sudoku is the standard measurement on the public sets of
// testdata/: count up to two solutions of each puzzle, the uniqueness check.
// A contest problem is measured on its own tests (set=tests), each case
// through the problem's SolveCase. One op is one pass over the set; each
// result also reports ns/puzzle, guesses/puzzle and allocations. See
// package workload for what each name means.
//
// The pairs that take minutes (naive on the hard sets) are skipped unless
// BENCH_FULL=1 is set; a strategy that does not handle the puzzles is skipped. With
// -short each set is cut to its first few puzzles, for CI's smoke run:
//
//	go test -run '^$' -bench . -benchtime=1x -short ./bench
//
// Compare two runs with benchstat or `sudoku-judge compare`, which take
// the same projections, e.g. across strategies:
//
//	go test -run '^$' -bench . -count 10 ./bench > new.txt
//	benchstat -col /strategy -filter /problem:sudoku new.txt
//	sudoku-judge compare -col /strategy -filter '/strategy:(mrv OR dlx)' new.txt
//
// `sudoku-judge bench` (package bench/measure) makes the same measurements
// from the command line, adds contest programs and per-puzzle times, and
// writes the same format.
package bench
