package fast_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestJigsawSamples(t *testing.T) {
	s := fast.New()
	ps, counts := solverstest.Jigsaw(t)
	for i, p := range ps {
		if got, _ := solverstest.CheckSolve(t, s, p, 2); got != counts[i] {
			t.Errorf("jigsaw %d: %d solutions (limit 2), want %d", i+1, got, counts[i])
		}
	}
}

// TestRandomJigsaw compares fast with the reference on random jigsaw
// layouts built around a known solution, with random givens kept.
func TestRandomJigsaw(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(1, 2))
	sol := solvedGrid(t)
	s := fast.New()
	tried := 0
	for i := 0; i < n; i++ {
		regions := jigsawRegions(rng, sol, 200)
		cells := make([]uint8, 81)
		keep := 28 + rng.IntN(20)
		for _, c := range rng.Perm(81)[:keep] {
			cells[c] = sol[c]
		}
		p, err := solvers.New(9, cells, regions)
		if err != nil {
			t.Fatal(err)
		}
		if p.Standard() {
			continue
		}
		want, ok := reference(p, 2, 300000)
		if !ok {
			continue
		}
		tried++
		got, g := solverstest.CheckSolve(t, s, p, 2)
		if got != want {
			t.Errorf("puzzle %d: %d solutions (limit 2), reference says %d\n%s%s", i, got, want, p, regionString(regions))
		}
		if got == 0 || g == nil {
			t.Errorf("puzzle %d: built around a solution, but none found", i)
		}
	}
	if tried < n/2 {
		t.Errorf("only %d of %d puzzles within the reference's reach", tried, n)
	}
}
