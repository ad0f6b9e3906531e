package fast_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3076"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// TestWidePOJ3076 solves every 16x16 grid of POJ3076's tests (the judge
// data and the generated tests) and checks that fast finds the one
// solution dlx finds.
func TestWidePOJ3076(t *testing.T) {
	tests, err := poj3076.New().Tests()
	if err != nil {
		t.Fatal(err)
	}
	var ps []*solvers.Puzzle
	for _, tc := range tests {
		cases, err := poj3076.Parse(tc.Name, tc.Input)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, cases...)
	}
	if len(ps) < 10 {
		t.Fatalf("only %d grids in poj3076's tests", len(ps))
	}
	s, ref := fast.New(), dlx.New()
	for i, p := range ps {
		got, sol := solverstest.CheckSolve(t, s, p, 2)
		want, wantSol := solverstest.CheckSolve(t, ref, p, 2)
		if got != want || string(sol) != string(wantSol) {
			t.Errorf("grid %d: %d solutions (limit 2), dlx %d; first:\n%s\ndlx's first:\n%s",
				i+1, got, want, sol.Format(16), wantSol.Format(16))
		}
	}
}

// TestWideRandom counts (limit 2) random 16x16 and 25x25 puzzles with fast
// and dlx: givens kept at random from a random solution, which leaves some
// puzzles with one solution and some with several, with standard regions
// and with regions reshuffled so the solution still fits them (jigsaw).
func TestWideRandom(t *testing.T) {
	tests := []struct {
		size   int
		keep   float64 // share of the solution's cells kept as givens
		jigsaw bool
		count  int
	}{
		{16, 0.60, false, 20},
		{16, 0.50, false, 20},
		{16, 0.45, false, 10},
		{16, 0.55, true, 20},
		{25, 0.65, false, 6},
		{25, 0.60, true, 6},
	}
	for _, tc := range tests {
		name := fmt.Sprintf("%dx%d/keep=%.2f/jigsaw=%v", tc.size, tc.size, tc.keep, tc.jigsaw)
		t.Run(name, func(t *testing.T) {
			count := tc.count
			if testing.Short() {
				count = max(count/4, 2)
			}
			rng := rand.New(rand.NewPCG(uint64(tc.size), uint64(tc.keep*100)))
			for k := range count {
				p := randomPuzzle(t, rng, tc.size, tc.keep, tc.jigsaw)
				agreeWithDLX(t, p, 10*time.Second, fmt.Sprintf("puzzle %d", k+1))
			}
		})
	}
}

// FuzzWide builds a 16x16 or 25x25 puzzle from the fuzz bytes and checks
// fast's count (limit 2) and solutions against dlx's. The first byte picks
// the size and regions, the second the seed of a random solution; the
// rest pick, cell by cell, whether its digit is kept, dropped or replaced
// by another (which may clash). Puzzles dlx cannot count in a few seconds
// are skipped.
func FuzzWide(f *testing.F) {
	f.Add([]byte{0, 1})
	f.Add([]byte{1, 2, 200, 200, 200, 0, 0, 0, 130})
	f.Add([]byte{2, 3, 7, 9, 11, 13})
	f.Add([]byte{3, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		size := []int{16, 25}[data[0]&1]
		rng := rand.New(rand.NewPCG(uint64(data[1]), uint64(size)))
		sol, err := gen.Solution(rng, size, nil)
		if err != nil {
			t.Fatal(err)
		}
		var regions []uint8
		if data[0]&2 != 0 {
			regions = shuffledRegions(rng, sol, size, size*size)
		}
		cells := make([]uint8, size*size)
		for i := range cells {
			b := byte(i * 37) // beyond the data: a fixed pattern
			if i+2 < len(data) {
				b = data[i+2]
			}
			switch {
			case b < 140:
				cells[i] = sol[i]
			case b < 144:
				cells[i] = 1 + uint8(int(b)*7%size) // any digit, perhaps clashing
			}
		}
		p, err := solvers.New(size, cells, regions)
		if err != nil {
			t.Fatal(err)
		}
		agreeWithDLX(t, p, 3*time.Second, "fuzz")
	})
}

// agreeWithDLX counts p's solutions up to 2 with fast and with dlx and
// fails unless the counts agree; a unique solution must be the same. It
// skips the puzzle when dlx does not finish within limit.
func agreeWithDLX(t *testing.T, p *solvers.Puzzle, limit time.Duration, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	wantSol, want, _, err := solvers.Solve(ctx, dlx.New(), p, 2)
	if errors.Is(err, context.DeadlineExceeded) {
		t.Logf("%s: dlx did not finish within %v; skipped", what, limit)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	got, sol := solverstest.CheckSolve(t, fast.New(), p, 2)
	if got != want {
		t.Fatalf("%s: fast counts %d solutions (limit 2), dlx %d\n%s", what, got, want, p)
	}
	if want == 1 && string(sol) != string(wantSol) {
		t.Fatalf("%s: fast and dlx give different unique solutions\n%s", what, p)
	}
}

// randomPuzzle keeps a share keep of a random solution's cells as givens.
// With jigsaw the regions are reshuffled so that the solution still fits.
func randomPuzzle(t *testing.T, rng *rand.Rand, size int, keep float64, jigsaw bool) *solvers.Puzzle {
	t.Helper()
	sol, err := gen.Solution(rng, size, nil)
	if err != nil {
		t.Fatal(err)
	}
	var regions []uint8
	if jigsaw {
		regions = shuffledRegions(rng, sol, size, 4*size*size)
	}
	cells := make([]uint8, size*size)
	for i := range cells {
		if rng.Float64() < keep {
			cells[i] = sol[i]
		}
	}
	p, err := solvers.New(size, cells, regions)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// shuffledRegions returns regions for which sol is still a solution: from
// the standard boxes it swaps, swaps times, two random cells holding the
// same digit between their regions. The regions need not be connected.
func shuffledRegions(rng *rand.Rand, sol solvers.Grid, size, swaps int) []uint8 {
	regions := solvers.StandardRegions(size)
	for range swaps {
		a, b := rng.IntN(size*size), rng.IntN(size*size)
		if sol[a] == sol[b] {
			regions[a], regions[b] = regions[b], regions[a]
		}
	}
	return regions
}

// BenchmarkWidePOJ3076 counts (limit 2) every grid of POJ3076's tests per
// op, with fast and with dlx.
func BenchmarkWidePOJ3076(b *testing.B) {
	tests, err := poj3076.New().Tests()
	if err != nil {
		b.Fatal(err)
	}
	var ps []*solvers.Puzzle
	for _, tc := range tests {
		cases, err := poj3076.Parse(tc.Name, tc.Input)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, cases...)
	}
	for _, s := range []solvers.Strategy{fast.New(), dlx.New()} {
		b.Run("strategy="+s.Name(), func(b *testing.B) {
			var guesses int64
			cpu0 := solverstest.CPUTime()
			for b.Loop() {
				for _, p := range ps {
					n, st, err := solvers.Count(context.Background(), s, p, 2)
					if n != 1 || err != nil {
						b.Fatalf("%d solutions, error %v", n, err)
					}
					guesses += st.Guesses
				}
			}
			per := float64(b.N * len(ps))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/puzzle")
			if cpu := solverstest.CPUTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/per, "cpu-ns/puzzle")
			}
			b.ReportMetric(float64(guesses)/per, "guesses/puzzle")
		})
	}
}

// BenchmarkWideGen16 counts (limit 2) the puzzles of the gen16 set per op.
func BenchmarkWideGen16(b *testing.B) {
	solverstest.BenchSets(b, fast.New(), "gen16")
}
