// Package naive solves sudoku by plain backtracking: it fills the empty
// cells in row-major order, trying each digit the cell's row, column and
// region still allow.
//
// Extra units (X-sudoku's diagonals, windoku's windows) narrow the digits
// a cell may take in the same way.
//
// It is the baseline the other strategies are measured against, the search
// "before reordering": per-unit bitmasks make each step cheap, but without
// choosing the most constrained cell the search tree on hard puzzles is
// orders of magnitude larger than with [mrv]. It ignores
// [solvers.Options.Objective] and so enumerates every completion when asked
// for the best one.
//
// [mrv]: github.com/sudoku-judge/sudoku-judge/solvers/mrv
package naive
