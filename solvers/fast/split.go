package fast

import (
	"math"
	"math/bits"
)

// The weight split. A unit bounds only the cells it holds, and each cell
// lies in three units, so each cell's weight is split into a row, a column
// and a region part that add up to the weight: the score of the empty cells
// is then at most the sum over the 27 units of the best assignment of each
// unit's cells under their parts, whatever the split. The split is tuned
// once, on the root, by subgradient descent on that sum (Lagrangian
// decomposition): where a cell's row gives it a larger digit than its
// column, weight moves from the row part to the column part, until the
// three units agree as far as they can.
//
// The subgradient comes from the relaxation of the unit bound (see relax),
// which is solved greedily and says which digit each cell gets. Tuning on
// the exact unit bound prunes no more and costs ten times as much.

// partScale is the resolution of the split: parts are in units of
// 1/partScale.
const partScale = 1 << 8

// The split is tuned by splitRounds subgradient steps, the first moving
// stepInit of the mean weight per unit of digit difference, each next one
// stepDecay times less. Measured on the NOIP target tests and on random
// weights: 80 rounds save a fifth of the nodes but cost more than they
// save, 20 rounds lose more nodes than they save.
const (
	splitRounds = 40
	stepInit    = 1.0 / 24
	stepDecay   = 0.9
)

// evenSplit gives each unit a third of every weight.
func (s *scorer) evenSplit() {
	for c, w := range s.weights {
		a := int64(w) * partScale / 3
		s.part[0][c], s.part[1][c], s.part[2][c] = a, a, int64(w)*partScale-2*a
	}
	s.sortParts()
}

// sortParts orders the cells of every unit by their part, heaviest first.
func (s *scorer) sortParts() {
	for u := range s.byPart {
		part := &s.part[u/9]
		cells := &s.byPart[u]
		i := 0
		for b := s.topo.unit[u]; !b.isZero(); b = b.dropFirst() {
			c := uint8(b.first())
			j := i
			for ; j > 0 && part[cells[j-1]] < part[c]; j-- {
				cells[j] = cells[j-1]
			}
			cells[j] = c
			i++
		}
	}
}

// split tunes the split of s on the propagated root st and keeps the one
// with the lowest relaxed bound.
func (s *scorer) split(st *state) {
	t := newTuner(s, st)
	best, bestPart := int64(math.MaxInt64), s.part
	for round := 0; t.n > 0; round++ {
		total, ok := t.relaxed()
		if !ok {
			break // no solution: any split will do
		}
		if total < best {
			best, bestPart = total, s.part
		}
		if round == splitRounds || !t.step() {
			break
		}
	}
	s.part = bestPart
	s.sortParts()
}

// A tuner is the state of split.
type tuner struct {
	s       *scorer
	maxd    [numCell]uint8  // largest candidate of each empty cell
	missing [numUnit]uint16 // the digits of each unit's empty cells
	// cells holds the empty cells of each unit, kept sorted by part from
	// round to round: insertion sort suits an order that changes little.
	cells [numUnit][9]uint8
	k     [numUnit]int
	empty [numCell]uint8 // the empty cells
	n     int
	f     [3][numCell]float64 // the parts of the empty cells, unrounded
	got   [3][numCell]int8    // the digit each unit gives each cell
	size  float64             // the size of the next step
}

func newTuner(s *scorer, st *state) *tuner {
	t := &tuner{s: s}
	for d := range st.cand {
		for x := st.cand[d].and(st.todo); !x.isZero(); x = x.dropFirst() {
			t.maxd[x.first()] = uint8(d + 1)
		}
	}
	for u := range t.cells {
		for _, c := range s.byPart[u] {
			if t.maxd[c] != 0 {
				t.cells[u][t.k[u]] = c
				t.k[u]++
			}
		}
		for d := range st.cand {
			if !st.cand[d].and(st.todo).and(s.topo.unit[u]).isZero() {
				t.missing[u] |= 1 << uint(d)
			}
		}
	}
	mean := 0.0
	for c, w := range s.weights {
		if t.maxd[c] != 0 {
			for j := range t.f {
				t.f[j][c] = float64(s.part[j][c])
			}
			t.empty[t.n] = uint8(c)
			t.n++
			mean += float64(w)
		}
	}
	if t.n > 0 {
		// Three times the step: the gaps in step are three times too.
		t.size = stepInit * mean / float64(t.n) * partScale / 3
	}
	return t
}

// relaxed returns the relaxed bound of the empty cells under the current
// split and records the digit each unit gives each cell, or reports false
// if a unit cannot be completed.
func (t *tuner) relaxed() (int64, bool) {
	var total int64
	for u := range t.cells {
		part, us := &t.s.part[u/9], t.cells[u][:t.k[u]]
		for i := 1; i < len(us); i++ {
			for j := i; j > 0 && part[us[j]] > part[us[j-1]]; j-- {
				us[j], us[j-1] = us[j-1], us[j]
			}
		}
		// As in relax.
		var atLeast [10]uint16 // atLeast[d]: positions whose largest candidate is d or more
		for i, c := range us {
			atLeast[t.maxd[c]] |= 1 << uint(i)
		}
		for d := 8; d >= 1; d-- {
			atLeast[d] |= atLeast[d+1]
		}
		var taken uint16
		for m := t.missing[u]; m != 0; {
			d := bits.Len16(m)
			m &^= 1 << uint(d-1)
			free := atLeast[d] &^ taken
			if free == 0 {
				return 0, false
			}
			i := bits.TrailingZeros16(free)
			taken |= 1 << uint(i)
			t.got[u/9][us[i]] = int8(d)
			total += part[us[i]] * int64(d)
		}
	}
	return total, true
}

// step moves the split along the subgradient of the last relaxed call. It
// reports false if nothing moved: every cell got the same digit from its
// three units.
func (t *tuner) step() bool {
	s := t.s
	moved := false
	for _, c := range t.empty[:t.n] {
		g0, g1, g2 := int(t.got[0][c]), int(t.got[1][c]), int(t.got[2][c])
		if g0 == g1 && g1 == g2 {
			continue
		}
		moved = true
		// Each part moves by its digit's distance from the mean.
		sum := g0 + g1 + g2
		t.f[0][c] -= t.size * float64(3*g0-sum)
		t.f[1][c] -= t.size * float64(3*g1-sum)
		t.f[2][c] -= t.size * float64(3*g2-sum)
		// Parts stay non-negative: the unit bounds pair the heaviest
		// cells with the largest digits.
		w := int64(s.weights[c]) * partScale
		p0 := min(roundUp(t.f[0][c]), w)
		p1 := min(roundUp(t.f[1][c]), w-p0)
		s.part[0][c], s.part[1][c], s.part[2][c] = p0, p1, w-p0-p1
	}
	t.size *= stepDecay
	return moved
}

// roundUp rounds x to the nearest integer, negative x to 0.
func roundUp(x float64) int64 {
	if x <= 0 {
		return 0
	}
	return int64(x + 0.5)
}
