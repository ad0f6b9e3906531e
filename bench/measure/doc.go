// Package measure runs the benchmarks of package workload from a program
// rather than from `go test`: repeated passes of every strategy and contest
// program over every workload, interleaved (A B A B) so that a change in the
// machine's load hits all of them alike, with each puzzle timed on its own.
//
// It writes the results in Go's benchmark format (golang.org/x/perf/benchfmt)
// under the same names as `go test -bench ./bench`, so benchstat and
// `sudoku-judge compare` read either, and the per-puzzle times to a JSON
// sidecar file that `sudoku-judge report` draws distributions from.
package measure
