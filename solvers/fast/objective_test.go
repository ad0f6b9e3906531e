package fast_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// bestByEnumeration scores the solutions of p, found without the
// objective, and returns the best score (-1: none) and the count. It stops
// after maxEnumerate solutions.
func bestByEnumeration(t *testing.T, s solvers.Strategy, p *solvers.Puzzle, obj *solvers.Objective) (best, n int) {
	t.Helper()
	best = -1
	_, err := s.Search(context.Background(), p, solvers.Options{Limit: maxEnumerate, Visit: func(g solvers.Grid) bool {
		best = max(best, obj.Score(g))
		n++
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	return best, n
}

const maxEnumerate = 3001

// TestRandomObjectives checks the branch and bound against plain
// enumeration under random weights, on standard and jigsaw puzzles with
// up to a few thousand solutions.
func TestRandomObjectives(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := fast.New()
	var puzzles []*solvers.Puzzle
	ps, completions, _ := solverstest.Target(t)
	for i, p := range ps {
		if completions[i] < maxEnumerate {
			puzzles = append(puzzles, p)
		}
	}
	sol := solvedGrid(t)
	for len(puzzles) < 30 {
		cells := make([]uint8, 81)
		for _, c := range rng.Perm(81)[:30] {
			cells[c] = sol[c]
		}
		p, err := solvers.New(9, cells, jigsawRegions(rng, sol, 200))
		if err != nil {
			t.Fatal(err)
		}
		if _, n := bestByEnumeration(t, s, p, solverstest.RingWeights()); n < maxEnumerate {
			puzzles = append(puzzles, p)
		}
	}
	for i, p := range puzzles {
		for k := 0; k < 3; k++ {
			w := make([]int, 81)
			for c := range w {
				w[c] = rng.IntN(20)
			}
			obj := &solvers.Objective{Weights: w}
			want, _ := bestByEnumeration(t, s, p, obj)
			g, got, _, err := solvers.Maximize(context.Background(), s, p, obj)
			if err != nil {
				t.Fatal(err)
			}
			if g == nil {
				got = -1
			}
			if got != want {
				t.Errorf("puzzle %d, weights %v: best %d, enumeration says %d\n%s", i, w, got, want, p)
			}
		}
	}
}

// TestWeightKinds checks the branch and bound against plain enumeration
// under weights that stress the weight split: the largest the bound
// handles, mostly zero, and nearly equal.
func TestWeightKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	s := fast.New()
	ps, completions, _ := solverstest.Target(t)
	kinds := []func() int{
		func() int { return rng.IntN(1<<20 + 1) },
		func() int { return rng.IntN(50) * min(rng.IntN(4), 1) },
		func() int { return 1000 + rng.IntN(3) },
	}
	for i, p := range ps {
		if completions[i] >= maxEnumerate {
			continue
		}
		for k, weight := range kinds {
			w := make([]int, 81)
			for c := range w {
				w[c] = weight()
			}
			obj := &solvers.Objective{Weights: w}
			want, _ := bestByEnumeration(t, s, p, obj)
			g, got, _, err := solvers.Maximize(context.Background(), s, p, obj)
			if err != nil {
				t.Fatal(err)
			}
			if g == nil {
				got = -1
			}
			if got != want {
				t.Errorf("target %d, weight kind %d %v: best %d, enumeration says %d", i+1, k, w, got, want)
			}
		}
	}
}

// TestHugeWeights: weights too large to bound are searched without the
// bound, with the same answer.
func TestHugeWeights(t *testing.T) {
	s := fast.New()
	ps, _, _ := solverstest.Target(t)
	p := ps[1]
	w := solverstest.RingWeights().Weights
	for i := range w {
		w[i] <<= 40
	}
	obj := &solvers.Objective{Weights: w}
	want, _ := bestByEnumeration(t, s, p, obj)
	if _, got, _, err := solvers.Maximize(context.Background(), s, p, obj); err != nil || got != want {
		t.Errorf("Maximize = %d, %v; want %d", got, err, want)
	}
}

func TestBadInput(t *testing.T) {
	p := solverstest.LoadSet(t, "top95", 1)[0]
	tests := []struct {
		name string
		p    *solvers.Puzzle
		opts solvers.Options
	}{
		{"nil puzzle", nil, solvers.Options{}},
		{"negative limit", p, solvers.Options{Limit: -1}},
		{"short weights", p, solvers.Options{Objective: &solvers.Objective{Weights: make([]int, 80)}}},
		{"negative weight", p, solvers.Options{Objective: &solvers.Objective{Weights: append(make([]int, 80), -1)}}},
	}
	for _, tc := range tests {
		st, err := fast.New().Search(context.Background(), tc.p, tc.opts)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
		}
		if errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("%s: %v wraps ErrUnsupported", tc.name, err)
		}
		if st != (solvers.Stats{}) {
			t.Errorf("%s: searched anyway: %+v", tc.name, st)
		}
	}
}
