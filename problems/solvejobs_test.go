package problems_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3074"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
)

// failing is a strategy that searches with fast, except on the puzzles it
// names, where it fails; a puzzle of waitFor fails only once every puzzle
// of that list has failed, so that a later case fails first in time.
type failing struct {
	solvers.Strategy
	fail    map[string]bool
	waitFor map[string]chan struct{} // closed when the named puzzle has failed
	blocked map[string][]string      // puzzle -> the puzzles it waits for
}

var errFailing = errors.New("failing on purpose")

func (f *failing) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	key := strings.ReplaceAll(p.String(), "\n", "")
	if !f.fail[key] {
		return f.Strategy.Search(ctx, p, opts)
	}
	for _, other := range f.blocked[key] {
		<-f.waitFor[other]
	}
	if c, ok := f.waitFor[key]; ok {
		close(c)
	}
	return solvers.Stats{}, fmt.Errorf("%w: %.9s", errFailing, key)
}

// TestSolveJobs checks that solving cases at once writes what Solve
// writes, and fails as Solve fails: on the first failing case of the
// input, even when a later one fails first.
func TestSolveJobs(t *testing.T) {
	prob := poj3074.New()
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	var in []byte
	for _, tc := range tests {
		if tc.Name == "secret/2-top1465-a" {
			in = tc.Input
		}
	}
	lines := strings.Split(strings.TrimSpace(string(in)), "\n")
	if len(lines) < 12 {
		t.Fatalf("%d lines in the test input", len(lines))
	}
	ctx := context.Background()
	var want bytes.Buffer
	if err := problems.Solve(ctx, prob, fast.New(), "in", in, &want); err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{0, 1, 2, 4, 64} {
		var got bytes.Buffer
		if err := problems.SolveJobs(ctx, prob, fast.New(), "in", in, &got, jobs); err != nil {
			t.Fatalf("jobs %d: %v", jobs, err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("jobs %d: output differs from Solve's", jobs)
		}
	}

	// Cases 4 and 9 fail; 4 only after 9 has, when cases run at once.
	fourth, ninth := lines[3], lines[8]
	for _, jobs := range []int{1, 2, 4} {
		s := &failing{
			Strategy: fast.New(),
			fail:     map[string]bool{fourth: true, ninth: true},
			waitFor:  map[string]chan struct{}{ninth: make(chan struct{})},
		}
		if jobs > 1 {
			s.blocked = map[string][]string{fourth: {ninth}}
		}
		var out bytes.Buffer
		err := problems.SolveJobs(ctx, prob, s, "in", in, &out, jobs)
		if !errors.Is(err, errFailing) || !strings.Contains(err.Error(), "in: case 4: ") {
			t.Errorf("jobs %d: error %v, want case 4's", jobs, err)
		}
		if out.Len() > 0 {
			t.Errorf("jobs %d: %d bytes written with an error", jobs, out.Len())
		}
	}
}
