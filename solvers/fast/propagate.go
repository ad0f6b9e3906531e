package fast

import "math/bits"

// place solves cell c with digit d: the digit leaves c's peers and every
// other digit leaves c.
func (sv *solver) place(st *state, d, c int) {
	t := sv.topo
	units := t.cellUnits[c]
	// Every digit that had the cell loses it and is marked. The cell
	// lies in one word: only that word changes.
	var bit board
	var had uint32
	if c < loCells {
		bit.lo = 1 << uint(c)
		had = dropBit(&st.cand, 0, uint(c))
	} else {
		bit.hi = 1 << uint(c-loCells)
		had = dropBit(&st.cand, 1, uint(c-loCells))
	}
	// Digit d lost the cell's peers: it is searched again in full. The
	// others lost the cell alone: only its units need a look.
	others := had &^ (1 << uint(d))
	dirty := st.dirty | touched(1<<uint(d)) | others<<lockedDirty
	st.dirty = dirty
	near := others &^ dirty
	for m := near; m != 0; m &= m - 1 {
		st.near[bits.TrailingZeros32(m)] |= units & t.nearUnits
	}
	st.nearMask |= uint16(near)
	st.cand[d] = st.cand[d].andNot(t.peers[c]).or(bit)
	st.todo = st.todo.andNot(bit)
	st.placed[d] |= units
}

// digitPlanes sets pl[k] to the cells where some digit whose index
// (0-8) has bit k is a candidate: at a cell with one candidate, the
// planes spell its index in binary.
func digitPlanes(cand *[9]board, pl *[4]board) {
	c37 := cand[3].or(cand[7])
	pl[0] = cand[1].or(cand[5]).or(c37)
	pl[1] = cand[2].or(cand[6]).or(c37)
	pl[2] = cand[4].or(cand[5]).or(cand[6].or(cand[7]))
	pl[3] = cand[8]
}

// dropBit clears bit i of word w (0 lo, 1 hi) in every digit's board and
// returns the digits that had it. Unrolled: the loop costs as much as the
// work.
func dropBit(cand *[9]board, w int, i uint) uint32 {
	m := uint64(1) << i
	if w == 0 {
		h := cand[0].lo>>i&1 | cand[1].lo>>i&1<<1 | cand[2].lo>>i&1<<2 |
			cand[3].lo>>i&1<<3 | cand[4].lo>>i&1<<4 | cand[5].lo>>i&1<<5 |
			cand[6].lo>>i&1<<6 | cand[7].lo>>i&1<<7 | cand[8].lo>>i&1<<8
		cand[0].lo &^= m
		cand[1].lo &^= m
		cand[2].lo &^= m
		cand[3].lo &^= m
		cand[4].lo &^= m
		cand[5].lo &^= m
		cand[6].lo &^= m
		cand[7].lo &^= m
		cand[8].lo &^= m
		return uint32(h)
	}
	h := cand[0].hi>>i&1 | cand[1].hi>>i&1<<1 | cand[2].hi>>i&1<<2 |
		cand[3].hi>>i&1<<3 | cand[4].hi>>i&1<<4 | cand[5].hi>>i&1<<5 |
		cand[6].hi>>i&1<<6 | cand[7].hi>>i&1<<7 | cand[8].hi>>i&1<<8
	cand[0].hi &^= m
	cand[1].hi &^= m
	cand[2].hi &^= m
	cand[3].hi &^= m
	cand[4].hi &^= m
	cand[5].hi &^= m
	cand[6].hi &^= m
	cand[7].hi &^= m
	cand[8].hi &^= m
	return uint32(h)
}

// countCands counts the candidates of the cells todo, bit-sliced: ones
// marks cells with at least one, twos with two or more. Both words in one
// call, unrolled: the loop and the calls cost as much as the work. A
// solved cell keeps one candidate, so todo masks the sums, not each digit.
func countCands(cand *[9]board, todo board) (ones, twos board) {
	o, h := cand[0].lo, cand[0].hi
	var t, u uint64
	x, y := cand[1].lo, cand[1].hi
	t, u = o&x, h&y
	o, h = o|x, h|y
	x, y = cand[2].lo, cand[2].hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[3].lo, cand[3].hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[4].lo, cand[4].hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[5].lo, cand[5].hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[6].lo, cand[6].hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[7].lo, cand[7].hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[8].lo, cand[8].hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	return board{o & todo.lo, h & todo.hi}, board{t & todo.lo, u & todo.hi}
}

// propagate applies naked and hidden singles until neither finds anything.
// It reports false when it finds a contradiction: a cell without a
// candidate or a unit without a place for some digit.
func (sv *solver) propagate(st *state) bool {
	t := sv.topo
	for {
		if st.todo.isZero() {
			return true
		}
		ones, twos := countCands(&st.cand, st.todo)
		if !st.todo.andNot(ones).isZero() {
			return false
		}
		if sLo, sHi := ones.lo&^twos.lo, ones.hi&^twos.hi; sLo|sHi != 0 {
			// Each single's digit, read from the digits' binary planes.
			// The batch leaves todo, and marks its digits, at once.
			var pl [4]board
			digitPlanes(&st.cand, &pl)
			st.todo = st.todo.andNot(board{sLo, sHi})
			var ds uint32
			for ; sLo != 0; sLo &= sLo - 1 {
				c := uint(bits.TrailingZeros64(sLo))
				d := pl[0].lo>>c&1 | pl[1].lo>>c&1<<1 | pl[2].lo>>c&1<<2 | pl[3].lo>>c&1<<3
				// An earlier single of the batch may have taken the
				// cell's only candidate.
				if st.cand[d].lo>>c&1 == 0 {
					return false
				}
				st.cand[d] = st.cand[d].andNot(t.peers[c])
				st.placed[d] |= t.cellUnits[c]
				ds |= 1 << d
			}
			for ; sHi != 0; sHi &= sHi - 1 {
				i := uint(bits.TrailingZeros64(sHi))
				d := pl[0].hi>>i&1 | pl[1].hi>>i&1<<1 | pl[2].hi>>i&1<<2 | pl[3].hi>>i&1<<3
				if st.cand[d].hi>>i&1 == 0 {
					return false
				}
				c := loCells + i&63
				st.cand[d] = st.cand[d].andNot(t.peers[c])
				st.placed[d] |= t.cellUnits[c]
				ds |= 1 << d
			}
			st.dirty |= touched(ds)
			continue
		}
		if st.dirty&singlesDirty == 0 && st.nearMask == 0 {
			return true
		}
		// The hidden singles change the state only by placing: if
		// they place nothing, the count above still holds and the state
		// is settled.
		before := st.todo
		for st.dirty&singlesDirty != 0 {
			d := bits.TrailingZeros32(st.dirty)
			st.dirty &= st.dirty - 1
			st.near[d] = 0
			st.nearMask &^= 1 << uint(d)
			if st.placed[d] == allUnits {
				continue // solved everywhere: nothing to find
			}
			var alone board
			var ok bool
			if t.standard {
				alone, ok = boxAlone(st.cand[d], st.todo)
			} else {
				alone, ok = sv.hiddenSingles(st, d)
			}
			if !ok {
				return false
			}
			// An earlier single of this batch may have taken the
			// cell or made it a peer.
			for x := alone.lo; x != 0; x &= x - 1 {
				c := bits.TrailingZeros64(x)
				if st.cand[d].lo>>uint(c)&1 == 0 {
					return false
				}
				sv.place(st, d, c)
			}
			for x := alone.hi; x != 0; x &= x - 1 {
				i := bits.TrailingZeros64(x)
				if st.cand[d].hi>>uint(i)&1 == 0 {
					return false
				}
				sv.place(st, d, loCells+i&63)
			}
		}
		for st.nearMask != 0 && st.dirty&singlesDirty == 0 {
			d := bits.TrailingZeros16(st.nearMask)
			st.nearMask &= st.nearMask - 1
			open := st.near[d] &^ st.placed[d]
			st.near[d] = 0
			for ; open != 0; open &= open - 1 {
				x := st.cand[d].and(t.unit[bits.TrailingZeros32(open)])
				switch x.count() {
				case 0:
					return false
				case 1:
					sv.place(st, d, x.first())
				}
			}
		}
		if st.todo.equal(before) {
			return true
		}
	}
}

// settle applies every deduction until none applies: the singles, then the
// locked candidates, which pay only once the singles are exhausted. It
// reports false on a contradiction.
func (sv *solver) settle(st *state) bool {
	if !sv.propagate(st) {
		return false
	}
	for !st.todo.isZero() && sv.locked(st) {
		if !sv.propagate(st) {
			return false
		}
	}
	return true
}

// locked applies locked candidates and reports whether it removed any.
func (sv *solver) locked(st *state) bool {
	if sv.topo.standard {
		return sv.lockedStandard(st)
	}
	return sv.lockedCandidates(st)
}
