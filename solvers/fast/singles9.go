package fast

import "math/bits"

// singles9 is propagate for searchBands (standard grids without an
// objective). On amd64 it is one call of assembly, singles9AVX2: naked
// singles a batch at a time, each cell's digit read from the digits'
// binary planes, then the box hidden singles of the digits marked
// (those whose boards lost a cell), until neither finds anything. It
// reaches propagate's fixed point without its bookkeeping (placed, near:
// it clears the singles' dirty bits), and marks the digits whose boards
// it changed for triads. Without the assembly it is propagate itself:
// singles9Go, the assembly's steps in Go, costs more in Go than
// propagate's bookkeeping saves.
func (sv *solver) singles9(st *state) bool {
	if !haveSingles9 {
		return sv.propagate(st)
	}
	changed, ok := singles9AVX2(&st.cand, &st.todo, &sv.topo.peers, st.dirty&singlesDirty)
	st.dirty = st.dirty&^singlesDirty | changed<<lockedDirty
	return ok
}

// singles9Go is singles9AVX2 in Go, step for step: the readable form of
// the assembly and the reference it is tested against. It applies naked
// and box hidden singles to cand and todo from the digits marked in redo
// until neither finds anything, and returns the digits whose boards it
// changed (a superset: a digit that placed a single counts even if its
// peers held it nowhere), and false on a contradiction, after which cand
// and todo are garbage.
//
// The boards stay in memory, indexed by digit, so that the loops walk
// only the cells and digits that matter: a loop over set bits costs about
// one mispredicted branch where a test per digit costs several, and
// mispredictions, not instructions, bound this loop.
func singles9Go(cand *[9]board, todo *board, peers *[numCell]board, redo uint32) (changed uint32, ok bool) {
	left := *todo
	var solved board // the last batch of naked singles
	for {
		ones, twos := countCands(cand, full)
		// A cell to solve, or just solved, without a candidate: the
		// latter when two singles of a digit shared a unit.
		if !left.or(solved).andNot(ones).isZero() {
			return changed, false
		}
		s := ones.andNot(twos).and(left)
		if !s.isZero() {
			// Each single's digit, read from the digits' binary
			// planes; the batch's cells leave left at once.
			var pl [4]board
			digitPlanes(cand, &pl)
			left = left.andNot(s)
			solved = s
			for x := s.lo; x != 0; x &= x - 1 {
				c := uint(bits.TrailingZeros64(x))
				d := pl[0].lo>>c&1 | pl[1].lo>>c&1<<1 | pl[2].lo>>c&1<<2 | pl[3].lo>>c&1<<3
				cand[d] = cand[d].andNot(peers[c])
				redo |= 1 << d
				changed |= 1 << d
			}
			for x := s.hi; x != 0; x &= x - 1 {
				i := uint(bits.TrailingZeros64(x))
				d := pl[0].hi>>i&1 | pl[1].hi>>i&1<<1 | pl[2].hi>>i&1<<2 | pl[3].hi>>i&1<<3
				cand[d] = cand[d].andNot(peers[loCells+i&63])
				redo |= 1 << d
				changed |= 1 << d
			}
			continue
		}
		solved = board{}
		// The marked digits' box singles, all found before any is
		// placed: the cells a digit finds stay its own or make a
		// contradiction that the checks below catch, and a branch per
		// digit on whether it found any would be mispredicted often.
		var alone [9]board
		var found uint32
		for ; redo != 0; redo &= redo - 1 {
			d := bits.TrailingZeros32(redo)
			a, ok := boxAlone(cand[d], left)
			if !ok {
				return changed, false
			}
			alone[d] = a
			if !a.isZero() {
				found |= 1 << uint(d)
			}
		}
		if found == 0 {
			*todo = left
			return changed, true
		}
		for ; found != 0; found &= found - 1 {
			d := bits.TrailingZeros32(found)
			a := alone[d]
			// Every digit leaves the cells (d gets them back below);
			// those that held one are searched again, d included.
			b := cand[d]
			for e := range cand {
				if !cand[e].and(a).isZero() {
					redo |= 1 << uint(e)
					changed |= 1 << uint(e)
				}
				cand[e] = cand[e].andNot(a)
			}
			left = left.andNot(a)
			b = dropPeers(b, a, peers)
			// Two of the cells share a row or a column, or another
			// digit took one.
			if !a.andNot(b).isZero() {
				return changed, false
			}
			cand[d] = b
		}
	}
}

// dropPeers returns b without the peers of the cells x.
func dropPeers(b, x board, peers *[numCell]board) board {
	for lo := x.lo; lo != 0; lo &= lo - 1 {
		b = b.andNot(peers[bits.TrailingZeros64(lo)])
	}
	for hi := x.hi; hi != 0; hi &= hi - 1 {
		b = b.andNot(peers[loCells+bits.TrailingZeros64(hi)&63])
	}
	return b
}
