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
		st.near[bits.TrailingZeros32(m)] |= units
	}
	st.nearMask |= uint16(near)
	st.cand[d] = st.cand[d].andNot(t.peers[c]).or(bit)
	st.todo = st.todo.andNot(bit)
	st.placed[d] |= units
}

// digitsLo returns the digits whose lo word has bit i.
func digitsLo(cand *[9]board, i uint) uint32 {
	return uint32(cand[0].lo>>i&1 | cand[1].lo>>i&1<<1 | cand[2].lo>>i&1<<2 |
		cand[3].lo>>i&1<<3 | cand[4].lo>>i&1<<4 | cand[5].lo>>i&1<<5 |
		cand[6].lo>>i&1<<6 | cand[7].lo>>i&1<<7 | cand[8].lo>>i&1<<8)
}

// digitsHi returns the digits whose hi word has bit i.
func digitsHi(cand *[9]board, i uint) uint32 {
	return uint32(cand[0].hi>>i&1 | cand[1].hi>>i&1<<1 | cand[2].hi>>i&1<<2 |
		cand[3].hi>>i&1<<3 | cand[4].hi>>i&1<<4 | cand[5].hi>>i&1<<5 |
		cand[6].hi>>i&1<<6 | cand[7].hi>>i&1<<7 | cand[8].hi>>i&1<<8)
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
// call, unrolled: the loop and the calls cost as much as the work.
func countCands(cand *[9]board, todo board) (ones, twos board) {
	lo, hi := todo.lo, todo.hi
	o, h := cand[0].lo&lo, cand[0].hi&hi
	var t, u uint64
	x, y := cand[1].lo&lo, cand[1].hi&hi
	t, u = o&x, h&y
	o, h = o|x, h|y
	x, y = cand[2].lo&lo, cand[2].hi&hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[3].lo&lo, cand[3].hi&hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[4].lo&lo, cand[4].hi&hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[5].lo&lo, cand[5].hi&hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[6].lo&lo, cand[6].hi&hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[7].lo&lo, cand[7].hi&hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	x, y = cand[8].lo&lo, cand[8].hi&hi
	t, u = t|o&x, u|h&y
	o, h = o|x, h|y
	return board{o, h}, board{t, u}
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
			if bits.OnesCount64(sLo)+bits.OnesCount64(sHi) <= 2 {
				// Few singles: cell by cell, finding each one's digit
				// costs less than a walk over the digits. An earlier
				// single of the batch may have taken a cell's only
				// candidate.
				for ; sLo != 0; sLo &= sLo - 1 {
					c := bits.TrailingZeros64(sLo)
					m := digitsLo(&st.cand, uint(c))
					if m == 0 {
						return false
					}
					d := bits.TrailingZeros32(m)
					st.cand[d] = st.cand[d].andNot(t.peers[c])
					st.todo.lo &^= 1 << uint(c)
					st.placed[d] |= t.cellUnits[c]
					st.dirty |= touched(1 << uint(d))
				}
				for ; sHi != 0; sHi &= sHi - 1 {
					i := bits.TrailingZeros64(sHi)
					m := digitsHi(&st.cand, uint(i))
					if m == 0 {
						return false
					}
					d := bits.TrailingZeros32(m)
					c := loCells + i&63
					st.cand[d] = st.cand[d].andNot(t.peers[c])
					st.todo.hi &^= 1 << uint(i)
					st.placed[d] |= t.cellUnits[c]
					st.dirty |= touched(1 << uint(d))
				}
			} else {
				// The words are walked apart: board.first would test which
				// is empty at every step.
				for d := range st.cand {
					for s := st.cand[d].lo & sLo; s != 0; s &= s - 1 {
						c := bits.TrailingZeros64(s)
						// An earlier single of this batch may have taken
						// the cell's only candidate.
						if st.cand[d].lo>>uint(c)&1 == 0 {
							return false
						}
						st.cand[d] = st.cand[d].andNot(t.peers[c])
						st.todo.lo &^= 1 << uint(c)
						st.placed[d] |= t.cellUnits[c]
						st.dirty |= touched(1 << uint(d))
					}
					for s := st.cand[d].hi & sHi; s != 0; s &= s - 1 {
						i := bits.TrailingZeros64(s)
						if st.cand[d].hi>>uint(i)&1 == 0 {
							return false
						}
						c := loCells + i&63
						st.cand[d] = st.cand[d].andNot(t.peers[c])
						st.todo.hi &^= 1 << uint(i)
						st.placed[d] |= t.cellUnits[c]
						st.dirty |= touched(1 << uint(d))
					}
				}
			}
			continue
		}
		if st.dirty&singlesDirty == 0 && st.nearMask == 0 {
			return true
		}
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
			if t.standard { // one call, not two
				alone, ok = standardAlone(st.cand[d], st.todo)
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
