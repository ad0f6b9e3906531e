// Package workload says what the benchmarks measure: a (problem, set) pair
// whose puzzles every strategy solves, with the same names in `go test
// -bench` and in `sudoku-judge bench`, so that benchstat can slice both.
//
// A problem= name is one of two declared kinds (see Problems), and the
// rest of the package asks it rather than testing which it is: "sudoku"
// is the standard measurement on the public sets (count up to two
// solutions of each puzzle, the uniqueness check, against what the set
// declares); a contest problem (poj3074, ...) is measured on its own tests
// (set "tests") or on a public set written in its input format, each case
// answered by the problem's SolveCase and judged by its checker, as a
// contest program would be. What takes minutes is declared with the
// puzzles: a problem's harness.slow, a public set's Slow. Benchmark names
// read
//
//	Solve/problem=sudoku/strategy=dlx/set=hardest1106
//	Solve/problem=poj3074/strategy=mrv/set=tests
//	Solve/problem=poj3074/program=fast/set=tests
//
// the last for a contest program timed as a whole process, under a key of
// its own, never strategy=.
package workload
