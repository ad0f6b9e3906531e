package fast

import (
	"fmt"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A scorer evaluates an objective on search states: the score of a grid
// and an upper bound on the score of every solution below a state.
type scorer struct {
	weights [numCell]int // a copy: the caller's slice may change
	topo    *topology
	// part splits each cell's weight, in units of 1/partScale, into a row,
	// a column and a region part that add up to the weight (see split.go).
	part [3][numCell]int64
	// byPart lists the cells of each unit, heaviest part first, so that the
	// unit bounds can pair the heaviest empty cells with the largest digits
	// without sorting.
	byPart [numUnit][9]uint8

	// memo caches the final unit bounds by unit and candidates.
	memo []memoEntry
	// rough is bound's work space: the units bounded by their relaxation.
	rough [numUnit]roughUnit

	// Work space of assign, reused from call to call: the best score of
	// each set of digits, valid where stamp equals gen, and the sets of
	// the current and next layer.
	value [512]int64
	stamp [512]uint32
	gen   uint32
	layer [2][512]uint16
}

// maxWeight is the largest weight the bound handles: its sums, in units
// of 1/partScale, stay far from overflowing 64 bits.
const maxWeight = 1 << 20

// newScorer returns the scorer of o, or nil if a weight is too large to
// bound safely, in which case the search visits every solution.
func newScorer(o *solvers.Objective, t *topology) (*scorer, error) {
	if len(o.Weights) != numCell {
		return nil, fmt.Errorf("objective has %d weights, want %d", len(o.Weights), numCell)
	}
	for c, w := range o.Weights {
		if w < 0 {
			return nil, fmt.Errorf("objective weight %d of cell %s is negative", w, solvers.CellName(9, c))
		}
	}
	for _, w := range o.Weights {
		if w > maxWeight {
			return nil, nil
		}
	}
	s := &scorer{topo: t}
	copy(s.weights[:], o.Weights)
	s.evenSplit()
	s.memo = make([]memoEntry, 1<<memoBits)
	return s, nil
}

func (s *scorer) score(g solvers.Grid) int {
	sum := 0
	for c, v := range g {
		sum += s.weights[c] * int(v)
	}
	return sum
}

// bound returns an upper bound on the score of every solution below st:
// the score of the solved cells plus, for each of the 27 units, a bound on
// its empty cells under the unit's part of their weights (see unitBound).
// Any bound at most floor may be returned instead: the caller only needs to
// know whether the bound exceeds it.
func (s *scorer) bound(st *state, floor int) int {
	// The words of the boards are walked separately: board.first and
	// dropFirst would test which word is empty at every step.
	var digits [numCell]uint16 // candidates of each empty cell
	solved := 0
	for d := range st.cand {
		b, bit := st.cand[d], uint16(1)<<uint(d)
		for x := b.lo & st.todo.lo; x != 0; x &= x - 1 {
			digits[bits.TrailingZeros64(x)] |= bit
		}
		for x := b.hi & st.todo.hi; x != 0; x &= x - 1 {
			digits[loCells+bits.TrailingZeros64(x)&63] |= bit
		}
		w := 0
		for x := b.lo &^ st.todo.lo; x != 0; x &= x - 1 {
			w += s.weights[bits.TrailingZeros64(x)]
		}
		for x := b.hi &^ st.todo.hi; x != 0; x &= x - 1 {
			w += s.weights[loCells+bits.TrailingZeros64(x)&63]
		}
		solved += w * (d + 1)
	}
	// Units not in the cache are first bounded by their relaxation;
	// the exact assignments, which cost far more, are computed only
	// while the bound still exceeds floor. (Children ordered by their
	// unrefined bounds, refined only when explored, took a third more
	// nodes: the order matters.)
	total := int64(solved) * partScale
	n := 0 // units bounded by their relaxation, in s.rough
	for u := 0; u < numUnit; u++ {
		v, rough := s.unitBound(u, &digits, &s.rough[n])
		if v < 0 {
			return -1
		}
		total += v
		if rough {
			n++
		}
	}
	// Scores are integers: a total below floor+1 cannot beat floor.
	limit := int64(floor+1) * partScale
	for i := range s.rough[:n] {
		r := &s.rough[i]
		if total < limit {
			break
		}
		v := s.exact(&r.uc)
		if v < 0 {
			return -1
		}
		*s.slot(r.key) = memoEntry{key: r.key, value: v}
		total += v - r.v
	}
	return int(total / partScale)
}

// A roughUnit is a unit bounded by its relaxation, with what its exact
// bound needs.
type roughUnit struct {
	uc  unitCells
	key memoKey
	v   int64 // the relaxed bound
}

// slot returns the cache entry of key.
func (s *scorer) slot(key memoKey) *memoEntry {
	return &s.memo[(key.lo*0x9E3779B97F4A7C15^key.hi*0xC2B2AE3D27D4EB4F)>>(64-memoBits)]
}

// unitBound bounds the total the empty cells of unit u can score with
// distinct candidates under the unit's parts, or returns -1 if they cannot
// all take one. It may return the relaxed bound instead of the best
// assignment, with rough set and r filled in. Sibling and child states
// share most units, so the final answers are cached by the unit's
// candidates.
func (s *scorer) unitBound(u int, digits *[numCell]uint16, r *roughUnit) (v int64, rough bool) {
	cells := &s.byPart[u]
	key := memoKey{
		lo: uint64(digits[cells[0]]) | uint64(digits[cells[1]])<<9 | uint64(digits[cells[2]])<<18 |
			uint64(digits[cells[3]])<<27 | uint64(digits[cells[4]])<<36 | uint64(digits[cells[5]])<<45 |
			uint64(digits[cells[6]])<<54,
		hi: uint64(digits[cells[7]]) | uint64(digits[cells[8]])<<9 | uint64(u)<<18,
	}
	if key.lo == 0 && key.hi>>18<<18 == key.hi {
		return 0, false // no empty cell
	}
	slot := s.slot(key)
	if slot.key == key { // an empty slot's zero key matches no unit with empty cells
		return slot.value, false
	}
	uc := &r.uc
	uc.k = 0
	part := &s.part[u/9]
	for _, c := range cells {
		if m := digits[c]; m != 0 {
			uc.weight[uc.k], uc.cand[uc.k] = part[c], m
			uc.k++
		}
	}
	v, final := relax(uc)
	if !final {
		r.key, r.v = key, v
		return v, true
	}
	*slot = memoEntry{key: key, value: v}
	return v, false
}

// unitCells are the empty cells of one unit, heaviest first.
type unitCells struct {
	weight [9]int64
	cand   [9]uint16
	k      int
}

// relax returns the relaxed bound of the cells of uc, where each cell may
// take any of the unit's missing digits up to its largest candidate: the
// digits, largest first, go to the heaviest free cell that may take them
// (moving a larger digit onto a heavier eligible cell never lowers the
// score). It returns -1 if the relaxation has no assignment, and then
// neither has the unit. final reports that v needs no refining by exact:
// the relaxed assignment gives every cell one of its candidates, so it is
// the best one, or the unit is too big for exact to pay.
func relax(uc *unitCells) (v int64, final bool) {
	var atLeast [10]uint16 // atLeast[d]: cells whose largest candidate is d or more
	var union uint16
	for i, m := range uc.cand[:uc.k] {
		atLeast[bits.Len16(m)] |= 1 << uint(i)
		union |= m
	}
	switch n := bits.OnesCount16(union); {
	case n < uc.k:
		return -1, true // too few digits for the cells
	case n > uc.k:
		// Not after settle, which leaves every missing digit a
		// place: each cell's largest candidate bounds it.
		for i, m := range uc.cand[:uc.k] {
			v += uc.weight[i] * int64(bits.Len16(m))
		}
		return v, false
	}
	for d := 8; d >= 1; d-- {
		atLeast[d] |= atLeast[d+1]
	}
	var taken uint16
	final = true
	for m := union; m != 0; {
		d := bits.Len16(m)
		m &^= 1 << uint(d-1)
		free := atLeast[d] &^ taken
		if free == 0 {
			return -1, true
		}
		i := bits.TrailingZeros16(free)
		taken |= 1 << uint(i)
		v += uc.weight[i] * int64(d)
		// The relaxed assignment is a real one when every cell gets
		// one of its own candidates.
		if uc.cand[i]>>uint(d-1)&1 == 0 {
			final = !uc.small()
		}
	}
	return v, final
}

// small reports whether the dynamic program of exact pays on uc: whether
// the cells are few or have few candidates, so that few sets of digits
// can be reached. Measured on the NOIP target tests and random weights:
// the program on every unit saves a sixth of the nodes but costs a fifth
// to a third more.
func (uc *unitCells) small() bool {
	if uc.k < exactUpTo {
		return true
	}
	n := 0
	for _, m := range uc.cand[:uc.k] {
		n += bits.OnesCount16(m)
	}
	return 2*n <= 7*uc.k // 3.5 candidates a cell
}

// exact returns the best total of weight times digit over the ways to
// give the cells of uc distinct digits from their candidates, or -1 if
// there is none.
func (s *scorer) exact(uc *unitCells) int64 {
	if uc.k == 2 {
		best := int64(-1)
		for a := uc.cand[0]; a != 0; a &= a - 1 {
			da := bits.TrailingZeros16(a)
			if rest := uc.cand[1] &^ (1 << uint(da)); rest != 0 {
				best = max(best, uc.weight[0]*int64(da+1)+uc.weight[1]*int64(bits.Len16(rest)))
			}
		}
		return best
	}
	// The dynamic program reaches fewer digit sets when the most
	// constrained cells come first.
	w, c := uc.weight, uc.cand
	for i := 1; i < uc.k; i++ {
		for j := i; j > 0 && bits.OnesCount16(c[j]) < bits.OnesCount16(c[j-1]); j-- {
			w[j], w[j-1] = w[j-1], w[j]
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	return s.assign(w[:uc.k], c[:uc.k])
}

// exactUpTo is the number of empty cells from which a unit is bounded by
// its relaxation rather than its exact best assignment, unless its cells
// have few candidates.
const exactUpTo = 7

// memoBits sets the size of the unit-bound cache: 2^memoBits entries.
const memoBits = 12

// A memoKey is a unit and the candidates of its cells, heaviest first: the
// first seven cells in lo, the last two and the unit in hi.
type memoKey struct{ lo, hi uint64 }

type memoEntry struct {
	key   memoKey
	value int64
}

// assign returns the best total of weight[i] times the digit of cell i over
// the ways to give the cells distinct digits from their candidate masks,
// or -1 if there is none. It is a dynamic program over the sets of digits
// used by the first cells, visiting only the sets that can be reached.
func (s *scorer) assign(weight []int64, cand []uint16) int64 {
	cur, next := &s.layer[0], &s.layer[1]
	cur[0] = 0
	nCur := 1
	s.value[0] = 0
	// One generation serves every layer: the sets of layer i have i
	// digits, so the layers never share a set.
	s.gen++
	gen := s.gen
	for i := range weight {
		w, ci := weight[i], cand[i]
		nNext := 0
		for _, mask := range cur[:nCur] {
			v := s.value[mask&511]
			for avail := ci &^ mask; avail != 0; avail &= avail - 1 {
				d := bits.TrailingZeros16(avail)
				m := (mask | 1<<uint(d)) & 511
				x := v + w*int64(d+1)
				if s.stamp[m] != gen {
					s.stamp[m] = gen
					s.value[m] = x
					next[nNext&511] = m
					nNext++
				} else if x > s.value[m] {
					s.value[m] = x
				}
			}
		}
		if nNext == 0 {
			return -1
		}
		cur, next, nCur = next, cur, nNext
	}
	best := int64(-1)
	for _, mask := range cur[:nCur] {
		best = max(best, s.value[mask&511])
	}
	return best
}

// heaviest returns the cell of a non-empty board of bivalue cells where
// the choice weighs most, weight times the gap between the two digits, and
// its candidates.
func (s *scorer) heaviest(st *state, b board) (int, uint16) {
	best, bestGap, bestDigits := b.first(), -1, uint16(0)
	for ; !b.isZero(); b = b.dropFirst() {
		c := b.first()
		m := digitsAt(st, c)
		gap := s.weights[c] * (bits.Len16(m) - 1 - bits.TrailingZeros16(m))
		if gap > bestGap {
			best, bestGap, bestDigits = c, gap, m
		}
	}
	return best, bestDigits
}
