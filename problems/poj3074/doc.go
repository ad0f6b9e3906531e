// Package poj3074 is POJ 3074 "Sudoku" (Stanford Local 2006): 9×9 puzzles
// given one 81-character line each, terminated by a line "end", answered by
// one 81-digit line each.
//
// Every puzzle of the judge's data has exactly one solution, so outputs are
// compared line by line. The data are hard: the official file starts with
// Norvig's top95, and the generated tests add magictour's top1465 and the
// forum's hardest puzzles, on which naive backtracking runs out of time.
//
// A puzzle without a solution, which the judge's input never has, makes
// SolveCase return an error that shows the puzzle (and its clashing givens,
// if any); [problems.Solve] then stops and writes no output at all.
package poj3074
