package gen

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Work bounds of the jigsaw filler: nodes per attempt, as a multiple of the
// cell count, and attempts. The filler's work is heavy-tailed: on 9x9
// layouts from [Regions] about half the attempts finish within a thousand
// nodes while others run past a hundred thousand, so many short attempts
// beat a few long ones.
const (
	fillNodesPerCell = 20
	fillAttempts     = 200
)

// ErrNoFill is wrapped by the error of [Solution] when the randomized filler
// found no completion for the regions within its work bound: the regions
// probably admit no solution at all.
var ErrNoFill = errors.New("no completion found")

// Solution returns a random complete grid of side size for the regions
// (nil = standard boxes).
//
// Standard grids are a random relabelling, band and stack shuffle and
// transposition of a fixed valid grid, which is instant at every size.
// Jigsaw grids come from a randomized backtracking fill with a bound on its
// work; when that fails Solution returns an error wrapping [ErrNoFill] and
// the caller should try other regions.
func Solution(rng *rand.Rand, size int, regions []uint8) (solvers.Grid, error) {
	p, err := solvers.New(size, make([]uint8, size*size), regions)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	if p.Standard() {
		return shuffledStandard(rng, size, p.BoxSide()), nil
	}
	return fillJigsaw(rng, size, p.Regions(), fillAttempts)
}

func fillJigsaw(rng *rand.Rand, size int, regions []uint8, attempts int) (solvers.Grid, error) {
	for range attempts {
		f := newFiller(rng, size, regions, fillNodesPerCell*size*size)
		if f.fill() {
			return f.grid, nil
		}
	}
	return nil, fmt.Errorf("gen: %dx%d jigsaw regions: %w after %d attempts", size, size, ErrNoFill, attempts)
}

// shuffledStandard returns a random standard grid: the pattern grid
// (r, c) → (box·(r mod box) + r/box + c) mod size, whose rows within a band
// are shifted by box and whose bands are shifted by one, with its bands,
// rows within bands, stacks, columns within stacks and digits permuted at
// random, then transposed half the time. Each step maps valid grids to
// valid grids.
func shuffledStandard(rng *rand.Rand, size, box int) solvers.Grid {
	rows := lineOrder(rng, box)
	cols := lineOrder(rng, box)
	digits := rng.Perm(size)
	transpose := rng.IntN(2) == 1
	g := make(solvers.Grid, size*size)
	for r := range size {
		for c := range size {
			sr, sc := rows[r], cols[c]
			v := digits[(box*(sr%box)+sr/box+sc)%size] + 1
			if transpose {
				g[c*size+r] = uint8(v)
			} else {
				g[r*size+c] = uint8(v)
			}
		}
	}
	return g
}

// lineOrder returns a random order of the size = box² lines of a grid that
// keeps lines of one band together: the bands are shuffled, and the lines
// within each band.
func lineOrder(rng *rand.Rand, box int) []int {
	order := make([]int, 0, box*box)
	for _, band := range rng.Perm(box) {
		for _, k := range rng.Perm(box) {
			order = append(order, band*box+k)
		}
	}
	return order
}
