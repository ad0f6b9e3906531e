// Package contest is the contest contract every other part of sudoku-judge
// shares: verdicts and their one severity order, tests, a checker's result,
// the Checker interface with the one panic-safe, context-aware way to call
// it ([Run]), the stock checkers (lines, tokens), a registry of checkers by
// name, the line diff users see ([LineDiff]: Myers' shortest, its hunks
// those of GNU diff -u), and the one rule that makes a program-controlled
// string safe and short ([Safe], [Short], [Message]).
//
// It is the bottom of the import graph: problems, the judges and bench
// import it, and it imports nothing else of this module.
package contest
