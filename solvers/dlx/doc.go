// Package dlx is the "dlx" sudoku strategy: the puzzle becomes an exact
// cover problem solved by package exactcover with dancing links, always
// branching on the constraint with the fewest candidates left.
//
// Each open cell and digit consistent with the givens is a row; each
// constraint the givens leave open (a cell to fill, or a digit to place in
// a row, a column or a region) is a column. Regions come from the puzzle, so
// jigsaw grids and every supported size (4, 9, 16, 25) work unchanged.
// The strategy finds every solution, so it ignores [solvers.Options]
// Objective: Maximize still gets the best grid, by visiting them all.
package dlx
