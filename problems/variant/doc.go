// Package variant makes a sudoku problem of data alone: a problem package
// whose problem.yaml declares its topology (harness.sudoku, a
// [problems.Topology]: the grid's size, a region map, extra units such as
// diagonals or windows) needs no Go package. [New] gives it the rest of a
// [problems.Problem]: a strict parser of its one-puzzle-a-line input, the
// answers (the solution, or that there is none or several), every
// built-in strategy that handles its units, and a generator of every kind.
//
// The catalog builds one for each folder of problems/ that has no Go
// package of its own; the judge builds one for a Kattis package whose
// sudoku-judge.yaml declares a topology.
package variant
