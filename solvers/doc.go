// Package solvers is the puzzle model shared by every sudoku strategy and the
// contract each strategy implements.
//
// A [Puzzle] is an N×N grid (N = 4, 9, 16 or 25) whose cells hold 0 for empty
// or a digit 1..N, and whose cells are partitioned into N regions: the
// standard boxes, or any jigsaw partition. A [Strategy] searches a puzzle for
// its completions; the helpers [First], [Count] and [Maximize] express the
// three search modes (first solution, count up to a limit, enumerate for the
// best score) on top of the single [Strategy.Search] method, so a strategy
// implements one search and gets all three.
//
// The strategies themselves live in sub-packages (naive, mrv, dlx, propagate,
// fast); package strategies lists them by their stable names.
package solvers
