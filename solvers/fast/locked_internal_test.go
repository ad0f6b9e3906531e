package fast

import (
	"math/rand/v2"
	"testing"
)

// TestBandKeep checks the table lookup of lockedStandard against
// lockedRows, which it stands for, on random words of two bands (lo) and
// one band (hi), sparse and dense.
func TestBandKeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 9))
	keep := bandKeepTable()
	for i := 0; i < 200000; i++ {
		w := rng.Uint64() & (1<<54 - 1)
		if i%2 == 0 {
			w &= rng.Uint64() & rng.Uint64() // sparse: triplets go empty
		}
		got := uint64(keep[bandTriplets(w)]) | uint64(keep[bandTriplets(w>>27)])<<27
		if want := lockedRows(w, seg|seg<<27); w&got != w&want {
			t.Fatalf("two bands %#x: keep %#x, lockedRows keeps %#x", w, w&got, w&want)
		}
		h := w & (1<<27 - 1)
		if got, want := uint64(keep[bandTriplets(h)]), lockedRows(h, seg); h&got != h&want {
			t.Fatalf("one band %#x: keep %#x, lockedRows keeps %#x", h, h&got, h&want)
		}
	}
}

// lockedCols is the column half of locked candidates on a standard grid
// computed directly, the reference for stackKeep: the cells of b that
// survive the intersections of columns and boxes.
func lockedCols(b board) board {
	c0 := (b.lo | b.lo>>9 | b.lo>>18) & rowCells
	c1 := (b.lo>>27 | b.lo>>36 | b.lo>>45) & rowCells
	c2 := (b.hi | b.hi>>9 | b.hi>>18) & rowCells
	// A column whose d lies in one band: d leaves the other columns of
	// that band's box. A box whose d lies in one column: d leaves the
	// column in the other bands.
	s0, s1, s2 := c0&^otherCols(c0), c1&^otherCols(c1), c2&^otherCols(c2)
	drop0 := (otherCols(c0&^(c1|c2)) | s1 | s2) * bandCol
	drop1 := (otherCols(c1&^(c0|c2)) | s0 | s2) * bandCol
	drop2 := (otherCols(c2&^(c0|c1)) | s0 | s1) * bandCol
	return board{b.lo &^ (drop0 | drop1<<27), b.hi &^ drop2}
}

const (
	stack0 = 1 | 1<<3 | 1<<6 // first column of each stack
	stack1 = stack0 << 1     // second column of each stack
	stack2 = stack0 << 2     // third column of each stack
)

// otherCols returns, for a set of columns, the other columns of their
// stacks.
func otherCols(y uint64) uint64 {
	r1 := (y<<1)&(stack1|stack2) | (y>>2)&stack0
	r2 := (y<<2)&stack2 | (y>>1)&(stack0|stack1)
	return r1 | r2
}

// TestStackKeep checks lockedStandard, through a state holding one digit's
// random board, against lockedRows and lockedCols.
func TestStackKeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	sv := &solver{topo: standardTopology()}
	for i := 0; i < 200000; i++ {
		b := board{rng.Uint64() & full.lo, rng.Uint64() & full.hi}
		if i%2 == 0 { // sparse: lines and boxes lose the digit
			b = b.and(board{rng.Uint64() & rng.Uint64(), rng.Uint64() & rng.Uint64()})
		}
		want := lockedCols(b).and(board{lockedRows(b.lo, seg|seg<<27), lockedRows(b.hi, seg)})
		var st state
		st.cand[0] = b
		st.dirty = 1 << lockedDirty
		sv.lockedStandard(&st)
		if st.cand[0] != want {
			t.Fatalf("board %#x %#x: lockedStandard keeps %#x %#x, want %#x %#x", b.lo, b.hi, st.cand[0].lo, st.cand[0].hi, want.lo, want.hi)
		}
	}
}
