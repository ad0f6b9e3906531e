package solverstest

import (
	"context"
	"errors"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// CheckInvalidPuzzle checks the misuse rules of [solvers.Prepare]: a nil
// puzzle and a negative limit are errors wrapping solvers.ErrMisuse, the
// zero Puzzle one wrapping solvers.ErrUnsupported, all without searching.
func CheckInvalidPuzzle(t *testing.T, s solvers.Strategy) {
	t.Helper()
	ctx := context.Background()
	if st, err := s.Search(ctx, nil, solvers.Options{}); !errors.Is(err, solvers.ErrMisuse) || st != (solvers.Stats{}) {
		t.Errorf("%s: nil puzzle: %+v, error %v; want no search, ErrMisuse", s.Name(), st, err)
	}
	if st, err := s.Search(ctx, empty(t, 9), solvers.Options{Limit: -1}); !errors.Is(err, solvers.ErrMisuse) || st != (solvers.Stats{}) {
		t.Errorf("%s: negative limit: %+v, error %v; want no search, ErrMisuse", s.Name(), st, err)
	}
	st, err := s.Search(ctx, new(solvers.Puzzle), solvers.Options{})
	if !errors.Is(err, solvers.ErrUnsupported) || st != (solvers.Stats{}) {
		t.Errorf("%s: zero Puzzle: %+v, error %v; want no search, ErrUnsupported", s.Name(), st, err)
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
