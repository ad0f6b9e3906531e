package fast

import "math/bits"

// place solves cell c with digit d: every digit loses the cell, then d
// gets it back and loses the cell's peers.
func (st *state16) place(d, c int) {
	w, i := c>>6&3, uint(c&63)
	m := uint64(1) << i
	had := st.dropCell(w, i)
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
	st.near[w] |= m
	st.nearDigits |= had &^ (1 << d)
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
	pairs := true
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
		// Hidden pairs, once a node: a second look finds little.
		if !pairs || !st.hiddenPairs() {
			return true
		}
		pairs = false
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
	for w, s := range singles {
		for ; s != 0; s &= s - 1 {
			i := uint(bits.TrailingZeros64(s))
			m := st.digits(w, i)
			// An earlier single of this batch may have taken the cell's
			// only candidate.
			if m == 0 {
				return false, false
			}
			st.place(bits.TrailingZeros16(m), w<<6|int(i))
		}
	}
	return true, true
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

// hiddenPairs applies hidden pairs: when two digits have the same two
// places in a unit, those two cells lose every other digit. It reports
// whether it removed any candidate.
func (st *state16) hiddenPairs() bool {
	// By unit, the digits with exactly two places there.
	var rows, cols, boxes [16]uint16
	for d := range st.cand {
		r, c, b := twoPlaces16(&st.cand[d])
		for ; r != 0; r &= r - 1 {
			rows[bits.TrailingZeros16(r)] |= 1 << d
		}
		for ; c != 0; c &= c - 1 {
			cols[bits.TrailingZeros16(c)] |= 1 << d
		}
		for ; b != 0; b &= b - 1 {
			boxes[bits.TrailingZeros16(b)] |= 1 << d
		}
	}
	// A digit's places in a unit are its key there: the bits of the
	// unit's word for a row or box; for a column, its bits of the four
	// words, word v's shifted by v.
	removed := false
	var keys pairKeys
	for u := range 16 {
		w := u >> 2
		if ds := rows[u]; ds&(ds-1) != 0 {
			keys.reset()
			mask := uint64(row16) << (16 * (u & 3))
			for ; ds != 0; ds &= ds - 1 {
				d := bits.TrailingZeros16(ds)
				if k, e := keys.add(d, st.cand[d][w]&mask); e >= 0 {
					var c band16
					c[w] = k
					removed = st.keepOnly(c, 1<<d|1<<e) || removed
				}
			}
		}
		if ds := boxes[u]; ds&(ds-1) != 0 {
			keys.reset()
			mask := uint64(box16) << (4 * (u & 3))
			for ; ds != 0; ds &= ds - 1 {
				d := bits.TrailingZeros16(ds)
				if k, e := keys.add(d, st.cand[d][w]&mask); e >= 0 {
					var c band16
					c[w] = k
					removed = st.keepOnly(c, 1<<d|1<<e) || removed
				}
			}
		}
		if ds := cols[u]; ds&(ds-1) != 0 {
			keys.reset()
			for ; ds != 0; ds &= ds - 1 {
				d := bits.TrailingZeros16(ds)
				b := &st.cand[d]
				k := b[0]>>u&rows16 | b[1]>>u&rows16<<1 | b[2]>>u&rows16<<2 | b[3]>>u&rows16<<3
				if k, e := keys.add(d, k); e >= 0 {
					c := band16{k & rows16 << u, k >> 1 & rows16 << u, k >> 2 & rows16 << u, k >> 3 & rows16 << u}
					removed = st.keepOnly(c, 1<<d|1<<e) || removed
				}
			}
		}
	}
	return removed
}

// pairKeys holds the keys of the digits seen so far in one unit.
type pairKeys struct {
	keys   [16]uint64
	digits [16]int
	n      int
}

func (p *pairKeys) reset() { p.n = 0 }

// add records digit d's key k and returns it with an earlier digit of the
// same key, or -1 if there is none.
func (p *pairKeys) add(d int, k uint64) (uint64, int) {
	e := -1
	for j, kj := range p.keys[:p.n] {
		if kj == k {
			e = p.digits[j]
			break
		}
	}
	p.keys[p.n&15], p.digits[p.n&15] = k, d
	p.n++
	return k, e
}

// keepOnly removes every digit but those of keep from cells, and reports
// whether any went.
func (st *state16) keepOnly(cells band16, keep uint16) bool {
	removed := false
	for e := range st.cand {
		b := &st.cand[e]
		if keep>>e&1 == 0 && b[0]&cells[0]|b[1]&cells[1]|b[2]&cells[2]|b[3]&cells[3] != 0 {
			for v := range b {
				b[v] &^= cells[v]
			}
			st.singles |= 1 << e
			st.locked |= 1 << e
			removed = true
		}
	}
	return removed
}

// twoPlaces16 returns the rows, columns and boxes in which b, a digit's
// board, has exactly two cells, bit u for unit u. Rows and boxes are
// counted by adding bits within a word (per row of 16 bits, per box of
// four rows of four bits); columns, whose cells lie one a row, are
// counted bit-sliced over the rows: at least one, two, three.
func twoPlaces16(b *band16) (rows, cols, boxes uint16) {
	var o, t, h uint64
	for w, x := range b {
		n2 := x - x>>1&0x5555_5555_5555_5555
		n4 := n2&0x3333_3333_3333_3333 + n2>>2&0x3333_3333_3333_3333 // per box row
		n8 := (n4 + n4>>4) & 0x0F0F_0F0F_0F0F_0F0F
		n16 := (n8 + n8>>8) & 0x001F_001F_001F_001F // per row
		eq := ^(n16 ^ 0x0002_0002_0002_0002 + 0x7FFF_7FFF_7FFF_7FFF) & 0x8000_8000_8000_8000
		eq >>= 15
		rows |= uint16(eq|eq>>15|eq>>30|eq>>45) & 0xF << (4 * w)
		// Boxes 0 and 2 in the even nibbles, 1 and 3 in the odd ones,
		// each summed over the four rows into a byte.
		even, odd := n4&0x0F0F_0F0F_0F0F_0F0F, n4>>4&0x0F0F_0F0F_0F0F_0F0F
		even += even>>16 + even>>32 + even>>48
		odd += odd>>16 + odd>>32 + odd>>48
		v := uint32(even&0xFFFF | odd&0xFFFF<<16) // boxes 0, 2, 1, 3
		e := ^(v ^ 0x0202_0202 + 0x7F7F_7F7F) & 0x8080_8080
		boxes |= uint16(e>>7&1|e>>22&2|e>>13&4|e>>28&8) << (4 * w)
		o1, t1 := x|x>>16, x&(x>>16)
		o2, t2, h2 := o1|o1>>32, t1|t1>>32|o1&(o1>>32), t1&(o1>>32)|o1&(t1>>32)
		h |= h2 | t&o2 | o&t2
		t |= t2 | o&o2
		o |= o2
	}
	return rows, uint16(t &^ h), boxes
}
