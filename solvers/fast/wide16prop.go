package fast

import "math/bits"

// place solves cell c with digit d: every digit loses the cell, then d
// gets it back and loses the cell's peers.
func (st *state16) place(d, c int) {
	w, i := c>>6, uint(c&63)
	m := uint64(1) << i
	var had uint16
	for e := range st.cand {
		had |= uint16(st.cand[e][w]>>i&1) << e
		st.cand[e][w] &^= m
	}
	col := uint64(rows16) << (i & 15)
	b := &st.cand[d]
	for v := range b {
		b[v] &^= col
	}
	b[w] = b[w]&^(row16<<(i&^15)|box16<<(i&12)) | m
	st.todo[w] &^= m
	changed := had | 1<<d
	st.singles |= changed
	st.locked |= changed
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
		if st.locked != 0 && st.lockedCandidates() {
			continue
		}
		return true
	}
}

// nakedSingles places the cells left with one candidate. It reports
// whether it placed any, and false for ok when a cell has none.
func (st *state16) nakedSingles() (placed, ok bool) {
	var singles band16
	for w, todo := range st.todo {
		var ones, twos uint64
		for d := range st.cand {
			x := st.cand[d][w]
			twos |= ones & x
			ones |= x
		}
		if todo&^ones != 0 {
			return false, false
		}
		singles[w] = ones &^ twos & todo
	}
	if singles == (band16{}) {
		return false, true
	}
	for d := range st.cand {
		for w := range singles {
			for s := st.cand[d][w] & singles[w]; s != 0; s &= s - 1 {
				i := bits.TrailingZeros64(s)
				// An earlier single of this batch may have taken the
				// cell's only candidate.
				if st.cand[d][w]>>uint(i)&1 == 0 {
					return false, false
				}
				st.place(d, w<<6|i)
			}
		}
	}
	return true, true
}

// hiddenSingles places, for each digit whose board changed, the cells that
// are its only place in a row, column or box. It reports false when a
// unit has no place for a digit.
func (st *state16) hiddenSingles() bool {
	for st.singles != 0 {
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
	return true
}

// alone16 returns the cells of b that are alone in their row, column or
// box, and false if one of those units has no cell of b. Each count is
// bit-sliced, as in singles.go: o marks the runs of cells with at least
// one of b, t those with two or more, and merging two runs shifted k apart
// doubles their length; read at a unit's first cell, a run of the unit's
// length tells its count.
func alone16(b *band16) (alone band16, ok bool) {
	ok = true
	var co, ct uint64 // the columns, summed over the words
	for w, x := range b {
		o1, t1 := x|x>>1, x&(x>>1)
		o2, t2 := o1|o1>>2, t1|t1>>2|o1&(o1>>2) // a row's cells in a box
		o3, t3 := o2|o2>>4, t2|t2>>4|o2&(o2>>4)
		o4, t4 := o3|o3>>8, t3|t3>>8|o3&(o3>>8) // rows
		p1, q1 := o2|o2>>16, t2|t2>>16|o2&(o2>>16)
		p2, q2 := p1|p1>>32, q1|q1>>32|p1&(p1>>32) // boxes
		c1, d1 := x|x>>16, x&(x>>16)
		c2, d2 := c1|c1>>32, d1|d1>>32|c1&(c1>>32) // the word's columns
		ct |= d2 | co&c2
		co |= c2
		if o4&rows16 != rows16 || p2&boxes16 != boxes16 {
			ok = false
		}
		alone[w] = x & ((o4&^t4&rows16)*row16 | (p2&^q2&boxes16)*box16)
	}
	if co&row16 != row16 {
		return band16{}, false
	}
	cols := (co &^ ct & row16) * rows16
	for w, x := range b {
		alone[w] |= x & cols
	}
	return alone, ok
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
