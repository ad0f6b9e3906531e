// Package gen makes random sudoku test data for the problem generators:
// complete grids, puzzles with a unique solution, several solutions or none,
// and squiggly (jigsaw) region layouts.
//
// Every function draws all its randomness from the *rand.Rand it is given,
// so the same seed gives the same output. Uniqueness is decided by the
// solvers.Strategy the caller passes, never guessed: a puzzle returned as
// unique has been counted to have exactly one solution.
package gen
