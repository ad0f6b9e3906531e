package mrv

import (
	"context"
	"errors"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestConformance(t *testing.T) {
	solverstest.Run(t, New(), solverstest.Config{})
}

// TestBoundKeepsOptimum checks that branch and bound finds the same best
// score as plain enumeration on every target puzzle, and that over the set
// it searches fewer nodes. (Per puzzle the node counts may differ either way:
// the branching order changes which cell ties are broken toward.)
func TestBoundKeepsOptimum(t *testing.T) {
	ps, completions, _ := solverstest.Target(t)
	obj := solverstest.RingWeights()
	ctx := context.Background()
	var plainNodes, boundedNodes int64
	for i, p := range ps {
		if testing.Short() && completions[i] > 1000 {
			continue
		}
		wantScore := -1
		var plain solvers.Stats
		var err error
		plain, err = New().Search(ctx, p, solvers.Options{Visit: func(g solvers.Grid) bool {
			if sc := obj.Score(g); sc > wantScore {
				wantScore = sc
			}
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		g, got, bounded, err := solvers.Maximize(ctx, New(), p, obj)
		if err != nil {
			t.Fatal(err)
		}
		if g == nil {
			got = -1
		}
		if got != wantScore {
			t.Errorf("target puzzle %d: bounded best %d, enumeration best %d", i+1, got, wantScore)
		}
		plainNodes += plain.Nodes
		boundedNodes += bounded.Nodes
		if completions[i] > 100 && bounded.Solutions >= completions[i] {
			t.Errorf("target puzzle %d: bound pruned nothing: %d of %d completions visited", i+1, bounded.Solutions, completions[i])
		}
	}
	if boundedNodes >= plainNodes {
		t.Errorf("bounded search took %d nodes over the set, plain enumeration %d", boundedNodes, plainNodes)
	}
}

func TestBadObjective(t *testing.T) {
	p := solverstest.LoadSet(t, "top95", 1)[0]
	neg := make([]int, 81)
	neg[40] = -1
	for _, tc := range []struct {
		name    string
		weights []int
	}{
		{"short", make([]int, 80)},
		{"nil", nil},
		{"negative", neg},
		{"huge", append(make([]int, 80), 1<<40)},
	} {
		_, err := New().Search(context.Background(), p, solvers.Options{Objective: &solvers.Objective{Weights: tc.weights}})
		if err == nil {
			t.Errorf("%s weights: no error", tc.name)
		}
	}
}

func TestInvalidPuzzle(t *testing.T) {
	if _, err := New().Search(context.Background(), nil, solvers.Options{}); err == nil {
		t.Error("nil puzzle: no error")
	}
	st, err := New().Search(context.Background(), new(solvers.Puzzle), solvers.Options{})
	if !errors.Is(err, solvers.ErrUnsupported) || st.Solutions != 0 {
		t.Errorf("zero Puzzle: %d solutions, error %v; want 0, ErrUnsupported", st.Solutions, err)
	}
}

// TestStats checks the counters on puzzles whose search is known in shape: a
// grid with one empty cell needs one node and no guess; counting the 288
// completions of an empty 4x4 grid needs enough branch points of at most 4
// ways each to reach 288 leaves.
func TestStats(t *testing.T) {
	ctx := context.Background()
	full, _, _, err := solvers.Solve(ctx, New(), solverstest.LoadSet(t, "top95", 1)[0], 1)
	if err != nil || full == nil {
		t.Fatalf("solve: %v", err)
	}
	full[10] = 0
	p, err := solvers.NewStandard(9, full)
	if err != nil {
		t.Fatal(err)
	}
	st, err := New().Search(ctx, p, solvers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st != (solvers.Stats{Nodes: 1, Guesses: 0, Solutions: 1}) {
		t.Errorf("one empty cell: %+v, want 1 node, 0 guesses, 1 solution", st)
	}
	empty, _ := solvers.NewStandard(4, make([]uint8, 16))
	st, err = New().Search(ctx, empty, solvers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions != 288 || 3*st.Guesses < 287 || st.Nodes < st.Guesses {
		t.Errorf("empty 4x4: %+v", st)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := solvers.NewStandard(16, make([]uint8, 256))
	_, err := New().Search(ctx, p, solvers.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

// TestCancelledMidway cancels the context at the first solution of an empty
// grid, whose completions never run out, and wants the search to stop
// within pollEvery nodes: dfs counts its nodes itself and hands them to the
// Tally, which looks at the context, every pollEvery nodes.
func TestCancelledMidway(t *testing.T) {
	for _, size := range []int{9, 16} {
		p, err := solvers.NewStandard(size, make([]uint8, size*size))
		if err != nil {
			t.Fatal(err)
		}
		first, err := New().Search(context.Background(), p, solvers.Options{Limit: 1})
		if err != nil || first.Solutions != 1 {
			t.Fatalf("%dx%d: first solution: %+v, %v", size, size, first, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		st, err := New().Search(ctx, p, solvers.Options{Visit: func(solvers.Grid) bool {
			cancel()
			return true
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%dx%d: error %v, want context.Canceled", size, size, err)
		}
		if st.Nodes < first.Nodes || st.Nodes > first.Nodes+pollEvery {
			t.Errorf("%dx%d: stopped after %d nodes, first solution after %d: want at most %d more",
				size, size, st.Nodes, first.Nodes, pollEvery)
		}
	}
}

// TestReuse runs searches of different kinds one after another on one
// Strategy, whose pooled state each search inherits from the last, and
// wants what a fresh Strategy finds.
func TestReuse(t *testing.T) {
	ctx := context.Background()
	targets, _, _ := solverstest.Target(t)
	obj := solverstest.RingWeights()
	p9 := solverstest.LoadSet(t, "top95", 3)
	empty16, _ := solvers.NewStandard(16, make([]uint8, 256))
	shared := New()
	for round := range 2 {
		for i, p := range []*solvers.Puzzle{p9[0], targets[0], empty16, p9[1], targets[1], p9[2]} {
			for _, objective := range []*solvers.Objective{nil, obj} {
				if objective != nil && p.Size() != 9 {
					continue
				}
				search := func(s solvers.Strategy) (solvers.Stats, int) {
					best := -1
					opts := solvers.Options{Limit: 3, Objective: objective, Visit: func(g solvers.Grid) bool {
						if len(g) == len(obj.Weights) {
							best = max(best, obj.Score(g))
						}
						return true
					}}
					if objective != nil {
						opts.Limit = 0
					}
					st, err := s.Search(ctx, p, opts)
					if err != nil {
						t.Fatal(err)
					}
					return st, best
				}
				got, gotBest := search(shared)
				want, wantBest := search(New())
				if got != want || gotBest != wantBest {
					t.Errorf("round %d puzzle %d objective %v: shared %+v best %d, fresh %+v best %d",
						round, i, objective != nil, got, gotBest, want, wantBest)
				}
			}
		}
	}
}
