package solvers_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

func TestTally(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name      string
		ctx       context.Context
		limit     int
		stopAfter int // the visitor returns false at this solution; 0 never
		solutions int // offered
		want      int // counted before Stop
		err       error
	}{
		{"no limit", context.Background(), 0, 0, 5, 5, nil},
		{"limit", context.Background(), 3, 0, 5, 3, nil},
		{"visitor", context.Background(), 0, 2, 5, 2, nil},
		{"visitor before limit", context.Background(), 4, 1, 5, 1, nil},
		{"cancelled", cancelled, 0, 0, 0, 0, context.Canceled},
	}
	for _, tc := range tests {
		seen := 0
		tally := solvers.NewTally(tc.ctx, "test", solvers.Options{Limit: tc.limit, Visit: func(solvers.Grid) bool {
			seen++
			return seen != tc.stopAfter
		}})
		for range tc.solutions {
			if tally.Stop {
				break
			}
			tally.Solution(nil)
		}
		// Nodes: a cancelled context must be noticed within the polling
		// interval, and a live one must never stop the search.
		for range 1 << 12 {
			if tally.Node() {
				break
			}
		}
		st, err := tally.Result()
		if st.Solutions != tc.want || seen != tc.want || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("%s: %d solutions, visitor saw %d, error %v; want %d, %v", tc.name, st.Solutions, seen, err, tc.want, tc.err)
		}
		if wantStop := tc.want < tc.solutions || tc.err != nil; tally.Stop != wantStop {
			t.Errorf("%s: Stop = %v, want %v", tc.name, tally.Stop, wantStop)
		}
	}
}

// TestAddNodes checks the batch count: it adds the nodes and looks at the
// context every time.
func TestAddNodes(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		err  error
	}{
		{"live", context.Background(), nil},
		{"cancelled", cancelled, context.Canceled},
	} {
		tally := solvers.NewTally(tc.ctx, "test", solvers.Options{})
		stop := tally.AddNodes(3)
		st, err := tally.Result()
		if stop != (tc.err != nil) || st.Nodes != 3 || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("%s: AddNodes(3) = %v, %d nodes, error %v; want %v, 3, %v", tc.name, stop, st.Nodes, err, tc.err != nil, tc.err)
		}
	}
}
