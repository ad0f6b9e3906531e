// Package extra keeps the digits each extra unit of a puzzle still misses,
// looked up by cell, for the bitmask searches (naive, mrv) whose own masks
// cover only rows, columns and regions.
//
// A cell may lie in any number of extra units (the centre of an X-sudoku
// lies on both diagonals), so the units of every cell are listed apart
// from the search's fixed-size masks, and a puzzle without extra units
// costs the search one nil test per step.
package extra
