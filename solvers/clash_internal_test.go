package solvers

import "testing"

// FuzzClashPaths checks the bitmask pre-check of findClash against the
// naming check it stands in front of: they must agree on whether a grid
// has a clash, for every size, region layout and extra unit.
func FuzzClashPaths(f *testing.F) {
	f.Add(uint8(9), make([]byte, 81), []byte{}, false)
	f.Add(uint8(9), append([]byte{5, 0, 0, 0, 0, 0, 0, 0, 5}, make([]byte, 72)...), []byte{}, false)
	f.Add(uint8(4), []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}, []byte{}, true)
	f.Add(uint8(25), make([]byte, 625), []byte{}, true)
	f.Fuzz(func(t *testing.T, size uint8, cells, regions []byte, diagonals bool) {
		n := int(size)
		if boxSide(n) == 0 || len(cells) < n*n {
			return
		}
		g := make(Grid, n*n)
		for i := range g {
			g[i] = cells[i] % uint8(n+1)
		}
		var rs []uint8
		if len(regions) > 0 {
			rs = regions
		}
		var extra []Unit
		if diagonals {
			extra = Diagonals(n)
		}
		p, err := NewWithUnits(n, g, rs, extra)
		if err != nil {
			return
		}
		if got, want := p.repeats(g), nameClash(p, g) != nil; got != want {
			t.Fatalf("repeats = %v, nameClash found one: %v\n%s", got, want, p)
		}
		if got, want := p.Clash(), nameClash(p, g); (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Fatalf("Clash() = %v, want %v", got, want)
		}
	})
}

// TestSharedRegions: puzzles share the standard regions, so the copy
// StandardRegions hands out must not be them.
func TestSharedRegions(t *testing.T) {
	r := StandardRegions(9)
	r[0], r[80] = 8, 0
	p, err := NewStandard(9, make([]uint8, 81))
	if err != nil {
		t.Fatal(err)
	}
	if p.Region(0) != 0 || p.Region(80) != 8 {
		t.Errorf("a caller's change to StandardRegions reached a puzzle: regions %d and %d", p.Region(0), p.Region(80))
	}
}

// TestAtMost checks atMost, eight bytes at a time, against a byte at a
// time: every byte value in every place of lines of every length up to
// 17 (two words and a tail), the others at most max.
func TestAtMost(t *testing.T) {
	for _, max := range []uint8{4, 9, 16, 25} {
		for n := 1; n <= 17; n++ {
			for i := range n {
				for v := range 256 {
					b := make([]uint8, n)
					for k := range b {
						b[k] = uint8(k) % (max + 1)
					}
					b[i] = uint8(v)
					if got, want := atMost(b, max), v <= int(max); got != want {
						t.Fatalf("atMost(%v, %d) = %v, want %v", b, max, got, want)
					}
				}
			}
		}
	}
}
