package fast_test

import (
	"math/rand/v2"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// reference counts the solutions of p up to limit by plain backtracking
// over the cells in order, independently of the code under test. It gives
// up (ok false) after maxNodes nodes.
func reference(p *solvers.Puzzle, limit, maxNodes int) (count int, ok bool) {
	n := p.Size()
	units := p.Units()
	unitsOf := make([][]int, n*n)
	for u, cells := range units {
		for _, c := range cells {
			unitsOf[c] = append(unitsOf[c], u)
		}
	}
	used := make([]uint32, len(units)) // digits present in each unit
	g := p.Givens()
	for c, v := range g {
		if v == 0 {
			continue
		}
		for _, u := range unitsOf[c] {
			if used[u]&(1<<v) != 0 {
				return 0, true // clashing givens
			}
			used[u] |= 1 << v
		}
	}
	nodes := 0
	var rec func(c int) bool // false: stop
	rec = func(c int) bool {
		for c < len(g) && g[c] != 0 {
			c++
		}
		if c == len(g) {
			count++
			return count < limit
		}
		if nodes++; nodes > maxNodes {
			return false
		}
		for v := uint8(1); int(v) <= n; v++ {
			free := true
			for _, u := range unitsOf[c] {
				if used[u]&(1<<v) != 0 {
					free = false
				}
			}
			if !free {
				continue
			}
			for _, u := range unitsOf[c] {
				used[u] |= 1 << v
			}
			g[c] = v
			more := rec(c + 1)
			g[c] = 0
			for _, u := range unitsOf[c] {
				used[u] &^= 1 << v
			}
			if !more {
				return false
			}
		}
		return true
	}
	rec(0)
	return count, nodes <= maxNodes
}

// jigsawRegions returns a jigsaw partition of the 9x9 grid for which the
// full grid sol is still a solution: starting from the standard boxes, it
// swaps cells holding the same digit between regions, so that every region
// keeps one of each digit.
func jigsawRegions(rng *rand.Rand, sol solvers.Grid, swaps int) []uint8 {
	regions := solvers.StandardRegions(9)
	for k := 0; k < swaps; k++ {
		a, b := rng.IntN(81), rng.IntN(81)
		if sol[a] == sol[b] {
			regions[a], regions[b] = regions[b], regions[a]
		}
	}
	return regions
}
