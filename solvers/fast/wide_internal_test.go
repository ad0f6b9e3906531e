package fast

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// TestWideExtraUnits runs the wide engine itself on grids with extra
// units: the empty 4x4 X-sudoku and windoku grids against
// solverstest.BruteCount, and 16x16 X-sudoku puzzles (givens kept at
// random from a solution) against dlx.
func TestWideExtraUnits(t *testing.T) {
	count := func(p *solvers.Puzzle, limit int) int {
		t.Helper()
		var sols []solvers.Grid
		_, err := wideSearch(context.Background(), newWideTopology(p), p, solvers.Options{Limit: limit, Visit: func(g solvers.Grid) bool {
			sols = append(sols, append(solvers.Grid(nil), g...))
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range sols {
			if err := p.Check(g); err != nil {
				t.Fatalf("invalid solution: %v\n%s", err, g.Format(p.Size()))
			}
		}
		return len(sols)
	}
	for _, v := range solverstest.Variants() {
		p := solverstest.EmptyVariant(t, v, 4)
		if got, want := count(p, 0), solverstest.BruteCount(p, 0); got != want {
			t.Errorf("empty %s 4x4: %d completions, want %d", v.Name, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(16, 2))
	n := 12
	if testing.Short() {
		n = 4
	}
	diagonals := solvers.Diagonals(16)
	for k := range n {
		// A solution of the X-sudoku: a few random givens completed by
		// dlx; then a random part of it as givens.
		var sol solvers.Grid
		for sol == nil {
			cells := make([]uint8, 256)
			for range 8 {
				cells[rng.IntN(256)] = uint8(1 + rng.IntN(16))
			}
			p, err := solvers.NewWithUnits(16, cells, nil, diagonals)
			if err != nil {
				t.Fatal(err)
			}
			if p.Clash() == nil {
				if sol, _, err = solvers.First(context.Background(), dlx.New(), p); err != nil {
					t.Fatal(err)
				}
			}
		}
		cells := make([]uint8, 256)
		for i := range cells {
			if rng.Float64() < 0.5 {
				cells[i] = sol[i]
			}
		}
		p, err := solvers.NewWithUnits(16, cells, nil, diagonals)
		if err != nil {
			t.Fatal(err)
		}
		want, _, err := solvers.Count(context.Background(), dlx.New(), p, 2)
		if err != nil {
			t.Fatal(err)
		}
		if got := count(p, 2); got != want {
			t.Errorf("x-sudoku %d: %d solutions (limit 2), dlx %d\n%s", k+1, got, want, p)
		}
	}
}

// TestSearch16 runs the 16x16 engine against the wide engine on standard
// 16x16 grids: givens kept at random from a random solution (few givens
// leave many solutions), every solution up to a limit listed by both. The
// two engines deduce differently, so they must agree on the set of
// solutions, not on their order.
func TestSearch16(t *testing.T) {
	tests := []struct {
		keep  float64 // share of the solution's cells kept as givens
		limit int
		count int
	}{
		{0.70, 0, 8},
		{0.50, 200, 8},
		{0.40, 50, 8},
		{0.25, 20, 4},
		{0, 5, 1},
	}
	collect := func(search func(solvers.Options) (solvers.Stats, error), limit int) map[string]bool {
		t.Helper()
		sols := make(map[string]bool)
		st, err := search(solvers.Options{Limit: limit, Visit: func(g solvers.Grid) bool {
			sols[string(g)] = true
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		if int(st.Solutions) != len(sols) {
			t.Fatalf("%d solutions counted, %d distinct visited", st.Solutions, len(sols))
		}
		return sols
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(16, 16))
	for _, tc := range tests {
		count := tc.count
		if testing.Short() {
			count = max(count/4, 1)
		}
		for k := range count {
			sol, err := gen.Solution(rng, 16, nil)
			if err != nil {
				t.Fatal(err)
			}
			cells := make([]uint8, 256)
			for i := range cells {
				if rng.Float64() < tc.keep {
					cells[i] = sol[i]
				}
			}
			p, err := solvers.New(16, cells, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := collect(func(o solvers.Options) (solvers.Stats, error) { return search16(ctx, p, o) }, tc.limit)
			for g := range got {
				if err := p.Check(solvers.Grid(g)); err != nil {
					t.Fatalf("keep=%.2f puzzle %d: invalid solution: %v", tc.keep, k+1, err)
				}
			}
			want := collect(func(o solvers.Options) (solvers.Stats, error) {
				return wideSearch(ctx, newWideTopology(p), p, o)
			}, tc.limit)
			if len(got) != len(want) {
				t.Fatalf("keep=%.2f puzzle %d: %d solutions, wide engine %d\n%s", tc.keep, k+1, len(got), len(want), p)
			}
			if len(got) == tc.limit {
				continue // each engine stopped at its own first solutions
			}
			for g := range want {
				if !got[g] {
					t.Fatalf("keep=%.2f puzzle %d: a solution of the wide engine is missing\n%s", tc.keep, k+1, p)
				}
			}
		}
	}
}

// units16 lists the cells of each row, column and box of the 16x16 grid,
// and of each box the rows and columns crossing it.
func units16() (rows, cols, boxes [16][]int) {
	for c := range numCell16 {
		r, k := c/16, c%16
		rows[r] = append(rows[r], c)
		cols[k] = append(cols[k], c)
		boxes[r/4*4+k/4] = append(boxes[r/4*4+k/4], c)
	}
	return rows, cols, boxes
}

// randomBoards returns boards for the 16x16 bit tests: a digit's cells in
// random solutions plus random other cells (boards that keep a place for
// the digit in every unit), and boards of random cells at several
// densities (which may leave a unit empty).
func randomBoards(t *testing.T, rng *rand.Rand, n int) (feasible, any []band16) {
	t.Helper()
	for range n {
		sol, err := gen.Solution(rng, 16, nil)
		if err != nil {
			t.Fatal(err)
		}
		d := uint8(1 + rng.IntN(16))
		extra := rng.Float64() * 0.4
		var b, r band16
		density := rng.Float64()
		for c := range numCell16 {
			if sol[c] == d || rng.Float64() < extra {
				b[c>>6] |= 1 << (c & 63)
			}
			if rng.Float64() < density {
				r[c>>6] |= 1 << (c & 63)
			}
		}
		feasible, any = append(feasible, b), append(any, r)
	}
	return feasible, any
}

func has16(b band16, c int) bool { return b[c>>6]>>(c&63)&1 != 0 }

// TestAlone16 checks alone16 and alone16AVX2, the hidden singles of one
// digit's board, against a walk over the cells of each unit.
func TestAlone16(t *testing.T) {
	rows, cols, boxes := units16()
	feasible, any := randomBoards(t, rand.New(rand.NewPCG(16, 1)), 500)
	for k, b := range append(feasible, any...) {
		var want band16
		wantOK := true
		for _, units := range [][16][]int{rows, cols, boxes} {
			for _, u := range units {
				var in []int
				for _, c := range u {
					if has16(b, c) {
						in = append(in, c)
					}
				}
				switch len(in) {
				case 0:
					wantOK = false
				case 1:
					want[in[0]>>6] |= 1 << (in[0] & 63)
				}
			}
		}
		got, ok := alone16(&b)
		if ok != wantOK || ok && got != want {
			t.Fatalf("board %d %x: alone16 = %x, %v; want %x, %v", k, b, got, ok, want, wantOK)
		}
		if haveAVX2 {
			var got band16
			if ok := alone16AVX2(&b, &got); ok != wantOK || ok && got != want {
				t.Fatalf("board %d %x: alone16AVX2 = %x, %v; want %x, %v", k, b, got, ok, want, wantOK)
			}
		}
	}
}

// TestLocked16 checks locked16 (and locked16AVX2, which must agree with
// it) against a walk over each box and the lines
// crossing it: a line loses the digit outside a box that holds all the
// digit's places in the box (pointing) or all the line's (claiming).
// Boards that keep a place in every unit must lose exactly that; on any
// board, locked16 may lose less when two boxes point into one line (the
// board has no solution then) but never more.
func TestLocked16(t *testing.T) {
	rows, cols, boxes := units16()
	feasible, any := randomBoards(t, rand.New(rand.NewPCG(16, 2)), 500)
	for k, b := range append(feasible, any...) {
		var want band16
		for bi, box := range boxes {
			inBox := func(c int) bool { return c/16/4*4+c%16/4 == bi }
			for _, lines := range [][16][]int{rows, cols} {
				for _, line := range lines {
					var inside, outside int // places of the line inside and outside the box
					for _, c := range line {
						if has16(b, c) && inBox(c) {
							inside++
						} else if has16(b, c) {
							outside++
						}
					}
					var boxOut int // places of the box off the line
					for _, c := range box {
						if has16(b, c) && !slices.Contains(line, c) {
							boxOut++
						}
					}
					if inside == 0 {
						continue
					}
					lose := func(cells []int, keep func(int) bool) {
						for _, c := range cells {
							if !keep(c) {
								want[c>>6] |= 1 << (c & 63)
							}
						}
					}
					if boxOut == 0 { // pointing: the line loses it outside the box
						lose(line, inBox)
					}
					if outside == 0 { // claiming: the box loses it off the line
						lose(box, func(c int) bool { return slices.Contains(line, c) })
					}
				}
			}
		}
		got := locked16(&b)
		for w := range got {
			if k < len(feasible) && got[w] != want[w] || got[w]&^want[w] != 0 {
				t.Fatalf("board %d %x: locked16 = %x, want %x", k, b, got, want)
			}
		}
		if haveAVX2 {
			var asm band16
			if locked16AVX2(&b, &asm); asm != got {
				t.Fatalf("board %d %x: locked16AVX2 = %x, locked16 %x", k, b, asm, got)
			}
		}
	}
}

// FuzzCount16 checks the assembly that counts every cell's candidates of
// the 16x16 engine at once against its pure-Go twin: singles16AVX2
// against state16.count word by word, pairs16AVX2 against state16.pairs,
// alone16AVX2 against alone16, locked16AVX2 against locked16, on
// boards made from the fuzz bytes (eight a word, repeated when short).
// Without AVX2 it has nothing to check.
func FuzzCount16(f *testing.F) {
	if !haveAVX2 {
		f.Skip("no AVX2: the assembly never runs")
	}
	f.Add([]byte{})
	f.Add([]byte{0xFF, 0x0F, 0xF0, 0x33, 0x55, 0xAA, 0x01, 0x80})
	f.Add(bytes.Repeat([]byte{0x13, 0x37, 0xC0, 0xDE}, 130))
	f.Fuzz(func(t *testing.T, data []byte) {
		var st state16
		for d := range st.cand {
			for w := range st.cand[d] {
				var x uint64
				for k := range 8 {
					if len(data) > 0 {
						x |= uint64(data[(32*d+8*w+k)%len(data)]^byte(d*w+k)) << (8 * k)
					}
				}
				st.cand[d][w] = x
			}
		}
		// The state's last board serves as the unsolved cells, and its
		// first with some of them taken away.
		for _, todo := range []band16{st.cand[15], {st.cand[15][0] &^ st.cand[0][0], st.cand[15][1], st.cand[15][2], st.cand[15][3] &^ st.cand[0][3]}} {
			var got, want band16
			ok := singles16AVX2(&st.cand, &todo, &got)
			wantOK := true
			for w := range want {
				o, tw := st.count(w)
				wantOK = wantOK && todo[w]&^o == 0
				want[w] = o &^ tw & todo[w]
			}
			if ok != wantOK || got != want {
				t.Fatalf("todo %x: singles16AVX2 gives %x, %v; count %x, %v", todo, got, ok, want, wantOK)
			}
		}
		var got, want band16
		pairs16AVX2(&st.cand, &got)
		if st.pairs(&want); got != want {
			t.Fatalf("pairs16AVX2 gives %x, pairs %x", got, want)
		}
		for d := range st.cand {
			// Sparser boards too, so that some pass alone16's checks.
			b, e := st.cand[d], st.cand[(d+1)%16]
			sparse := band16{b[0] & e[0], b[1] & e[1], b[2] & e[2], b[3] & e[3]}
			for _, b := range []band16{b, sparse, {b[0] | e[0], b[1] | e[1], b[2] | e[2], b[3] | e[3]}} {
				var got band16
				ok := alone16AVX2(&b, &got)
				want, wantOK := alone16(&b)
				if ok != wantOK || ok && got != want {
					t.Fatalf("board %x: alone16AVX2 = %x, %v; alone16 %x, %v", b, got, ok, want, wantOK)
				}
				if locked16AVX2(&b, &got); got != locked16(&b) {
					t.Fatalf("board %x: locked16AVX2 = %x, locked16 %x", b, got, locked16(&b))
				}
			}
		}
	})
}
