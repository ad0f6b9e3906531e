package mrv

import (
	"math"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A bounder holds the tables of the branch-and-bound search.
//
// The bound relaxes the puzzle one unit at a time. Within a unit the empty
// cells must take the unit's missing digits, one each; relax each cell's
// candidates to "any digit up to its largest candidate". That relaxed
// assignment is solved exactly by giving the missing digits, largest first,
// each to the heaviest cell still free that may take it (an exchange
// argument: moving a larger digit onto a heavier eligible cell never lowers
// the score). When no free cell may take a digit, the unit cannot be
// completed and the node is dead.
//
// A unit bounds only the cells it holds, and each cell lies in three units,
// so every cell's weight is split into a row part, a column part and a
// region part that add up to the weight. The score of the empty cells is
// then at most the sum over all 3N units of the relaxed best score of the
// unit's own parts: admissible for any split. Putting the whole weight in
// the rows gives the plain row bound, already at most the per-cell bound
// "weight times largest candidate"; the split used is tuned once, at the
// root, by subgradient descent on the bound (Lagrangian decomposition), so
// that each part is as even as it can be within its units, where the
// relaxation is exact.
type bounder struct {
	n     int
	score [maxCells]int64 // weight times partScale
	// part holds the row, column and region parts of every cell's weight,
	// in units of 1/partScale; the three add up to score exactly.
	part [3][maxCells]int64
	maxd [maxCells]uint8 // largest candidate of each empty cell at this node
	// heavy lists the cells of every unit (rows, columns, regions, as in
	// search.free), heaviest part first.
	heavy [3 * solvers.MaxSize][solvers.MaxSize]uint16
}

// partScale is the resolution of the weight split.
const partScale = 1 << 8

// The split is tuned at the root by splitRounds subgradient steps, the
// first moving stepInit*partScale per unit of digit difference, each next
// one stepDecay times less. Measured on the NOIP target tests: 10 rounds
// leave the search 7 times larger than 80 do, 300 rounds save 10% more
// nodes but cost more than they save.
const (
	splitRounds = 80
	stepInit    = 0.5
	stepDecay   = 0.93
)

// newBounder returns the bounder of p under weights, with the split not
// yet tuned.
func newBounder(p *solvers.Puzzle, weights []int) *bounder {
	n := p.Size()
	b := &bounder{n: n}
	fill := make([]int, 3*n)
	for i := range n * n {
		b.score[i] = int64(weights[i]) * partScale
		for _, u := range [3]int{i / n, n + i%n, 2*n + p.Region(i)} {
			b.heavy[u][fill[u]] = uint16(i)
			fill[u]++
		}
	}
	return b
}

// unit returns the relaxed best score of unit u's empty cells under the
// unit's parts, or ok false when the unit cannot be completed. If digit is
// not nil, unit records there the digit the relaxation gives each cell.
func (b *bounder) unit(u int, missing uint32, grid *[maxCells]uint8, digit *[maxCells]float64) (sum int64, ok bool) {
	var atLeast [solvers.MaxSize + 2]uint32 // atLeast[d]: positions whose largest candidate is >= d
	cells := b.heavy[u][:b.n]
	part := &b.part[u/b.n]
	for pos, c := range cells {
		if grid[c] == 0 {
			atLeast[b.maxd[c]] |= 1 << pos
		}
	}
	for d := b.n - 1; d >= 1; d-- {
		atLeast[d] |= atLeast[d+1]
	}
	var taken uint32
	for missing != 0 {
		hi := 31 - bits.LeadingZeros32(missing)
		missing &^= 1 << hi
		free := atLeast[hi+1] &^ taken
		if free == 0 {
			return 0, false
		}
		pos := bits.TrailingZeros32(free)
		taken |= 1 << pos
		sum += part[cells[pos]] * int64(hi+1)
		if digit != nil {
			digit[cells[pos]] = float64(hi + 1)
		}
	}
	return sum, true
}

// upper returns an upper bound on the score of the empty cells, in units of
// 1/partScale, and false if the node is dead.
func (s *search) upper() (int64, bool) {
	b := s.bb
	var ub int64
	for u := range 3 * b.n {
		missing := s.free[u]
		if missing == 0 {
			continue
		}
		sum, ok := b.unit(u, missing, &s.grid, nil)
		if !ok {
			return 0, false
		}
		ub += sum
	}
	return ub, true
}

// setMaxd records the largest candidate of every empty cell left at depth
// k, and reports false if one has none.
func (s *search) setMaxd(k int) bool {
	for _, u := range s.empty[k:s.nEmpty] {
		m := s.free[u.row] & s.free[u.col] & s.free[u.reg]
		if s.extra != nil {
			m &= s.extra.Free(int(u.cell))
		}
		if m == 0 {
			return false
		}
		s.bb.maxd[u.cell] = uint8(32 - bits.LeadingZeros32(m))
	}
	return true
}

// split tunes the weight split on the root position of s, whose bounder is
// b. The bound is convex and piecewise linear in the split, and the digits
// the unit relaxations give each cell form a subgradient: where a cell's
// row gives it a larger digit than its column, weight moves from the row
// part to the column part. The best split seen is kept.
func (b *bounder) split(s *search) {
	n := b.n
	cells := n * n
	third := func(i int) (int64, int64, int64) {
		a := b.score[i] / 3
		return a, a, b.score[i] - 2*a
	}
	for i := range cells {
		b.part[0][i], b.part[1][i], b.part[2][i] = third(i)
	}
	if !s.setMaxd(0) {
		return // the root is dead; any split will do
	}
	var f [3][maxCells]float64 // the split being tuned
	for k := range 3 {
		for i := range cells {
			f[k][i] = float64(b.part[k][i])
		}
	}
	var digit [3][maxCells]float64 // the digit each unit relaxation gives each cell
	best := int64(math.MaxInt64)
	var bestPart [3][maxCells]int64
	step := float64(partScale) * stepInit
	for round := 0; ; round++ {
		b.sortUnits()
		var ub int64
		dead := false
		for u := range 3 * n {
			sum, ok := b.unit(u, s.free[u], &s.grid, &digit[u/n])
			if !ok {
				dead = true
				break
			}
			ub += sum
		}
		if dead {
			return
		}
		if ub < best {
			best = ub
			for k := range 3 {
				copy(bestPart[k][:cells], b.part[k][:cells])
			}
		}
		if round == splitRounds {
			break
		}
		moved := false
		for i := range cells {
			if s.grid[i] != 0 {
				continue
			}
			mean := (digit[0][i] + digit[1][i] + digit[2][i]) / 3
			for k := range 3 {
				if d := digit[k][i] - mean; d != 0 {
					f[k][i] -= step * d
					moved = true
				}
			}
		}
		if !moved {
			break // every cell gets the same digit from its three units
		}
		step *= stepDecay
		for i := range cells {
			b.part[0][i] = int64(math.Round(f[0][i]))
			b.part[1][i] = int64(math.Round(f[1][i]))
			b.part[2][i] = b.score[i] - b.part[0][i] - b.part[1][i]
		}
	}
	for k := range 3 {
		copy(b.part[k][:cells], bestPart[k][:cells])
	}
	b.sortUnits()
}

// sortUnits orders the cells of every unit by their part, heaviest first.
// The order changes little from one call to the next, which suits
// insertion sort.
func (b *bounder) sortUnits() {
	for u := range 3 * b.n {
		part := &b.part[u/b.n]
		cells := b.heavy[u][:b.n]
		for i := 1; i < len(cells); i++ {
			c := cells[i]
			j := i
			for ; j > 0 && part[cells[j-1]] < part[c]; j-- {
				cells[j] = cells[j-1]
			}
			cells[j] = c
		}
	}
}

// bound is dfs with branch and bound: it prunes nodes that cannot beat the
// best solution visited so far, and tries the largest digits first so that
// good solutions come early.
//
// The unit bound is evaluated only where the search branches: at forced
// cells (one candidate) it costs far more than the move. Evaluating it
// everywhere saves 40% of the nodes of the NOIP tests but doubles the time.
func (s *search) bound(k int) {
	if k == s.nEmpty {
		s.visit()
		return
	}
	if s.t.Node() {
		return
	}
	b := s.bb
	bestJ, bestM, bestN := 0, uint32(0), 99
	rest := s.empty[k:s.nEmpty]
	for j := range rest {
		u := &rest[j]
		m := s.free[u.row] & s.free[u.col] & s.free[u.reg]
		if s.extra != nil {
			m &= s.extra.Free(int(u.cell))
		}
		n := bits.OnesCount32(m)
		if n == 0 {
			return
		}
		b.maxd[u.cell] = uint8(32 - bits.LeadingZeros32(m))
		if n < bestN {
			bestJ, bestM, bestN = j, m, n
		}
	}
	// The score is an integer: a node whose bound is below best+1 cannot
	// beat best.
	if bestN > 1 {
		ub, ok := s.upper()
		if !ok || int64(s.score)*partScale+ub < int64(s.best+1)*partScale {
			return
		}
	}
	if bestN > 1 {
		s.t.Stats.Guesses++
	}
	rest[0], rest[bestJ] = rest[bestJ], rest[0]
	u := rest[0]
	c := u.cell
	w := int(b.score[c] / partScale)
	for m := bestM; m != 0; {
		hi := 31 - bits.LeadingZeros32(m)
		bit := uint32(1) << hi
		m &^= bit
		s.free[u.row] &^= bit
		s.free[u.col] &^= bit
		s.free[u.reg] &^= bit
		if s.extra != nil {
			s.extra.Take(int(c), bit)
		}
		s.grid[c] = uint8(hi + 1)
		s.score += w * (hi + 1)
		s.bound(k + 1)
		s.score -= w * (hi + 1)
		s.free[u.row] |= bit
		s.free[u.col] |= bit
		s.free[u.reg] |= bit
		if s.extra != nil {
			s.extra.Put(int(c), bit)
		}
		s.grid[c] = 0
		if s.t.Stop {
			return
		}
	}
}
