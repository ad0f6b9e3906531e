// Package fast is the bit-parallel sudoku strategy, the reference
// solver for every 9x9 problem: standard and jigsaw regions, first
// solution, counting, enumeration, and branch and bound for an objective.
//
// Candidates are held as one 81-bit board per digit, so naked and hidden
// singles and locked candidates are found with a few dozen word operations
// per digit. The unit masks come from the puzzle's regions (extra units,
// such as X-sudoku's diagonals, only widen each cell's peers); those of the
// standard boxes are computed once per strategy value, and standard grids
// get branch-free hidden singles and locked candidates over whole bands.
// Standard grids also count the digits each triad (a line's three cells
// in a box) may and must hold, and guess which triads of a band hold a
// digit (triads.go); other grids guess on the bivalue cell with the most
// empty peers. On amd64 with AVX, BMI1 and BMI2 the singles of standard
// grids run to their fixed point in one call of assembly (singles9.go,
// generated with the 16x16 kernels below into kernels_amd64.s). The search
// copies a small fixed-size state per guess; it does not allocate while
// solving. Under an objective it bounds every node by the best assignment
// of each unit's empty cells, with each cell's weight split between its
// row, column and region by a Lagrangian decomposition tuned on the root,
// and explores the most promising child first.
//
// The standard 16x16 grid has an engine of the same design (wide16.go,
// wide16prop.go): a 256-bit board per digit, one band of boxes per word,
// singles and locked candidates by word operations, guesses on the
// bivalue cell whose choices force the most naked singles. On amd64 with
// AVX2 a board is one 256-bit register, and singles, locked candidates
// and the bivalue cells are found in assembly (kernels_amd64.s, generated
// by ./avo with avo; the build tag purego, or another processor, takes
// the Go twins).
//
// The other grids (4x4, 25x25, and 16x16 with other regions or extra
// units) go to the wide engine (wide.go, wideprop.go): a candidate mask
// per cell and a place mask per unit and digit, both updated at every
// removal, so naked and hidden singles are found where they arise; locked
// candidates and hidden pairs on the place masks that changed; guesses on
// the cell with the fewest candidates (weighed by what it settles) or a
// digit with fewer places. Neither has a bound under an objective: they
// visit every solution.
//
// The code reads top down: fast.go (the strategy), search.go (states and
// the search), propagate.go (placing digits, the deduction loop),
// singles.go and locked.go (the deductions), topology.go and board.go (unit
// masks and cell sets), bound.go, split.go and maximize.go (the
// objective), wide16.go (the standard 16x16 grid), wide.go (the other
// grids).
package fast
