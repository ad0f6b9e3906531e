// Package mrv solves sudoku by depth-first search on bitmasks, always
// branching on the empty cell with the fewest candidates (minimum remaining
// values).
//
// Each row, column and region keeps a bitmask of the digits it already
// holds, so a cell's candidates are one OR and a complement away, and a
// popcount ranks it; choosing the most constrained cell shrinks the naive
// search tree by orders of magnitude. Extra units (X-sudoku's diagonals,
// windoku's windows) keep masks of their own, looked up by cell.
//
// When [solvers.Options.Objective] is set, the search becomes branch and
// bound for the best-scoring solution (NOIP 2009 "target sudoku"): the
// largest digits are tried first, and a subtree is abandoned once an
// admissible upper bound on its score cannot beat the best solution already
// visited. The bound relaxes each row, column and region on its own, with
// every cell's weight split between its three units; bound.go explains why
// it is admissible and how the split is chosen.
package mrv
