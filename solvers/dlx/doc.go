// Package dlx is the "dlx" sudoku strategy: the puzzle becomes an exact
// cover problem solved by package exactcover with dancing links, always
// branching on the constraint with the fewest candidates left.
//
// Each cell and digit is a row; each constraint (a cell to fill, or a
// digit to place in a row, a column, a region or an extra unit) is a
// column. The givens' rows are selected, so the search starts from the
// candidates and open constraints alone. The matrix depends only on the
// grid's shape and is kept from one puzzle to the next. Regions come from
// the puzzle, so jigsaw grids and every supported size (4, 9, 16, 25) work
// unchanged.
// The strategy finds every solution, so it ignores [solvers.Options]
// Objective: Maximize still gets the best grid, by visiting them all.
package dlx
