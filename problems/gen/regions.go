package gen

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Work of [Regions]: swap rounds, swaps tried per round as a multiple of
// the cell count, and fill attempts for each new grid. A 9x9 layout takes
// about 0.1 s; more rounds mix it further but slowly (twice the rounds move
// about a seventh more cells out of their boxes).
const (
	refillAttempts = 5
	swapRounds     = 60
	swapsPerCell   = 2
)

// Regions returns a random partition of a size×size grid into size
// connected regions of size cells each (squiggly sudoku), one that admits at
// least one solution.
//
// It starts from a random standard grid and its boxes, and tries many swaps:
// a cell of region A next to region B moves into B while a cell of B next to
// A holding the same digit moves into A, kept when both regions stay
// connected. Every region then still holds each digit once, so the grid
// solves the layout: no search is needed to prove it admissible. Between
// rounds a fresh random solution of the layout replaces the grid, when the
// filler of [Solution] finds one quickly. Larger grids skip the refills,
// which cost seconds there, and keep most cells in their boxes: about 90%
// at 16x16, against about 55% at 9x9.
// (Swapping two neighbouring cells would not do: in the standard boxes a cell
// on a box's side has a single neighbour in the next box, and loses it.)
func Regions(rng *rand.Rand, size int) ([]uint8, error) {
	p, err := solvers.New(size, make([]uint8, size*size), nil)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	// A pattern grid is too regular to allow swaps; a randomly filled one
	// does.
	grid, err := fillJigsaw(rng, size, p.Regions(), refillAttempts)
	if err != nil {
		grid = shuffledStandard(rng, size, p.BoxSide())
	}
	regions := solvers.StandardRegions(size)
	for range swapRounds {
		for range swapsPerCell * size * size {
			trySwap(rng, size, grid, regions)
		}
		// A new solution of the layout allows swaps the old one did not.
		// Beyond 9x9 the filler is too slow for this to pay.
		if size > 9 {
			continue
		}
		if g, err := fillJigsaw(rng, size, regions, refillAttempts); err == nil {
			grid = g
		}
	}
	return regions, nil
}

// trySwap moves a random cell a of region A into a neighbouring region B,
// and the cell b of B holding a's digit into A, unless that disconnects
// either region.
func trySwap(rng *rand.Rand, size int, grid solvers.Grid, regions []uint8) {
	a := rng.IntN(size * size)
	nb := neighbours(size, a)
	x := nb[rng.IntN(len(nb))]
	ra, rb := regions[a], regions[x]
	if ra == rb {
		return
	}
	b := -1
	for i, r := range regions {
		if r == rb && grid[i] == grid[a] {
			b = i
			break
		}
	}
	if b < 0 { // grid does not solve the layout; cannot happen
		return
	}
	regions[a], regions[b] = rb, ra
	if !connected(size, regions, ra, b) || !connected(size, regions, rb, a) {
		regions[a], regions[b] = ra, rb
	}
}

// neighbours returns the cells orthogonally next to cell i.
func neighbours(size, i int) []int {
	r, c := i/size, i%size
	var out []int
	if r > 0 {
		out = append(out, i-size)
	}
	if r < size-1 {
		out = append(out, i+size)
	}
	if c > 0 {
		out = append(out, i-1)
	}
	if c < size-1 {
		out = append(out, i+1)
	}
	return out
}

// connected reports whether every cell of region reg is reachable from its
// cell start through orthogonal steps inside the region.
func connected(size int, regions []uint8, reg uint8, start int) bool {
	seen := make([]bool, len(regions))
	seen[start] = true
	stack := []int{start}
	reached := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for _, j := range neighbours(size, i) {
			if !seen[j] && regions[j] == reg {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	total := 0
	for _, r := range regions {
		if r == reg {
			total++
		}
	}
	return reached == total
}
