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
