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
	// byWeight lists the cells of each unit, heaviest first, so that the
	// bounds can pair the heaviest empty cells with the largest digits
	// without sorting.
	byWeight [numUnit][9]uint8
	// lines holds each cell's column (bits 0-8) and region (bits 16-24).
	lines [numCell]uint32

	// memo caches unitBound by unit and candidates, digitMemo digitBound
	// by digit and board.
	memo      []memoEntry
	digitMemo []memoEntry

	// Work space of assign, reused from call to call: the best score of
	// each set of digits, valid where stamp equals gen, and the sets of
	// the current and next layer.
	value [512]int32
	stamp [512]uint32
	gen   uint32
	layer [2][512]uint16
}

// maxWeight is the largest weight the bound handles: its sums stay far
// from overflowing 32 bits.
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
	s.memo = make([]memoEntry, 1<<memoBits)
	s.digitMemo = make([]memoEntry, 1<<digitMemoBits)
	for c := range s.lines {
		s.lines[c] = 1<<uint(c%9) | 1<<uint(16+int(t.unitsOf[c][2])-18)
	}
	for u := range s.byWeight {
		cells := &s.byWeight[u]
		i := 0
		for b := t.unit[u]; !b.isZero(); b = b.dropFirst() {
			// Insertion sort, heaviest first.
			c := uint8(b.first())
			j := i
			for ; j > 0 && s.weights[cells[j-1]] < s.weights[c]; j-- {
				cells[j] = cells[j-1]
			}
			cells[j] = c
			i++
		}
	}
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
// the score of the solved cells plus, for each unit of one partition of the
// grid (rows, columns or regions), a bound on the unit's empty cells (see
// unitBound). The smallest of the three
// partitions' bounds is returned, or any bound at most floor: the caller
// only needs to know whether the bound exceeds it.
func (s *scorer) bound(st *state, floor int) int {
	var digits [numCell]uint16 // candidates of each empty cell
	for d := range st.cand {
		for x := st.cand[d].and(st.todo); !x.isZero(); x = x.dropFirst() {
			digits[x.first()] |= 1 << uint(d)
		}
	}
	solved := 0
	for d := range st.cand {
		for x := st.cand[d].andNot(st.todo); !x.isZero(); x = x.dropFirst() {
			solved += s.weights[x.first()] * (d + 1)
		}
	}
	best := -1
	for _, kind := range [3]int{2, 0, 1} { // regions prune most often
		total := solved
		for u := kind * 9; u < kind*9+9; u++ {
			v := s.unitBound(u, &digits)
			if v < 0 {
				return -1
			}
			total += v
		}
		if best < 0 || total < best {
			best = total
		}
		if best <= floor {
			break
		}
	}
	if best > floor {
		best = min(best, s.digitTotal(st))
	}
	return best
}

// unitBound bounds the total the empty cells of unit u can score with
// distinct candidates (see exact), or returns -1 if they cannot all take
// one. Sibling and child states share most units, so the answers are
// cached by the unit's candidates.
func (s *scorer) unitBound(u int, digits *[numCell]uint16) int {
	cells := &s.byWeight[u]
	key := memoKey{
		lo: uint64(digits[cells[0]]) | uint64(digits[cells[1]])<<9 | uint64(digits[cells[2]])<<18 |
			uint64(digits[cells[3]])<<27 | uint64(digits[cells[4]])<<36 | uint64(digits[cells[5]])<<45 |
			uint64(digits[cells[6]])<<54,
		hi: uint64(digits[cells[7]]) | uint64(digits[cells[8]])<<9 | uint64(u)<<18,
	}
	if key.lo == 0 && key.hi>>18<<18 == key.hi {
		return 0 // no empty cell
	}
	slot := &s.memo[(key.lo*0x9E3779B97F4A7C15^key.hi*0xC2B2AE3D27D4EB4F)>>(64-memoBits)]
	if slot.key == key { // an empty slot's zero key matches no unit with empty cells
		return int(slot.value)
	}
	var uc unitCells
	for _, c := range cells {
		if m := digits[c]; m != 0 {
			uc.weight[uc.k], uc.cand[uc.k] = int32(s.weights[c]), m
			uc.k++
		}
	}
	v := s.exact(&uc)
	*slot = memoEntry{key: key, value: int32(v)}
	return v
}

// unitCells are the empty cells of one unit, heaviest first.
type unitCells struct {
	weight [9]int32
	cand   [9]uint16
	k      int
}

// exact returns the best total of weight times digit over the ways to
// give the cells of uc distinct digits from their candidates, or -1 if
// there is none. From exactUpTo cells on it may return an upper bound of
// the best total instead.
func (s *scorer) exact(uc *unitCells) int {
	switch uc.k {
	case 1:
		return int(uc.weight[0]) * bits.Len16(uc.cand[0])
	case 2:
		best := -1
		for a := uc.cand[0]; a != 0; a &= a - 1 {
			da := bits.TrailingZeros16(a)
			if rest := uc.cand[1] &^ (1 << uint(da)); rest != 0 {
				best = max(best, int(uc.weight[0])*(da+1)+int(uc.weight[1])*bits.Len16(rest))
			}
		}
		return best
	}
	// Pairing the heaviest cells with the largest digits bounds the
	// answer; a greedy assignment that reaches the bound is the answer.
	var union, used uint16
	for i := 0; i < uc.k; i++ {
		union |= uc.cand[i]
	}
	paired, greedy, perCell := 0, 0, 0
	for i := 0; i < uc.k; i++ {
		d := bits.Len16(union)
		union &^= 1 << uint(d-1)
		paired += int(uc.weight[i]) * d
		perCell += int(uc.weight[i]) * bits.Len16(uc.cand[i])
		if m := uc.cand[i] &^ used; m != 0 && greedy >= 0 {
			g := bits.Len16(m)
			used |= 1 << uint(g-1)
			greedy += int(uc.weight[i]) * g
		} else {
			greedy = -1
		}
	}
	if greedy == paired {
		return greedy
	}
	if uc.k >= exactUpTo {
		// The dynamic program grows with the number of digit sets:
		// on big units the estimate is the better bargain.
		return min(paired, perCell)
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
	return int(s.assign(w[:uc.k], c[:uc.k]))
}

// exactUpTo is the number of empty cells from which a unit is bounded by
// the quick estimate rather than its exact best assignment.
const exactUpTo = 8

// digitMemoBits sets the size of the digit-bound cache.
const digitMemoBits = 11

// memoBits sets the size of the unit-bound cache: 2^memoBits entries.
const memoBits = 12

// A memoKey is a unit and the candidates of its cells, heaviest first: the
// first seven cells in lo, the last two and the unit in hi.
type memoKey struct{ lo, hi uint64 }

type memoEntry struct {
	key   memoKey
	value int32
}

// assign returns the best total of weight[i] times the digit of cell i over
// the ways to give the cells distinct digits from their candidate masks,
// or -1 if there is none. It is a dynamic program over the sets of digits
// used by the first cells, visiting only the sets that can be reached.
func (s *scorer) assign(weight []int32, cand []uint16) int32 {
	cur, next := &s.layer[0], &s.layer[1]
	cur[0] = 0
	nCur := 1
	s.value[0] = 0
	for i := range weight {
		s.gen++
		gen, w, ci := s.gen, weight[i], cand[i]
		nNext := 0
		for _, mask := range cur[:nCur] {
			v := s.value[mask&511]
			for avail := ci &^ mask; avail != 0; avail &= avail - 1 {
				d := bits.TrailingZeros16(avail)
				m := (mask | 1<<uint(d)) & 511
				x := v + w*int32(d+1)
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
	best := int32(-1)
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
