// Package xsudoku is X-sudoku, a variant problem of our own: a 9x9 sudoku
// whose two main diagonals must also hold every digit once. Each puzzle is
// one line of 81 cells; each answer one line, the solution when it is
// unique, else "No solution" or "Multiple Solutions".
//
// The diagonals are extra units of the puzzle model ([solvers.Diagonals]),
// so every strategy that declares extra units solves it, and one that
// ignored them would print a solution that repeats a digit on a diagonal
// or miss a clash there: the tests have both.
package xsudoku
