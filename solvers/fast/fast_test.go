package fast_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestContract(t *testing.T) {
	solverstest.Run(t, fast.New(), solverstest.Config{Sizes: []int{4, 9, 16, 25}})
}

// TestSets counts (limit 2) every puzzle of the shared sets and checks the
// solutions; -short samples each set.
func TestSets(t *testing.T) {
	tests := []struct {
		set   string
		want  int // solutions with limit 2
		short int // puzzles to check with -short
	}{
		{"top95", 1, 95},
		{"top1465", 1, 200},
		{"hardest1106", 1, 50},
		{"17clue", 1, 300},
		{"serg", 2, 300},
	}
	s := fast.New()
	for _, tc := range tests {
		t.Run(tc.set, func(t *testing.T) {
			max := 0
			if testing.Short() {
				max = tc.short
			}
			for i, p := range solverstest.LoadSet(t, tc.set, max) {
				if got, _ := solverstest.CheckSolve(t, s, p, 2); got != tc.want {
					t.Errorf("puzzle %d: %d solutions (limit 2), want %d\n%s", i+1, got, tc.want, p)
				}
			}
		})
	}
}

// TestTarget checks the branch-and-bound answers on all the target puzzles.
func TestTarget(t *testing.T) {
	s := fast.New()
	obj := solverstest.RingWeights()
	ps, _, best := solverstest.Target(t)
	for i, p := range ps {
		g, score, _, err := solvers.Maximize(context.Background(), s, p, obj)
		if err != nil {
			t.Fatalf("target %d: %v", i+1, err)
		}
		if g == nil {
			score = -1
		} else if err := p.Check(g); err != nil {
			t.Errorf("target %d: invalid best grid: %v", i+1, err)
		} else if obj.Score(g) != score {
			t.Errorf("target %d: score %d, grid scores %d", i+1, score, obj.Score(g))
		}
		if score != best[i] {
			t.Errorf("target %d: best score %d, want %d", i+1, score, best[i])
		}
	}
}

// TestConcurrent shares one strategy value between goroutines; run it with
// -race.
func TestConcurrent(t *testing.T) {
	s := fast.New()
	ps := solverstest.LoadSet(t, "top95", 20)
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		go func() {
			for _, p := range ps {
				n, _, err := solvers.Count(context.Background(), s, p, 2)
				if err == nil && n != 1 {
					err = fmt.Errorf("%d solutions for\n%s", n, p)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
