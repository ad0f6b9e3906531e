package fast

import (
	"context"
	"math/rand/v2"
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
	for _, v := range solverstest.Variants {
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
