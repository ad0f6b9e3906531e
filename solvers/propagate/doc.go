// Package propagate solves sudoku by constraint propagation with search, in
// the manner of Norvig's solver: every cell keeps a bitmask of candidates,
// a placed digit is eliminated from the cell's peers, a cell left with one
// candidate is placed (naked single), and a digit left with one place in a
// row, column or region is placed there (hidden single). When propagation
// stalls the search branches on an unsolved cell with the fewest
// candidates.
//
// Each branch works on a copy of the candidate masks on a preallocated
// stack, so backtracking is dropping a level and the search allocates
// nothing per node. Propagation solves most easy puzzles without a single
// guess and keeps the tree of hard ones small, at a higher cost per node
// than [mrv]. The strategy ignores [solvers.Options.Objective].
//
// [mrv]: github.com/sudoku-judge/sudoku-judge/solvers/mrv
package propagate
