// Package exactcover solves exact cover problems with Knuth's Algorithm X
// using dancing links. It knows nothing of sudoku: callers encode their
// puzzle as a 0/1 matrix and this package finds the sets of rows that cover
// every primary column exactly once and every secondary column at most once.
//
// A [Matrix] keeps its nodes in one flat array linked by 32-bit indices, so
// a search allocates nothing per node, and [Matrix.Reset] lets a caller
// reuse the storage for the next problem. [Matrix.Select] puts rows into
// every solution and [Matrix.Deselect] takes them out again, so that many
// problems that differ only in such rows, as sudokus of one shape differ
// in their givens, share one matrix. [Matrix.Search] always branches
// on a primary column with the fewest remaining rows. Two departures from
// Knuth's paper make it faster without changing what it finds: columns
// left with one row are queued as they appear instead of found by scanning
// every column, and the chosen row stays linked while its columns are
// covered. A matrix whose rows all have four 1s and that has at most 1<<16
// nodes, as every sudoku's does, is searched on a compact copy of its
// links with 16-bit indices, which Go indexes without bounds checks; the
// copy is kept for the next search of the same matrix.
package exactcover
