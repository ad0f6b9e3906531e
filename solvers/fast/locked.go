package fast

import "math/bits"

// lockedCandidates applies the intersections of a region with a row or a
// column: when a digit's places in one of them all lie in the other, the
// digit leaves the rest of the other. It works from the unit masks, so it
// serves jigsaw regions too, and reports whether it removed anything.
func (sv *solver) lockedCandidates(st *state) bool {
	t := sv.topo
	changed := false
	for st.dirty&lockedMask != 0 {
		d := bits.TrailingZeros32(st.dirty >> lockedDirty)
		st.dirty &^= 1 << uint(lockedDirty+d)
		open := ^st.placed[d] & allUnits
		for open != 0 {
			u := bits.TrailingZeros32(open)
			open &= open - 1
			x := st.cand[d].and(t.unit[u])
			if x.isZero() {
				continue // found by the singles
			}
			c := x.first()
			for _, v := range t.unitsOf[c] {
				if int(v) == u || (u < 18) == (v < 18) {
					continue // a line with a line, or the unit itself
				}
				if !x.andNot(t.unit[v]).isZero() {
					continue
				}
				// x lies in u ∩ v: d leaves v outside u.
				drop := st.cand[d].and(t.unit[v]).andNot(t.unit[u])
				if !drop.isZero() {
					st.cand[d] = st.cand[d].andNot(drop)
					st.dirty |= touched(1 << uint(d))
					changed = true
				}
			}
		}
	}
	return changed
}

// Standard boxes: a band is three rows of the board, 27 bits, and its
// boxes are the bit triplets 0-2, 3-5 and 6-8 of each row.

const (
	seg     = 1 | 1<<3 | 1<<6  // first bit of each box's triplet in a row
	bandCol = 1 | 1<<9 | 1<<18 // the cells of column 0 of a band
)

// others returns, for triplet-first bits y (positions 0, 3, 6 of a band's
// first row, in either band of a word), the first bits of the other
// triplets of the same row. No shift reaches the other band's positions.
func others(y uint64) uint64 {
	return (y<<3 | y>>6 | y<<6 | y>>3) & (seg | seg<<27)
}

// lockedStandard is lockedCandidates for the standard boxes, all the
// intersections of one digit at once: rows and boxes within each band,
// columns and boxes across the bands.
func (sv *solver) lockedStandard(st *state) bool {
	changed := false
	for st.dirty&lockedMask != 0 {
		d := bits.TrailingZeros32(st.dirty >> lockedDirty)
		st.dirty &^= 1 << uint(lockedDirty+d)
		b := st.cand[d]
		keep := &sv.topo.bandKeep
		keepLo := uint64(keep[bandTriplets(b.lo)]) | uint64(keep[bandTriplets(b.lo>>27)])<<27
		keepHi := uint64(keep[bandTriplets(b.hi)])
		// The columns holding d in each band, band i at bits 9i-9i+8,
		// and the columns d keeps there, stack by stack.
		u := b.lo | b.lo>>9 | b.lo>>18
		cols := u&rowCells | (u>>27&rowCells)<<9 | ((b.hi|b.hi>>9|b.hi>>18)&rowCells)<<18
		ck := uint64(0)
		for k := uint(0); k < 9; k += 3 {
			ck |= spreadStack(uint64(sv.topo.stackKeep[stackTriplets(cols>>k)])) << k
		}
		keepLo &= (ck&rowCells)*bandCol | (ck>>9&rowCells)*bandCol<<27
		keepHi &= (ck >> 18 & rowCells) * bandCol
		nb := board{lo: b.lo & keepLo, hi: b.hi & keepHi}
		if !nb.equal(b) {
			// Not marked for locked candidates again: a second pass
			// rarely finds more, and the singles come first anyway.
			st.cand[d] = nb
			st.dirty |= 1 << uint(d)
			changed = true
		}
	}
	return changed
}

// lockedRows returns the cells of word w (whole bands) that survive the
// row and box intersections inside each band; first marks the first
// triplet of each band's first row.
func lockedRows(w, first uint64) uint64 {
	t := (w | w>>1 | w>>2) & (first | first<<9 | first<<18) // triplets holding d
	s0, s1, s2 := t&first, t>>9&first, t>>18&first
	// A box whose d lies in one row: d leaves the row's other boxes. A
	// row whose d lies in one box: d leaves the box's other rows.
	one0, one1, one2 := s0&^others(s0), s1&^others(s1), s2&^others(s2)
	drop0 := others(s0&^(s1|s2)) | one1 | one2
	drop1 := others(s1&^(s0|s2)) | one0 | one2
	drop2 := others(s2&^(s0|s1)) | one0 | one1
	return ^((drop0 | drop1<<9 | drop2<<18) * 7)
}

// bandTriplets returns which triplets of the band in the low 27 bits of w
// are not empty, row r's box j at bit 3r+j: an index of bandKeep.
func bandTriplets(w uint64) uint {
	t := (w | w>>1 | w>>2) & (seg | seg<<9 | seg<<18) // row r's box j at bit 9r+3j
	x := (t | t>>2 | t>>4) & (7 | 7<<9 | 7<<18)       // at bit 9r+j
	return uint((x | x>>6 | x>>12) & 511)
}

// bandKeepTable returns lockedRows of one band by its triplets, as
// bandTriplets numbers them: a lookup costs a fifth of the computation.
func bandKeepTable() (keep [512]uint32) {
	for i := range keep {
		var w uint64 // the first cell of each non-empty triplet
		for r := 0; r < 3; r++ {
			for j := 0; j < 3; j++ {
				if i>>(3*r+j)&1 != 0 {
					w |= 1 << (9*r + 3*j)
				}
			}
		}
		keep[i] = uint32(lockedRows(w, seg) & (1<<27 - 1))
	}
	return keep
}

// stackTriplets returns the low three columns of each band of cols (band i
// at bits 9i-9i+8) as an index of stackKeep: band i's column a at bit 3i+a.
func stackTriplets(cols uint64) uint {
	x := cols & (7 | 7<<9 | 7<<18)
	return uint((x | x>>6 | x>>12) & 511)
}

// spreadStack undoes stackTriplets: bit 3i+a goes to bit 9i+a.
func spreadStack(x uint64) uint64 {
	return x&7 | (x&0x38)<<6 | (x&0x1C0)<<12
}

// stackKeepTable returns the columns of a stack a digit keeps under
// locked candidates by the columns holding it in each band, both as
// stackTriplets numbers them. A stack's columns and bands stand to each
// other as a band's rows and boxes: the table is bandKeep transposed.
func stackKeepTable(bandKeep *[512]uint32) (keep [512]uint16) {
	for i := range keep {
		band := 0 // band i's column a is row a's box i
		for b := 0; b < 3; b++ {
			for a := 0; a < 3; a++ {
				band |= i >> (3*b + a) & 1 << (3*a + b)
			}
		}
		k := bandKeep[band]
		for b := 0; b < 3; b++ {
			for a := 0; a < 3; a++ {
				keep[i] |= uint16(k>>(9*a+3*b)&1) << (3*b + a)
			}
		}
	}
	return keep
}
