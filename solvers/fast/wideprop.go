package fast

import "math/bits"

// propagate places the queued singles, and those they lead to, then
// applies locked candidates and starts again, until nothing changes. It
// reports false, with the queue emptied, when a cell has no candidate left
// or a digit no place in a unit.
func (w *wideSolver) propagate(st []uint32) bool {
	for {
		for len(w.queue) > 0 {
			b := w.queue[len(w.queue)-1]
			w.queue = w.queue[:len(w.queue)-1]
			if !w.place(st, int(b.cell), b.bit) {
				w.queue = w.queue[:0]
				return false
			}
		}
		if st[len(st)-1] == 0 {
			return true
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

// place solves cell c with the digit bit: its other candidates go, the
// digit is flagged solved in its units and removed from its peers. It
// reports false when the cell has lost the digit or a removal empties a
// cell or a unit. A single already placed with its digit is skipped.
func (w *wideSolver) place(st []uint32, c int, bit uint32) bool {
	m := st[c]
	if m&bit == 0 {
		return false
	}
	if m&placed != 0 {
		return true
	}
	t := w.t
	for x := m &^ bit; x != 0; x &= x - 1 {
		if !w.remove(st, c, x&-x) {
			return false
		}
	}
	st[c] = bit | placed
	st[len(st)-1]--
	n := t.n
	d := bits.TrailingZeros32(bit)
	open := st[t.cells+t.numUnits*n:]
	for _, mu := range t.member[t.memberAt[c]:t.memberAt[c+1]] {
		u := int(mu.unit)
		open[u]--
		i := t.cells + u*n + d
		others := st[i] &^ (1 << mu.pos)
		st[i] = 1<<mu.pos | placed
		for ; others != 0; others &= others - 1 {
			q := int(t.units[u*n+bits.TrailingZeros32(others)])
			if !w.remove(st, q, bit) {
				return false
			}
		}
	}
	return true
}

// remove takes the digit bit from the candidates of cell c, which is not
// placed, and c from the digit's places in c's units, queueing the singles
// this leaves. It reports false when c or one of the units is left
// without a candidate for the digit.
func (w *wideSolver) remove(st []uint32, c int, bit uint32) bool {
	m := st[c]
	if m&bit == 0 {
		return true
	}
	m &^= bit
	st[c] = m
	if m == 0 {
		return false
	}
	if m&(m-1) == 0 {
		w.queue = append(w.queue, wideBranch{int32(c), m})
	}
	t := w.t
	n := t.n
	d := bits.TrailingZeros32(bit)
	for _, mu := range t.member[t.memberAt[c]:t.memberAt[c+1]] {
		j := int(mu.unit)*n + d
		i := t.cells + j
		p := st[i] &^ (1 << mu.pos)
		st[i] = p
		if p&placed != 0 {
			continue
		}
		w.dirty[j>>6] |= 1 << (j & 63)
		if p == 0 {
			return false
		}
		if p&(p-1) == 0 {
			q := t.units[int(mu.unit)*n+bits.TrailingZeros32(p)]
			w.queue = append(w.queue, wideBranch{int32(q), bit})
		}
	}
	return true
}

// locked applies locked candidates and hidden pairs. When a digit's
// places in unit u all lie in another unit v, v's other cells lose the
// digit; when two digits have the same two places in a unit, those two
// cells lose every other digit. It looks only at the place masks changed
// since it last looked (w.dirty): the others were looked at then, and
// their units have lost no candidate since. It reports whether it removed
// any candidate, and false for ok on a contradiction.
func (w *wideSolver) locked(st []uint32) (changed, ok bool) {
	t := w.t
	n, nu := t.n, t.numUnits
	places := st[t.cells : t.cells+nu*n]
	for k := range w.dirty {
		for w.dirty[k] != 0 {
			i := k*64 + bits.TrailingZeros64(w.dirty[k])
			w.dirty[k] &= w.dirty[k] - 1
			p := places[i]
			if p&placed != 0 {
				continue
			}
			u, d := i/n, i%n
			if p&(p-1)&(p&(p-1)-1) == 0 { // two places
				removed, ok := w.hiddenPair(st, u, d)
				if !ok {
					return changed, false
				}
				changed = changed || removed
			}
			// The units of the first place are the only ones that can
			// hold every place.
			c := int(t.units[u*n+bits.TrailingZeros32(p)])
			for _, mv := range t.member[t.memberAt[c]:t.memberAt[c+1]] {
				v := int(mv.unit)
				if v == u || p&^t.within[u*nu+v] != 0 {
					continue
				}
				rest := places[v*n+d] &^ t.within[v*nu+u]
				if rest&placed != 0 {
					continue
				}
				for ; rest != 0; rest &= rest - 1 {
					q := int(t.units[v*n+bits.TrailingZeros32(rest)])
					if !w.remove(st, q, 1<<d) {
						return changed, false
					}
					changed = true
				}
			}
		}
	}
	return changed, true
}

// hiddenPair looks for another digit with the same two places as digit d
// in unit u and, if there is one, removes every other digit from the two
// cells. It reports whether it removed any, and false for ok on a
// contradiction.
func (w *wideSolver) hiddenPair(st []uint32, u, d int) (removed, ok bool) {
	t := w.t
	n := t.n
	places := st[t.cells+u*n : t.cells+u*n+n]
	p := places[d]
	for d2, p2 := range places {
		if d2 == d || p2 != p {
			continue
		}
		keep := uint32(1)<<d | uint32(1)<<d2
		for x := p; x != 0; x &= x - 1 {
			c := int(t.units[u*n+bits.TrailingZeros32(x)])
			for y := st[c] &^ keep; y != 0; y &= y - 1 {
				if !w.remove(st, c, y&-y) {
					return removed, false
				}
				removed = true
			}
		}
		return removed, true
	}
	return false, true
}
