package naive

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// TestConformance runs the shared contract. Slow keeps naive off the cases
// known to take minutes: solverstest then uses 10 of top95 rather than all
// 95, skips the target puzzles with more than 1,000 completions and the
// empty 25x25 grid.
func TestConformance(t *testing.T) {
	solverstest.Run(t, New(), solverstest.Config{Slow: true})
}

// TestLexicographic checks the order naive promises: completions come in
// increasing row-major order, so the first completion of the empty 4x4 grid
// is the smallest 4x4 sudoku, 1234/3412/2143/4321, and all 288 follow in
// strictly increasing order.
func TestLexicographic(t *testing.T) {
	p, err := solvers.NewStandard(4, make([]uint8, 16))
	if err != nil {
		t.Fatal(err)
	}
	var prev string
	n := 0
	_, err = New().Search(context.Background(), p, solvers.Options{Visit: func(g solvers.Grid) bool {
		cur := string(g)
		if n == 0 {
			if want := string([]uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}); cur != want {
				t.Errorf("first completion\n%s", g.Format(4))
			}
		} else if cur <= prev {
			t.Errorf("completion %d is not after completion %d", n+1, n)
		}
		prev, n = cur, n+1
		return true
	}})
	if err != nil || n != 288 {
		t.Errorf("%d completions, error %v", n, err)
	}
}

// TestStats checks the counters on small 4x4 searches worked out by hand.
func TestStats(t *testing.T) {
	ctx := context.Background()
	full := []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	for _, tc := range []struct {
		name  string
		clear []int
		want  solvers.Stats
	}{
		{"one empty cell", []int{5}, solvers.Stats{Nodes: 1, Guesses: 0, Solutions: 1}},
		// The first row is forced by the columns below it: four nodes, no
		// guess.
		{"first row", []int{0, 1, 2, 3}, solvers.Stats{Nodes: 4, Guesses: 0, Solutions: 1}},
		// Clearing r1c1, r1c2, r2c1, r2c2 leaves one box whose cells each
		// keep one candidate.
		{"first box", []int{0, 1, 4, 5}, solvers.Stats{Nodes: 4, Guesses: 0, Solutions: 1}},
		// With the first two rows empty, r1c1 may be 1 or 3 and then r1c2
		// one of two digits; the other six cells are forced each time:
		// 1 + 2*(1 + 2*6) nodes, 1 + 2 guesses, 4 solutions.
		{"first two rows", []int{0, 1, 2, 3, 4, 5, 6, 7}, solvers.Stats{Nodes: 27, Guesses: 3, Solutions: 4}},
	} {
		g := append([]uint8(nil), full...)
		for _, i := range tc.clear {
			g[i] = 0
		}
		p, err := solvers.NewStandard(4, g)
		if err != nil {
			t.Fatal(err)
		}
		st, err := New().Search(ctx, p, solvers.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, st, tc.want)
		}
	}
}

func TestInvalidPuzzle(t *testing.T) { solverstest.CheckInvalidPuzzle(t, New()) }

func TestCancelled(t *testing.T) { solverstest.CheckCancelled(t, New()) }
