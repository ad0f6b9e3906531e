package stress

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// shrink counts the cases of f's input and, unless told not to, cuts it down to the fewest cases that still fail, when the
// problem can write its cases back, and judges f again on what is left.
// A subset on which the oracle fails, or the program cannot be judged,
// counts as passing: the cut input must be one the oracle answers and the
// program is judged on.
func (s *stresser) shrink(ctx context.Context, f *Failure) error {
	cases, err := s.opts.Problem.Parse("input", f.Original)
	if err != nil {
		return fmt.Errorf("stress: shrinking round %d: the generated input does not parse: %w", f.Round+1, err)
	}
	f.Cases, f.Shrunk = len(cases), len(cases)
	cw, ok := s.opts.Problem.(problems.CaseWriter)
	if !ok || len(cases) < 2 || s.opts.NoShrink {
		return nil
	}
	_, err = ddmin(cases, func(sub []*solvers.Puzzle) (bool, error) {
		var in bytes.Buffer
		if err := cw.WriteCases(&in, sub); err != nil {
			return false, fmt.Errorf("stress: shrinking round %d: %w", f.Round+1, err)
		}
		trial := *f
		failed, err := s.try(ctx, &trial, in.Bytes())
		if oe := (*OracleError)(nil); errors.As(err, &oe) || errors.Is(err, errInternal) {
			return false, nil // no verdict on this part: keep what fails
		}
		if err != nil {
			return false, err
		}
		if failed {
			*f = trial
			f.Shrunk = len(sub)
		}
		return failed, nil
	})
	return err
}

// ddmin is Zeller's delta debugging over a list: it returns a subsequence
// of items on which fails holds, from which no one chunk can be dropped at
// its finest split (for most failures, a single item). fails is assumed to
// hold on items and is never asked about it or about an empty list.
func ddmin[T any](items []T, fails func([]T) (bool, error)) ([]T, error) {
	n := 2
	for len(items) >= 2 {
		chunks := split(items, n)
		reduced := false
		for _, c := range chunks {
			ok, err := fails(c)
			if err != nil {
				return items, err
			}
			if ok {
				items, n, reduced = c, 2, true
				break
			}
		}
		if !reduced && n > 2 {
			for i := range chunks {
				var rest []T
				for j, c := range chunks {
					if j != i {
						rest = append(rest, c...)
					}
				}
				ok, err := fails(rest)
				if err != nil {
					return items, err
				}
				if ok {
					items, n, reduced = rest, max(n-1, 2), true
					break
				}
			}
		}
		if !reduced {
			if n >= len(items) {
				break
			}
			n = min(2*n, len(items))
		}
	}
	return items, nil
}

// split cuts items into n chunks of nearly equal length, none empty.
func split[T any](items []T, n int) [][]T {
	n = min(n, len(items))
	chunks := make([][]T, 0, n)
	for i := range n {
		lo, hi := i*len(items)/n, (i+1)*len(items)/n
		chunks = append(chunks, items[lo:hi:hi])
	}
	return chunks
}
