package fast

import (
	"context"
	"encoding/binary"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A state is one node of the search: it is copied, never shared, when the
// search guesses.
type state struct {
	// cand[d] holds the cells that may still hold digit d+1. A solved cell
	// keeps exactly the bit of its digit.
	cand [9]board
	// todo holds the cells not yet solved.
	todo board
	// placed[d] has bit u set once digit d+1 is solved in unit u.
	placed [9]uint32
	// dirty has bit d set when cand[d] changed since it was last searched
	// for hidden singles, and bit lockedDirty+d since it was last searched
	// for locked candidates (or by triads, which replaces them).
	dirty uint32
	// near[d] holds the units to search for hidden singles of digit d+1
	// when d only lost single cells (to other digits) since its last
	// search: only those cells' units can have changed. nearMask marks the
	// digits with units to search.
	near     [9]uint32
	nearMask uint16
}

const (
	singlesDirty = 1<<9 - 1    // the dirty bits of the hidden singles
	lockedDirty  = 16          // the shift of the locked candidates' bits
	lockedMask   = 0x1FF << 16 // the dirty bits of the locked candidates
)

// touched returns the dirty bits of the digits in m.
func touched(m uint32) uint32 { return m | m<<lockedDirty }

// A solver is the mutable context of one Search call.
type solver struct {
	topo  *topology
	ctx   context.Context
	opts  solvers.Options
	obj   *scorer
	best  int // best score among the visited solutions, -1 before the first
	stats solvers.Stats
	stop  bool
	err   error
	grid  solvers.Grid
	// count holds, in binary, how many digits each triad may hold, as the
	// last call of triads found them: what chooseBand picks from.
	count [4]uint64
}

// start sets st, a zero state, to hold p's givens, before any deduction,
// and reports whether they fit together: a given whose digit an earlier given took
// from its cell clashes with that one.
//
// The givens are gathered digit by digit and laid down at once, not
// placed one by one: a third of a puzzle's givens cost more to place
// singly, with place's bookkeeping for the deductions, than an easy
// puzzle's whole search. With every digit marked dirty, place would have
// noted nothing else.
func (sv *solver) start(p *solvers.Puzzle, st *state) bool {
	t := sv.topo
	var taken, at [9]board // by digit: the givens' peers, the givens
	// The givens are found eight cells at a time and walked as set bits:
	// a test per cell, given or not, is a coin toss the processor
	// mispredicts about once a puzzle in three cells.
	var buf [88]uint8 // 81 cells, then zeros to a whole word
	p.AppendGivens(buf[:0])
	given := givenCells(&buf)
	// One loop per word: a loop over both, with the word's cells found
	// by cellBoard, costs a twentieth more on an easy puzzle's search.
	for x := given.lo; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		d := int(buf[c]) - 1
		if taken[d].lo>>uint(c)&1 != 0 {
			return false
		}
		taken[d] = taken[d].or(t.peers[c])
		at[d].lo |= 1 << uint(c)
		st.placed[d] |= t.cellUnits[c]
	}
	for x := given.hi; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x)
		c := loCells + i&63
		d := int(buf[c]) - 1
		if taken[d].hi>>uint(i)&1 != 0 {
			return false
		}
		taken[d] = taken[d].or(t.peers[c])
		at[d].hi |= 1 << uint(i)
		st.placed[d] |= t.cellUnits[c]
	}
	for d := range st.cand {
		st.cand[d] = full.andNot(given).andNot(taken[d]).or(at[d])
	}
	st.todo = full.andNot(given)
	st.dirty = touched(1<<9 - 1)
	return true
}

// givenCells returns the cells of buf, a grid's 81 cells padded with zeros,
// that hold a digit.
func givenCells(buf *[88]uint8) board {
	var g [11]uint64 // byte k: the cells 8k to 8k+7 that hold a digit
	for k := range g {
		w := binary.LittleEndian.Uint64(buf[8*k:])
		// A cell holds 0 to 9: adding 0x7F sets its top bit, without a
		// carry into the next cell, exactly when it holds a digit. The
		// multiplication gathers the eight top bits into the top byte.
		g[k] = ((w + 0x7F7F7F7F7F7F7F7F) & 0x8080808080808080 >> 7) * 0x0102040810204080 >> 56
	}
	lo := g[0] | g[1]<<8 | g[2]<<16 | g[3]<<24 | g[4]<<32 | g[5]<<40 | g[6]<<48 | g[7]<<56
	hi := g[8] | g[9]<<8 | g[10]<<16
	return board{lo: lo & (1<<loCells - 1), hi: lo>>loCells | hi<<(64-loCells)}
}

// search explores s and everything below it, for every solution. The
// state is passed by value: a copy on the stack per guess, never a heap
// allocation.
func (sv *solver) search(s state) {
	st := &s
	for {
		if !sv.enter() {
			return
		}
		if !sv.settle(st) {
			return
		}
		if st.todo.isZero() {
			sv.visit(st)
			return
		}
		c, digits := sv.choose(st)
		if bits.OnesCount16(digits) > 1 {
			sv.stats.Guesses++
		}
		// Try all but the last digit on copies; the last one continues
		// in st itself.
		for bits.OnesCount16(digits) > 1 {
			d := bits.TrailingZeros16(digits)
			digits &^= 1 << uint(d)
			child := *st
			sv.place(&child, d, c)
			sv.search(child)
			if sv.stop {
				return
			}
		}
		sv.place(st, bits.TrailingZeros16(digits), c)
	}
}

// choose picks the cell to guess and returns it with its candidates as a
// digit mask: a bivalue cell if there is one (the one with the most empty
// peers, or under an objective the one whose choice weighs most), else
// the first cell with three candidates or the one with the fewest.
func (sv *solver) choose(st *state) (int, uint16) {
	var ones, twos, threes board
	for d := range st.cand {
		x := st.cand[d].and(st.todo)
		threes = threes.or(twos.and(x))
		twos = twos.or(ones.and(x))
		ones = ones.or(x)
	}
	var c int
	if pairs := twos.andNot(threes); !pairs.isZero() {
		if sv.obj != nil {
			return sv.obj.heaviest(st, pairs)
		}
		// The bivalue cell with the most empty peers: either guess
		// removes a digit from the most cells. The words are walked
		// apart: board.first would test which is empty at every step.
		most := -1
		peers := &sv.topo.peers
		for x := pairs.lo; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			if n := peers[i].and(st.todo).count(); n >= most {
				most, c = n, i
			}
		}
		for x := pairs.hi; x != 0; x &= x - 1 {
			i := loCells + bits.TrailingZeros64(x)&63
			if n := peers[i].and(st.todo).count(); n >= most {
				most, c = n, i
			}
		}
	} else {
		best := 10
		for s := st.todo; !s.isZero(); s = s.dropFirst() {
			i := s.first()
			if n := bits.OnesCount16(digitsAt(st, i)); n < best {
				best, c = n, i
				if n <= 3 {
					break
				}
			}
		}
	}
	return c, digitsAt(st, c)
}

// digitsAt returns the candidates of cell c as a mask, bit d for digit d+1.
func digitsAt(st *state, c int) uint16 {
	// One test of the word, not one per digit.
	var m uint16
	if c < loCells {
		for d := range st.cand {
			m |= uint16(st.cand[d].lo>>uint(c)&1) << uint(d)
		}
	} else {
		for d := range st.cand {
			m |= uint16(st.cand[d].hi>>uint(c-loCells)&1) << uint(d)
		}
	}
	return m
}

// visit reports the solved state st to the caller.
func (sv *solver) visit(st *state) {
	sv.stats.Solutions++
	if sv.opts.Visit != nil || sv.obj != nil {
		if sv.grid == nil {
			sv.grid = make(solvers.Grid, numCell)
		}
		fillGrid(&st.cand, sv.grid, &sv.topo.spread)
		if sv.obj != nil {
			sv.best = max(sv.best, sv.obj.score(sv.grid))
		}
		if sv.opts.Visit != nil && !sv.opts.Visit(sv.grid) {
			sv.stop = true
		}
	}
	if sv.opts.Limit > 0 && sv.stats.Solutions >= sv.opts.Limit {
		sv.stop = true
	}
}

// fillGrid writes the digits of cand, a solved state's boards, into g, its
// 81 cells, eight cells at a time from the digits' binary planes: a loop
// over each digit's cells would mispredict its end nine times a solution.
// spread is spreadTable's.
func fillGrid(cand *[9]board, g []uint8, spread *[256]uint64) {
	var pl [4]board
	digitPlanes(cand, &pl)
	var lo, hi [4]uint64 // each plane's cells 0-63 and 64-80
	for b, p := range pl {
		lo[b], hi[b] = p.lo|p.hi<<loCells, p.hi>>(64-loCells)
	}
	var buf [88]uint8
	for k := 0; k < 8; k++ {
		s := uint(8 * k)
		v := spread[lo[0]>>s&255] | spread[lo[1]>>s&255]<<1 | spread[lo[2]>>s&255]<<2 | spread[lo[3]>>s&255]<<3
		binary.LittleEndian.PutUint64(buf[8*k:], v+0x0101010101010101)
	}
	for k := 0; k < 3; k++ {
		s := uint(8 * k)
		v := spread[hi[0]>>s&255] | spread[hi[1]>>s&255]<<1 | spread[hi[2]>>s&255]<<2 | spread[hi[3]>>s&255]<<3
		binary.LittleEndian.PutUint64(buf[64+8*k:], v+0x0101010101010101)
	}
	copy(g, buf[:numCell])
}

// spreadTable returns, by a byte, the eight bytes holding its bits, the
// lowest bit in the first byte.
func spreadTable() (t [256]uint64) {
	for x := range t {
		for i := 0; i < 8; i++ {
			t[x] |= uint64(x>>i&1) << uint(8*i)
		}
	}
	return t
}

// enter counts a search node and, once every checkEvery nodes, looks at
// the context. It reports false, with the search stopped, once the context
// is done. It is small enough to inline; the look itself is not.
func (sv *solver) enter() bool {
	sv.stats.Nodes++
	if sv.stats.Nodes%checkEvery == 0 {
		return sv.checkContext()
	}
	return true
}

// checkContext stops the search and reports false when the context is done.
func (sv *solver) checkContext() bool {
	if err := sv.ctx.Err(); err != nil {
		sv.err = stopped(err)
		sv.stop = true
		return false
	}
	return true
}
