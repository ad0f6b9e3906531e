package solverstest

import (
	"context"
	"errors"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// CheckInvalidPuzzle checks that s refuses a nil puzzle with an error, and
// the zero Puzzle with one wrapping solvers.ErrUnsupported and no solution.
func CheckInvalidPuzzle(t *testing.T, s solvers.Strategy) {
	t.Helper()
	if _, err := s.Search(context.Background(), nil, solvers.Options{}); err == nil {
		t.Errorf("%s: nil puzzle: no error", s.Name())
	}
	st, err := s.Search(context.Background(), new(solvers.Puzzle), solvers.Options{})
	if !errors.Is(err, solvers.ErrUnsupported) || st.Solutions != 0 {
		t.Errorf("%s: zero Puzzle: %d solutions, error %v; want 0, ErrUnsupported", s.Name(), st.Solutions, err)
	}
}

// CheckCancelled checks that s, given a context cancelled before it starts,
// returns an error wrapping context.Canceled for the empty 16x16 grid,
// whose completions it could never finish counting.
func CheckCancelled(t *testing.T, s solvers.Strategy) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.Search(ctx, empty(t, 16), solvers.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%s: cancelled context: %v", s.Name(), err)
	}
}
