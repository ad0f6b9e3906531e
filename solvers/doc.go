// Package solvers is the puzzle model shared by every sudoku strategy and the
// contract each strategy implements.
//
// A [Puzzle] is an N×N grid (N = 4, 9, 16 or 25) whose cells hold 0 for empty
// or a digit 1..N, and whose cells are partitioned into N regions: the
// standard boxes, or any jigsaw partition. Variants add extra units as data
// ([Diagonals] for X-sudoku, [Windows] for windoku). A [Strategy] searches a puzzle for
// its completions; the helpers [First], [Count] and [Maximize] express the
// three search modes (first solution, count up to a limit, enumerate for the
// best score) on top of the single [Strategy.Search] method, so a strategy
// implements one search and gets all three.
//
// Every strategy declares the sizes and features it handles ([Support]) and
// starts its search with [Prepare], which applies the misuse, support and
// clash rules for all; a [Tally] keeps the limit, visitor, statistics and
// context, so a strategy's code is only its search.
//
// The strategies themselves live in sub-packages (naive, mrv, dlx, propagate,
// fast); package strategies lists them by their stable names.
package solvers
