package fast

import "math/bits"

// Triads, on standard grids: the three cells a row or a column shares with
// a box. Each holds exactly three digits, and a digit lies in exactly one
// triad of each row, column and box: in a band, its triads follow one of
// six configurations (which row of each box holds it). Counting the
// digits a triad may hold, and those it must hold, finds what singles and
// locked candidates miss; the configurations give the search a guess that
// settles three triads at once.
//
// A triad word holds, for one digit, the triads that may still hold it, in
// six blocks of nine bits, one per band and one per stack. Band k's
// horizontal triads are at bits 9k+3r+j (row r of the band, box j), stack
// s's vertical ones at 32+9s+3i+a (box i of the stack, column a). In both,
// a run of three bits (r or i fixed) and a stride of three (j or a fixed)
// are the triads of one line or one box.

const (
	triadsH      = 1<<27 - 1
	triadsAll    = triadsH | triadsH<<32
	runs         = 0x1249249 | 0x1249249<<32     // the first bit of each run
	strides      = groupStride | groupStride<<32 // the first bit of each stride
	groupStride  = 7 | 7<<9 | 7<<18
	spreadRun    = 1 | 1<<1 | 1<<2
	spreadStride = 1 | 1<<3 | 1<<6
)

// triadWord returns the triads of b, a digit's candidates, that are not
// empty.
func triadWord(b board) uint64 {
	lo, hi := b.lo, b.hi
	t := (lo | lo>>1 | lo>>2) & segLo    // row R's box j at 9R+3j
	x := (t | t>>2 | t>>4) & (7 * rowLo) // at 9R+j
	y := x | x>>6 | x>>12                // band k's row r at 27k+3r+j
	t = (hi | hi>>1 | hi>>2) & segHi
	x = (t | t>>2 | t>>4) & (7 * rowHi)
	h := y&511 | y>>18&(511<<9) | (x|x>>6|x>>12)&511<<18
	u := lo | lo>>9 | lo>>18 // band i's column c at 27i+c
	v := u&rowCells | u>>18&(rowCells<<9) | (hi|hi>>9|hi>>18)&rowCells<<18
	return h | transpose(v)<<32
}

// transpose moves bit 9i+3s+a to 9s+3i+a and back: the columns of each
// band (band i's column c at 9i+c) to the vertical triads of each stack.
func transpose(v uint64) uint64 {
	return v&(7|7<<12|7<<24) | (v&(7<<3|7<<15))<<6 | (v&(7<<6))<<12 |
		(v&(7<<9|7<<21))>>6 | (v&(7<<18))>>12
}

// peerTriads returns the triads sharing a line or a box with a triad of w
// along the triad's direction, w's own included.
func peerTriads(w uint64) uint64 {
	run := (w | w>>1 | w>>2) & runs
	stride := (w | w>>3 | w>>6) & strides
	return run*spreadRun | stride*spreadStride
}

// triadCells returns the cells of the triads w.
func (t *topology) triadCells(w uint64) board {
	cells := &t.bandCells
	v := transpose(w >> 32 & triadsH)
	return board{
		lo: uint64(cells[w&511]) | uint64(cells[w>>9&511])<<27 | (v&511)*bandCol | (v>>9&511)*bandCol<<27,
		hi: uint64(cells[w>>18&511]) | (v>>18&511)*bandCol,
	}
}

// bandCellsTable returns the cells of one band's horizontal triads by
// their nine bits, row r's box j at bit 3r+j.
func bandCellsTable() (t [512]uint32) {
	for x := range t {
		for b := 0; b < 9; b++ {
			if x>>b&1 != 0 {
				t[x] |= 7 << (9*(b/3) + 3*(b%3))
			}
		}
	}
	return t
}

// A bandState is a state with the triads of each digit, as triads last
// found them (see triadWord): those it may hold and those it must.
type bandState struct {
	state
	words, must [9]uint64
}

// searchBands is search on standard grids: settleBands, then a guess on a
// digit's configuration in a band. It works in *st, which the caller
// hands over: a copy per guess made once, by guessBand, not again to pass
// it by value.
func (sv *solver) searchBands(st *bandState) {
	for {
		if !sv.enter() {
			return
		}
		if !sv.settleBands(st) {
			return
		}
		if st.todo.isZero() {
			sv.visit(&st.state)
			return
		}
		b, d, ok := sv.chooseBand(st)
		if !ok {
			// Not reached: with every band fixed, each digit has
			// one place left in each box, a hidden single.
			// singles9 keeps no near units: search looks at
			// every digit again.
			st.dirty = touched(1<<9 - 1)
			sv.search(st.state)
			return
		}
		sv.guessBand(st, b, d)
		if sv.stop {
			return
		}
	}
}

// settleBands is settle on standard grids, with triads in place of the
// locked candidates and singles9 in place of propagate.
func (sv *solver) settleBands(st *bandState) bool {
	if !sv.singles9(&st.state) {
		return false
	}
	for !st.todo.isZero() {
		changed, ok := sv.triads(st)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
		if !sv.singles9(&st.state) {
			return false
		}
	}
	return true
}

// triads applies, digit by digit, the configurations each band and stack
// leaves (locked candidates, to their fixed point), then the count of
// digits in each triad: a triad that may hold only three digits holds
// them, and they leave the rest of its line and box; a triad that must
// hold three digits holds no other. It reports whether it removed a
// candidate, and false on a contradiction: a triad with fewer than three
// digits or more than three it must hold. It keeps each digit's triads in
// st and their count in sv.count for chooseBand.
func (sv *solver) triads(st *bandState) (changed, ok bool) {
	tbl := &sv.topo.configs
	// Only the digits changed since the last call: the locked
	// candidates' dirty bits, which nothing else reads here.
	redo := st.dirty >> lockedDirty & (1<<9 - 1)
	st.dirty &^= lockedMask
	for ; redo != 0; redo &= redo - 1 {
		d := bits.TrailingZeros32(redo)
		w := triadWord(st.cand[d])
		h := tbl[w&511] | tbl[w>>9&511]<<9 | tbl[w>>18&511]<<18
		v := tbl[w>>32&511] | tbl[w>>41&511]<<9 | tbl[w>>50&511]<<18
		keep := h&triadsH | (v&triadsH)<<32
		m := h>>32 | v&^triadsH
		if keep != w {
			// An empty block leaves the digit a line without a
			// place, which the singles find.
			st.cand[d] = st.cand[d].andNot(sv.topo.triadCells(w &^ keep))
			st.dirty |= touched(1 << uint(d))
			changed = true
			w = keep
		}
		st.words[d], st.must[d] = w, m
	}
	// The digits each triad may hold are counted in binary, c0 the
	// units; those it must hold only up to four. Unrolled: the loop
	// costs as much as the work.
	ws, ms := &st.words, &st.must
	c0, m1 := ws[0], ms[0]
	c1, m2 := c0&ws[1], m1&ms[1]
	c0, m1 = c0^ws[1], m1|ms[1]
	c0, c1, c2, c3, m1, m2, m3, m4 := add4(c0, c1, 0, 0, m1, m2, 0, 0, ws[2], ms[2])
	c0, c1, c2, c3, m1, m2, m3, m4 = add4(c0, c1, c2, c3, m1, m2, m3, m4, ws[3], ms[3])
	c0, c1, c2, c3, m1, m2, m3, m4 = add4(c0, c1, c2, c3, m1, m2, m3, m4, ws[4], ms[4])
	c0, c1, c2, c3, m1, m2, m3, m4 = add4(c0, c1, c2, c3, m1, m2, m3, m4, ws[5], ms[5])
	c0, c1, c2, c3, m1, m2, m3, m4 = add4(c0, c1, c2, c3, m1, m2, m3, m4, ws[6], ms[6])
	c0, c1, c2, c3, m1, m2, m3, m4 = add4(c0, c1, c2, c3, m1, m2, m3, m4, ws[7], ms[7])
	c0, c1, c2, c3, m1, m2, m3, m4 = add4(c0, c1, c2, c3, m1, m2, m3, m4, ws[8], ms[8])
	sv.count = [4]uint64{c0, c1, c2, c3}
	p4 := c3 | c2
	p3 := p4 | c1&c0
	if triadsAll&^p3 != 0 || m4 != 0 {
		return false, false
	}
	// Triads with three digits that are not all known to be there yet,
	// and triads with three known digits and more possible.
	naked, hidden := p3&^p4&^m3, m3&p4
	if naked|hidden == 0 {
		return changed, true
	}
	for d := range st.cand {
		w := st.words[d]
		drop := w & hidden &^ st.must[d]
		if n := w & naked; n != 0 {
			drop |= peerTriads(n) &^ n & w
		}
		if drop != 0 {
			st.cand[d] = st.cand[d].andNot(sv.topo.triadCells(drop))
			st.dirty |= touched(1 << uint(d))
			changed = true
		}
	}
	return changed, true
}

// add4 adds one digit's triads to the counts of triads: w to those it
// may hold, in binary (c0 the units, c3 eight or more), m to those it
// must hold, up to four (mk: k or more).
func add4(c0, c1, c2, c3, m1, m2, m3, m4, w, m uint64) (_, _, _, _, _, _, _, _ uint64) {
	k := c0 & w
	k, c1 = c1&k, c1^k
	k, c2 = c2&k, c2^k
	return c0 ^ w, c1, c2, c3 | k, m1 | m, m2 | m1&m, m3 | m2&m, m4 | m3&m
}

// The six configurations of a digit in a band, as bits of a band's triad
// index (row r's box j at 3r+j): permutations of the boxes over the rows.
var configs = [6]uint16{0x111, 0x0A1, 0x10A, 0x062, 0x08C, 0x054}

// configTable returns, by the nine triads of a block, the triads of the
// configurations they hold (bits 0-8) and the triads every one of them
// has (bits 32-40): where the digit may be, where it must be.
func configTable() (t [512]uint64) {
	for i := range t {
		var keep, must uint64 = 0, 511
		for _, c := range configs {
			if uint16(i)&c == c {
				keep |= uint64(c)
				must &= uint64(c)
			}
		}
		if keep == 0 {
			must = 0
		}
		t[i] = keep | must<<32
	}
	return t
}

// configsLeftTable returns, by the nine triads of a block a digit may
// still hold, the configurations (bit i: configs[i]) among them.
func configsLeftTable() (t [512]uint8) {
	for idx := range t {
		for i, c := range configs {
			if uint16(idx)&c == c {
				t[idx] |= 1 << uint(i)
			}
		}
	}
	return t
}

// chooseBand picks, from the triad words of the settled state, the band
// or stack with the fewest triads over all digits among those not fixed,
// and in it a digit with the fewest (two configurations when there is
// one). It reports false when every band is fixed.
func (sv *solver) chooseBand(st *bandState) (b, d int, ok bool) {
	c := &sv.count
	// The least key, sum<<3 | block, over the blocks not fixed: the
	// first block of the fewest. min is branch-free: which block wins
	// is as hard to predict as a coin.
	best := min(
		min(blockKey(c, 511, 0), blockKey(c, 511<<9, 1), blockKey(c, 511<<18, 2)),
		min(blockKey(c, 511<<32, 3), blockKey(c, 511<<41, 4), blockKey(c, 511<<50, 5)))
	if best == fixedKey {
		return 0, 0, false
	}
	b = best & 7
	// A digit's triads in a block are a union of configurations: two or
	// more hold five or six, one three. The least key, count<<4 |
	// digit, over the digits with more than three: the first digit of
	// the fewest.
	shift := blockShift(b)
	w := &st.words
	k := min(
		min(digitKey(w[0], shift, 0), digitKey(w[1], shift, 1), digitKey(w[2], shift, 2)),
		min(digitKey(w[3], shift, 3), digitKey(w[4], shift, 4), digitKey(w[5], shift, 5)),
		min(digitKey(w[6], shift, 6), digitKey(w[7], shift, 7), digitKey(w[8], shift, 8)))
	return b, k & 15, true
}

// fixedKey is blockKey's key of a fixed block: more than any other.
const fixedKey = 1 << 30

// blockKey returns the key of block blk (its mask in a triad word, b its
// index) for chooseBand: the digits its triads may hold, summed, times
// eight plus b; fixedKey if the block is fixed (27: three a triad).
func blockKey(c *[4]uint64, blk uint64, b int) int {
	n := blockSum(c, blk)
	key := n<<3 | b
	if n <= 27 {
		key = fixedKey
	}
	return key
}

// digitKey returns the key of digit d, whose triads are w, in the block
// at shift for chooseBand: the triads it may hold there times sixteen
// plus d, or 255 if it has three, fixed.
func digitKey(w uint64, shift uint, d int) int {
	n := bits.OnesCount64(w >> shift & 511)
	key := n<<4 | d
	if n <= 3 {
		key = 255
	}
	return key
}

// blockSum returns the digits the triads of block blk may hold, summed.
func blockSum(c *[4]uint64, blk uint64) int {
	return bits.OnesCount64(c[0]&blk) + 2*bits.OnesCount64(c[1]&blk) + 4*bits.OnesCount64(c[2]&blk) +
		8*bits.OnesCount64(c[3]&blk)
}

// blockShift returns where block b starts in a triad word: bands 0-2,
// then stacks 3-5. Both have a band's shape (see configs): a stack's
// boxes play the rows and its columns the boxes.
func blockShift(b int) uint {
	return 9*uint(b) + 5*uint(b/3)
}

// guessBand tries each configuration of digit d in band b left in st, on
// copies but the last, which continues in st itself.
func (sv *solver) guessBand(st *bandState, b, d int) {
	shift := blockShift(b)
	idx := uint16(st.words[d] >> shift & 511)
	left := sv.topo.configsLeft[idx]
	sv.stats.Guesses++
	var child bandState // declared outside the loop, to stay on the stack
	for ; bits.OnesCount8(left) > 1; left &= left - 1 {
		child = *st
		drop := sv.topo.triadCells(uint64(511&^configs[bits.TrailingZeros8(left)]) << shift)
		child.cand[d] = child.cand[d].andNot(drop)
		child.dirty |= touched(1 << uint(d))
		sv.searchBands(&child)
		if sv.stop {
			return
		}
	}
	drop := sv.topo.triadCells(uint64(511&^configs[bits.TrailingZeros8(left)]) << shift)
	st.cand[d] = st.cand[d].andNot(drop)
	st.dirty |= touched(1 << uint(d))
}
