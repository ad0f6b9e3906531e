package fast

import "math/bits"

// place solves cell c with digit d: every digit loses the cell, then d
// gets it back and loses the cell's peers.
func (st *state16) place(d, c int) {
	w, i := c>>6&3, uint(c&63)
	st.settle(d, w, i, st.dropCell(w, i))
}

// settle solves the cell at bit i of word w, which other digits no longer
// have, with digit d: d loses the cell's peers. had holds the digits that
// had the cell.
func (st *state16) settle(d, w int, i uint, had uint16) {
	w &= 3
	m := uint64(1) << (i & 63)
	col := uint64(rows16) << (i & 15)
	b := &st.cand[d&15]
	b[0] &^= col
	b[1] &^= col
	b[2] &^= col
	b[3] &^= col
	b[w] = b[w]&^(row16<<(i&^15)|box16<<(i&12)) | m
	st.todo[w] &^= m
	d &= 15
	st.singles |= 1 << d
	st.locked |= had | 1<<d
	if had != 1<<d {
		st.near[w] |= m
		st.nearDigits |= had &^ (1 << d)
	}
}

// dropCell clears bit i of word w in every digit's board and returns the
// digits that had it.
func (st *state16) dropCell(w int, i uint) uint16 {
	had := st.digits(w, i)
	b := &st.cand
	w &= 3
	m := uint64(1) << (i & 63)
	b[0][w] &^= m
	b[1][w] &^= m
	b[2][w] &^= m
	b[3][w] &^= m
	b[4][w] &^= m
	b[5][w] &^= m
	b[6][w] &^= m
	b[7][w] &^= m
	b[8][w] &^= m
	b[9][w] &^= m
	b[10][w] &^= m
	b[11][w] &^= m
	b[12][w] &^= m
	b[13][w] &^= m
	b[14][w] &^= m
	b[15][w] &^= m
	return had
}

// propagate applies naked and hidden singles until neither finds
// anything, then locked candidates, and starts again while those remove
// a candidate. It reports false when it finds a contradiction: a cell
// without a candidate or a unit without a place for some digit.
func (st *state16) propagate() bool {
	for {
		if st.todo == (band16{}) {
			return true
		}
		placed, ok := st.nakedSingles()
		if !ok {
			return false
		}
		if placed {
			continue
		}
		if st.singles != 0 {
			if !st.hiddenSingles() {
				return false
			}
			continue
		}
		if st.locked == 0 || !st.lockedCandidates() {
			return true
		}
	}
}

// nakedSingles places the cells left with one candidate. It reports
// whether it placed any, and false for ok when a cell has none.
func (st *state16) nakedSingles() (placed, ok bool) {
	var singles band16
	for w, todo := range st.todo {
		ones, twos := st.count(w)
		if todo&^ones != 0 {
			return false, false
		}
		singles[w] = ones &^ twos & todo
	}
	if singles == (band16{}) {
		return false, true
	}
	for w, s := range singles {
		for ; s != 0; s &= s - 1 {
			i := uint(bits.TrailingZeros64(s))
			m := st.digits(w, i)
			// An earlier single of this batch may have taken the cell's
			// only candidate.
			if m == 0 {
				return false, false
			}
			// The cell has one candidate: no other digit loses it.
			st.settle(bits.TrailingZeros16(m), w, i, m)
		}
	}
	return true, true
}

// count returns the cells of word w with at least one candidate and those
// with two or more, summed as a tree: four digits, then four sums.
func (st *state16) count(w int) (ones, twos uint64) {
	b := &st.cand
	w &= 3
	o0, t0 := sum4(b[0][w], b[1][w], b[2][w], b[3][w])
	o1, t1 := sum4(b[4][w], b[5][w], b[6][w], b[7][w])
	o2, t2 := sum4(b[8][w], b[9][w], b[10][w], b[11][w])
	o3, t3 := sum4(b[12][w], b[13][w], b[14][w], b[15][w])
	oa, ob := o0|o1, o2|o3
	return oa | ob, t0 | t1 | t2 | t3 | o0&o1 | o2&o3 | oa&ob
}

// sum4 returns the bits set in at least one of a, b, c, d and in two or
// more.
func sum4(a, b, c, d uint64) (ones, twos uint64) {
	ab, cd := a|b, c|d
	return ab | cd, a&b | c&d | ab&cd
}

// hiddenSingles places, for each digit whose board changed, the cells that
// are its only place in a row, column or box. A digit that lost only the
// cells just solved (st.near) is looked at in their units alone, unless
// there are many. It reports false when a unit has no place for a digit.
func (st *state16) hiddenSingles() bool {
	for {
		if st.nearDigits != 0 {
			n := bits.OnesCount64(st.near[0]) + bits.OnesCount64(st.near[1]) +
				bits.OnesCount64(st.near[2]) + bits.OnesCount64(st.near[3])
			if n > nearCells {
				st.singles |= st.nearDigits
				st.near, st.nearDigits = band16{}, 0
			} else if !st.nearSingles() {
				return false
			}
			continue
		}
		if st.singles == 0 {
			return true
		}
		d := bits.TrailingZeros16(st.singles)
		st.singles &= st.singles - 1
		alone, ok := alone16(&st.cand[d])
		if !ok {
			return false
		}
		for w, x := range alone {
			for x &= st.todo[w]; x != 0; x &= x - 1 {
				i := bits.TrailingZeros64(x)
				// An earlier single of this digit may have made the
				// cell a peer.
				if st.cand[d][w]>>uint(i)&1 == 0 {
					return false
				}
				st.place(d, w<<6|i)
			}
		}
	}
}

// nearCells is the most cells solved since the last look for which
// hiddenSingles looks at their units, digit by digit, rather than at a
// digit's whole board: a unit costs a few operations, a board about 25
// units' worth.
const nearCells = 4

// nearSingles looks for hidden singles of the digits st.nearDigits in the
// units of the cells st.near, and places them. It reports false when one
// of those units has no place for a digit.
func (st *state16) nearSingles() bool {
	near, digits := st.near, st.nearDigits&^st.singles
	st.near, st.nearDigits = band16{}, 0
	for w, x := range near {
		for ; x != 0; x &= x - 1 {
			i := uint(bits.TrailingZeros64(x))
			for ds := digits; ds != 0; ds &= ds - 1 {
				if !st.unitSingles(bits.TrailingZeros16(ds), w, i) {
					return false
				}
			}
		}
	}
	return true
}

// unitSingles places digit d where it has one place left in the row, box
// or column of the cell at bit i of word w. It reports false when one of
// them has no place for d.
func (st *state16) unitSingles(d, w int, i uint) bool {
	b := &st.cand[d&15]
	w &= 3
	for _, unit := range [2]uint64{row16 << (i & 48), box16 << (i & 12)} {
		x := b[w] & unit
		if x == 0 {
			return false
		}
		if x&(x-1) == 0 && st.todo[w]&x != 0 {
			st.place(d, w<<6|bits.TrailingZeros64(x))
		}
	}
	// The column's bits, word v's shifted by v.
	col := i & 15
	y := b[0]>>col&rows16 | b[1]>>col&rows16<<1 | b[2]>>col&rows16<<2 | b[3]>>col&rows16<<3
	if y == 0 {
		return false
	}
	if y&(y-1) == 0 {
		k := bits.TrailingZeros64(y)
		c := k&3<<6 | k>>4<<4 | int(col)
		if st.todo[c>>6&3]>>(c&63)&1 != 0 {
			st.place(d, c)
		}
	}
	return true
}

// alone16 returns the cells of b that are alone in their row, column or
// box, and false if one of those units has no cell of b. A row of 16 bits
// is tested with x&(x-1) on the four rows of a word at once. Boxes and
// columns are counted bit-sliced, as in singles.go: o marks the runs of
// cells with at least one of b, t those with two or more, and merging two
// runs shifted k apart doubles their length; read at a unit's first cell,
// a run of the unit's length tells its count.
func alone16(b *band16) (alone band16, ok bool) {
	const high = 0x8000_8000_8000_8000 // the last cell of each row
	var co, ct, bad uint64             // the columns, summed over the words
	for w, x := range b {
		// Rows: x&(x-1), row by row, leaves a row empty when it had one
		// cell. (An empty row borrows from the next, which is then
		// wrong, but an empty row fails the search anyway.)
		rows := nonEmpty16(x)
		one := rows &^ nonEmpty16(x&(x-rows16))
		// Boxes: a row's cells in a box, then the box's four rows.
		o1, t1 := x|x>>1, x&(x>>1)
		o2, t2 := o1|o1>>2, t1|t1>>2|o1&(o1>>2)
		p1, q1 := o2|o2>>16, t2|t2>>16|o2&(o2>>16)
		p2, q2 := p1|p1>>32, q1|q1>>32|p1&(p1>>32)
		// The word's columns.
		c1, d1 := x|x>>16, x&(x>>16)
		c2, d2 := c1|c1>>32, d1|d1>>32|c1&(c1>>32)
		ct |= d2 | co&c2
		co |= c2
		bad |= (rows ^ high) | (p2&boxes16 ^ boxes16)
		alone[w] = x & ((one>>15)*row16 | (p2&^q2&boxes16)*box16)
	}
	if bad != 0 || co&row16 != row16 {
		return band16{}, false
	}
	cols := (co &^ ct & row16) * rows16
	for w, x := range b {
		alone[w] |= x & cols
	}
	return alone, true
}

// nonEmpty16 returns, at the last cell of each row of x, whether the row
// has a cell.
func nonEmpty16(x uint64) uint64 {
	const low = 0x7FFF_7FFF_7FFF_7FFF
	return (x&low + low | x) &^ low
}

// lockedCandidates applies locked candidates to each digit whose board
// changed since it last looked, and reports whether it removed any.
func (st *state16) lockedCandidates() bool {
	removed := false
	for st.locked != 0 {
		d := bits.TrailingZeros16(st.locked)
		st.locked &= st.locked - 1
		out := locked16(&st.cand[d])
		b := &st.cand[d]
		if b[0]&out[0]|b[1]&out[1]|b[2]&out[2]|b[3]&out[3] != 0 {
			for w := range b {
				b[w] &^= out[w]
			}
			st.singles |= 1 << d
			removed = true
		}
	}
	return removed
}

// locked16 returns the cells that b, a digit's board, loses by locked
// candidates: when the digit's places in a box all lie in one row or
// column, the rest of that line loses it; when its places in a row or
// column all lie in one box, the rest of the box loses it. A segment, a
// line's four cells in a box, is marked at its first cell when it holds a
// place.
func locked16(b *band16) (out band16) {
	var present [4]uint64 // the columns holding a place, per word
	for w, x := range b {
		o := x | x>>1
		seg := (o | o>>2) & quads16
		// A box whose places lie in one row: the row loses the digit
		// outside the box.
		r1, s1 := seg|seg>>16, seg&(seg>>16)
		r2, s2 := r1|r1>>32, s1|s1>>32|r1&(r1>>32)
		point := seg & ((r2 &^ s2 & boxes16) * rows16)
		lines := point | point>>4
		lines = (lines | lines>>8) & rows16
		out[w] = (lines * row16) &^ (point * 0xF)
		// A row whose places lie in one box: the box loses the digit
		// outside the row.
		u1, v1 := seg|seg>>4, seg&(seg>>4)
		u2, v2 := u1|u1>>8, v1|v1>>8|u1&(u1>>8)
		claim := seg & ((u2 &^ v2 & rows16) * boxes16)
		boxes := claim | claim>>16
		boxes = (boxes | boxes>>32) & boxes16
		out[w] |= (boxes * box16) &^ (claim * 0xF)
		c := x | x>>16
		present[w] = (c | c>>32) & row16
	}
	// A column whose places lie in one band: the column's box loses the
	// digit outside the column.
	var ones, twos uint64
	for _, p := range present {
		twos |= ones & p
		ones |= p
	}
	single := ones &^ twos
	for w, p := range present {
		cols := p & single
		boxes := cols | cols>>1
		boxes = (boxes | boxes>>2) & boxes16
		out[w] |= ((boxes * 0xF) &^ cols) * rows16
		// A box whose places lie in one column: the column loses the
		// digit in the other bands.
		o1, t1 := p|p>>1, p&(p>>1)
		o2, t2 := o1|o1>>2, t1|t1>>2|o1&(o1>>2)
		point := (p & ((o2 &^ t2 & boxes16) * 0xF)) * rows16
		for v := range out {
			if v != w {
				out[v] |= point
			}
		}
	}
	return out
}
