// Package hdu4069 is HDU 4069 "Squiggly Sudoku" (ACM/ICPC Asia Regional
// Fuzhou 2011, online contest): 9×9 puzzles whose regions are drawn by walls,
// each answered with its unique solution, "No solution" or "Multiple
// Solutions".
//
// A cell of the input is one integer: its digit in the low four bits plus
// 16, 32, 64 and 128 for walls above it, right of it, below it and left of
// it. The parser turns the walls into regions and rejects inputs the
// statement rules out: walls recorded on one side of a boundary only, or
// walls that do not cut the grid into nine regions of nine cells.
//
// The judge publishes only the sample, so the secret tests are generated
// by package gen, with a unique, several or no solutions; some unsolvable
// ones have givens that clash, the rest only fail under search.
package hdu4069
