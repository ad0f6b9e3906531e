package fast

// assign sets cell c of st to the digit bit, one of its candidates, and
// queues it for propagate.
func (w *wideSolver) assign(st []uint32, c int, bit uint32) {
	st[c] = bit
	w.queue = append(w.queue, int16(c))
}

// propagate removes the digits of the queued cells from their peers, then
// fills hidden singles and applies locked candidates, until none of them
// changes anything. It reports false when a cell or a unit runs out of
// candidates.
func (w *wideSolver) propagate(st []uint32) bool {
	for {
		if !w.placeQueued(st) {
			return false
		}
		if st[w.t.n*w.t.n] == 0 {
			return true
		}
		found, ok := w.hiddenSingles(st)
		if !ok {
			w.queue = w.queue[:0]
			return false
		}
		if found {
			continue
		}
		changed, ok := w.locked(st)
		if !ok {
			w.queue = w.queue[:0]
			return false
		}
		if !changed {
			return true
		}
	}
}

// placeQueued marks the queued cells placed and removes their digits from
// their peers, queueing the peers left with one candidate. It reports
// false, with the queue emptied, when a peer is left with none.
func (w *wideSolver) placeQueued(st []uint32) bool {
	t := w.t
	all := t.all
	left := &st[t.n*t.n]
	for len(w.queue) > 0 {
		c := w.queue[len(w.queue)-1]
		w.queue = w.queue[:len(w.queue)-1]
		m := st[c]
		if m&placed != 0 {
			continue
		}
		st[c] = m | placed
		*left--
		for _, q := range t.peers[t.peerAt[c]:t.peerAt[c+1]] {
			x := st[q]
			if x&m == 0 {
				continue
			}
			x &^= m
			st[q] = x
			if x&all == 0 {
				w.queue = w.queue[:0]
				return false
			}
			if x&(x-1) == 0 {
				w.queue = append(w.queue, q)
			}
		}
	}
	return true
}

// hiddenSingles assigns every digit that has one place left in a unit and
// is not solved there. It reports whether it assigned any, and false for
// ok when a unit has lost every place of a digit or a cell is the only
// place of two. Along the way it records a digit with exactly two places
// in a unit (w.pairUnit, w.pairDigit) for the search to guess on.
func (w *wideSolver) hiddenSingles(st []uint32) (found, ok bool) {
	t := w.t
	n, all := t.n, t.all
	w.pairUnit = -1
	for u := 0; u < t.numUnits; u++ {
		unit := t.units[u*n : u*n+n]
		var once, twice, thrice, solved uint32
		for _, c := range unit {
			m := st[c]
			solved |= m & -(m >> 31)
			m &= all
			thrice |= twice & m
			twice |= once & m
			once |= m
		}
		if once != all {
			return found, false
		}
		if pairs := twice &^ thrice &^ solved; pairs != 0 && w.pairUnit < 0 {
			w.pairUnit, w.pairDigit = u, pairs&-pairs
		}
		hidden := once &^ twice &^ solved
		if hidden == 0 {
			continue
		}
		for _, c := range unit {
			m := st[c]
			x := m & hidden
			if x == 0 || x == m {
				continue
			}
			if x&(x-1) != 0 { // two digits need this one cell
				return found, false
			}
			w.assign(st, int(c), x)
			found = true
		}
	}
	return found, true
}

// locked applies locked candidates: a digit whose places in a line lie in
// one region, or in a region lie in one line, is removed from the rest of
// that region or line. It reports whether it removed any candidate, and
// false for ok when a cell is left with none. Cells left with one are
// queued.
func (w *wideSolver) locked(st []uint32) (changed, ok bool) {
	t := w.t
	all := t.all
	// The candidates of each segment's unplaced cells. A removal below
	// leaves them too large, never too small, so what they prove stays
	// true.
	for s := range w.segOr {
		var or uint32
		for _, c := range t.segCells[t.segAt[s]:t.segAt[s+1]] {
			m := st[c]
			or |= m & (m>>31 - 1)
		}
		w.segOr[s] = or & all
	}
	for k := range t.whole {
		parts := t.splits[t.splitAt[k]:t.splitAt[k+1]]
		var once, twice uint32
		for _, p := range parts {
			x := w.segOr[p.seg]
			twice |= once & x
			once |= x
		}
		alone := once &^ twice
		if alone == 0 {
			continue
		}
		whole := int(t.whole[k])
		for _, p := range parts {
			gone := w.segOr[p.seg] & alone
			if gone == 0 {
				continue
			}
			// gone's digits of the whole lie in this segment: the
			// crossing unit's other cells lose them.
			n := t.n
			for _, c := range t.units[int(p.cross)*n : int(p.cross)*n+n] {
				x := st[c]
				if x&gone == 0 || t.inUnit(int(c), whole) {
					continue
				}
				x &^= gone
				st[c] = x
				if x&all == 0 {
					return changed, false
				}
				if x&(x-1) == 0 {
					w.queue = append(w.queue, c)
				}
				changed = true
			}
		}
	}
	return changed, true
}
