// Package poj3076 is POJ 3076 "Sudoku" (SEERC 2006): 16×16 puzzles of
// letters A-P with '-' for an empty cell, each 16 lines, separated by an
// empty line and read until the end of the input; each is answered by its
// solved grid in the same layout.
//
// The puzzles have a unique solution, so outputs are compared line by line;
// the [Checker] ignores empty lines, since the judge's statement and its
// mirrors disagree on where they go.
//
// A puzzle without a solution, which the judge's input never has, makes
// SolveCase return an error (naming clashing givens, if any);
// [problems.Solve] then stops and writes no output at all.
package poj3076
