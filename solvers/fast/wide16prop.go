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
	switch {
	case had == 1<<d:
	case haveAVX2:
		// alone16AVX2 searches a whole board for less than the units
		// of one cell cost unitSingles.
		st.singles |= had
	default:
		st.near[w] |= m
		st.nearDigits |= had &^ (1 << d)
	}
}

// dropCell clears bit i of word w in every digit's board and returns the
// digits that had it: each board's word read once, unrolled. Digit d's
// bit is rotated d places up, so the digits land at bits i to i+15
// (around the word), brought down by one rotation at the end.
func (st *state16) dropCell(w int, i uint) uint16 {
	b := &st.cand
	w &= 3
	m := uint64(1) << (i & 63)
	var had, x uint64
	x = b[0][w]
	had |= x & m
	b[0][w] = x &^ m
	x = b[1][w]
	had |= bits.RotateLeft64(x&m, 1)
	b[1][w] = x &^ m
	x = b[2][w]
	had |= bits.RotateLeft64(x&m, 2)
	b[2][w] = x &^ m
	x = b[3][w]
	had |= bits.RotateLeft64(x&m, 3)
	b[3][w] = x &^ m
	x = b[4][w]
	had |= bits.RotateLeft64(x&m, 4)
	b[4][w] = x &^ m
	x = b[5][w]
	had |= bits.RotateLeft64(x&m, 5)
	b[5][w] = x &^ m
	x = b[6][w]
	had |= bits.RotateLeft64(x&m, 6)
	b[6][w] = x &^ m
	x = b[7][w]
	had |= bits.RotateLeft64(x&m, 7)
	b[7][w] = x &^ m
	x = b[8][w]
	had |= bits.RotateLeft64(x&m, 8)
	b[8][w] = x &^ m
	x = b[9][w]
	had |= bits.RotateLeft64(x&m, 9)
	b[9][w] = x &^ m
	x = b[10][w]
	had |= bits.RotateLeft64(x&m, 10)
	b[10][w] = x &^ m
	x = b[11][w]
	had |= bits.RotateLeft64(x&m, 11)
	b[11][w] = x &^ m
	x = b[12][w]
	had |= bits.RotateLeft64(x&m, 12)
	b[12][w] = x &^ m
	x = b[13][w]
	had |= bits.RotateLeft64(x&m, 13)
	b[13][w] = x &^ m
	x = b[14][w]
	had |= bits.RotateLeft64(x&m, 14)
	b[14][w] = x &^ m
	x = b[15][w]
	had |= bits.RotateLeft64(x&m, 15)
	b[15][w] = x &^ m
	return uint16(bits.RotateLeft64(had, -int(i&63)))
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
	if haveAVX2 {
		if !singles16AVX2(&st.cand, &st.todo, &singles) {
			return false, false
		}
	} else {
		for w, todo := range st.todo {
			ones, twos := st.count(w)
			if todo&^ones != 0 {
				return false, false
			}
			singles[w] = ones &^ twos & todo
		}
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
		var alone band16
		var ok bool
		if haveAVX2 {
			ok = alone16AVX2(&st.cand[d], &alone)
		} else {
			alone, ok = alone16(&st.cand[d])
		}
		if !ok {
			return false
		}
		t := &st.todo
		if alone[0]&t[0]|alone[1]&t[1]|alone[2]&t[2]|alone[3]&t[3] == 0 {
			continue
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
	x := b[w] & (row16 << (i & 48))
	if x == 0 {
		return false
	}
	if x&(x-1) == 0 && st.todo[w]&x != 0 {
		st.place(d, w<<6|bits.TrailingZeros64(x))
	}
	x = b[w] & (box16 << (i & 12))
	if x == 0 {
		return false
	}
	if x&(x-1) == 0 && st.todo[w]&x != 0 {
		st.place(d, w<<6|bits.TrailingZeros64(x))
	}
	// The column's cells, word v's rotated v places up: row r of word v
	// lands at bit 16r+v+col.
	col := i & 15
	m := uint64(rows16) << col
	y := b[0]&m | bits.RotateLeft64(b[1]&m, 1) | bits.RotateLeft64(b[2]&m, 2) | bits.RotateLeft64(b[3]&m, 3)
	if y == 0 {
		return false
	}
	if y&(y-1) == 0 {
		k := (bits.TrailingZeros64(y) - int(col)) & 63 // 16r+v
		c := k&3<<6 | k&^15 | int(col)
		if st.todo[c>>6&3]>>(c&63)&1 != 0 {
			st.place(d, c)
		}
	}
	return true
}

// alone16 returns the cells of b that are alone in their row, column or
// box, and false if one of those units has no cell of b. A row of 16 bits
// is tested with x&(x-1) on the four rows of a word at once. Boxes and
// columns are counted bit-sliced, as in singles.go: o marks the cells
// with at least one of b, t those with two or more. A word's four rows
// are first summed into one row of column counts; the four words' rows
// of counts, packed into one word, then give the boxes of the whole grid
// (four adjacent columns summed) and its columns (the four rows summed)
// in a few operations.
func alone16(b *band16) (alone band16, ok bool) {
	const high = 0x8000_8000_8000_8000 // the last cell of each row
	// Unrolled, so that the shifts are constants and nothing goes
	// through memory; the columns first, then the rows word by word, so
	// that few values are live at once.
	o0, t0 := cols16(b[0])
	o1, t1 := cols16(b[1])
	o2, t2 := cols16(b[2])
	o3, t3 := cols16(b[3])
	o := o0 | o1<<16 | o2<<32 | o3<<48 // word w's column counts at bits 16w to 16w+15
	t := t0 | t1<<16 | t2<<32 | t3<<48
	// Boxes: four adjacent columns, counted at the box's first column.
	ob1, tb1 := o|o>>1, t|t>>1|o&(o>>1)
	ob2, tb2 := ob1|ob1>>2, tb1|tb1>>2|ob1&(ob1>>2)
	// Columns: the four words' rows of counts.
	p1, q1 := o|o>>16, t|t>>16|o&(o>>16)
	p2, q2 := p1|p1>>32, q1|q1>>32|p1&(p1>>32)
	if ob2&quads16 != quads16 || p2&row16 != row16 {
		return band16{}, false
	}
	boxes := ob2 &^ tb2 & quads16
	cols := (p2 &^ q2 & row16) * rows16
	one, rows := rowsOne16(b[0])
	all := rows
	alone[0] = b[0] & ((one>>15)*row16 | (boxes&boxes16)*box16 | cols)
	one, rows = rowsOne16(b[1])
	all &= rows
	alone[1] = b[1] & ((one>>15)*row16 | (boxes>>16&boxes16)*box16 | cols)
	one, rows = rowsOne16(b[2])
	all &= rows
	alone[2] = b[2] & ((one>>15)*row16 | (boxes>>32&boxes16)*box16 | cols)
	one, rows = rowsOne16(b[3])
	all &= rows
	alone[3] = b[3] & ((one>>15)*row16 | (boxes>>48)*box16 | cols)
	return alone, all == high
}

// rowsOne16 returns, at the last cell of each row of x, one word of a
// digit's board, whether the row has one cell and whether it has any.
// (x&(x-1), row by row, leaves a row empty when it had one cell. An empty
// row borrows from the next, which is then wrong, but an empty row fails
// the search anyway.)
func rowsOne16(x uint64) (one, rows uint64) {
	rows = nonEmpty16(x)
	return rows &^ nonEmpty16(x&(x-rows16)), rows
}

// cols16 returns, in the low 16 bits, the columns of x, one word of a
// digit's board, with at least one cell and with two or more.
func cols16(x uint64) (o, t uint64) {
	c1, d1 := x|x>>16, x&(x>>16)
	c2, d2 := c1|c1>>32, d1|d1>>32|c1&(c1>>32)
	return c2 & row16, d2 & row16
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
		var out band16
		if haveAVX2 {
			locked16AVX2(&st.cand[d], &out)
		} else {
			out = locked16(&st.cand[d])
		}
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
// column all lie in one box, the rest of the box loses it.
//
// The work is done on two packed words for the whole grid. A segment, a
// row's four cells in a box, is marked when it holds a place: word w's
// segment of row r and box b at bit 16r+4b+w of segs. The column k of
// word w is marked at bit 16w+k of cols when one of the word's four cells
// in it holds a place.
func locked16(b *band16) (out band16) {
	s0, c0 := segsCols16(b[0])
	s1, c1 := segsCols16(b[1])
	s2, c2 := segsCols16(b[2])
	s3, c3 := segsCols16(b[3])
	segs := s0 | s1<<1 | s2<<2 | s3<<3
	cols := c0 | c1<<16 | c2<<32 | c3<<48
	const firsts = 0x000F_000F_000F_000F // the segments of each row's first box
	// A box whose places lie in one row: the row loses the digit outside
	// the box. The box's rows are summed over the lanes of 16 bits.
	r1, s1 := segs|segs>>16, segs&(segs>>16)
	r2, s2 := r1|r1>>32, s1|s1>>32|r1&(r1>>32)
	point := segs & ((r2 &^ s2 & row16) * rows16)
	f := point | point>>4
	lose := (((f | f>>8) & firsts) * 0x1111) &^ point
	// A row whose places lie in one box: the box loses the digit outside
	// the row. The row's boxes are summed four bits apart.
	u1, v1 := segs|segs>>4, segs&(segs>>4)
	u2, v2 := u1|u1>>8, v1|v1>>8|u1&(u1>>8)
	claim := segs & ((u2 &^ v2 & firsts) * 0x1111)
	g := claim | claim>>16
	lose |= (((g | g>>32) & row16) * rows16) &^ claim
	// A column whose places lie in one band: the column's box loses the
	// digit outside the column.
	p1, q1 := cols|cols>>16, cols&(cols>>16)
	p2, q2 := p1|p1>>32, q1|q1>>32|p1&(p1>>32)
	alone := cols & ((p2 &^ q2 & row16) * rows16)
	h := alone | alone>>1
	lines := (((h | h>>2) & quads16) * 0xF) &^ alone
	// A box whose places lie in one column: the column loses the digit in
	// the other bands, or in all bands when two bands point at it.
	o1, t1 := cols|cols>>1, cols&(cols>>1)
	o2, t2 := o1|o1>>2, t1|t1>>2|o1&(o1>>2)
	pc := cols & ((o2 &^ t2 & quads16) * 0xF)
	e1, k1 := pc|pc>>16, pc&(pc>>16)
	e2, k2 := e1|e1>>32, k1|k1>>32|e1&(e1>>32)
	lines |= ((e2 & row16) * rows16) &^ (pc &^ ((k2 & row16) * rows16))
	out[0] = (lose&quads16)*0xF | (lines&row16)*rows16
	out[1] = (lose>>1&quads16)*0xF | (lines>>16&row16)*rows16
	out[2] = (lose>>2&quads16)*0xF | (lines>>32&row16)*rows16
	out[3] = (lose>>3&quads16)*0xF | (lines>>48)*rows16
	return out
}

// segsCols16 returns, for x, one word of a digit's board, its segments
// holding a place (each marked at its first cell) and, in the low 16
// bits, its columns holding one.
func segsCols16(x uint64) (segs, cols uint64) {
	o := x | x>>1
	c := x | x>>16
	return (o | o>>2) & quads16, (c | c>>32) & row16
}
