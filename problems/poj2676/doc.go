// Package poj2676 is POJ 2676 "Sudoku" (SEERC 2005): T cases of 9×9 grids
// written as 9 lines of 9 digits, 0 for an empty cell, each answered by its
// completed grid in the same layout.
//
// The problem has a special judge: a case may have many completions, and
// any one that keeps the givens and obeys the rules is accepted. Its
// [Checker] therefore checks the sudoku rules instead of comparing bytes,
// and reports a right grid in the wrong layout as a presentation error.
//
// The judge's inputs are always solvable. A case without a completion makes
// SolveCase return an error that shows the puzzle (and its clashing givens,
// if any); [problems.Solve] then stops and writes no output at all, rather
// than an answer the special judge would have to reject.
package poj2676
