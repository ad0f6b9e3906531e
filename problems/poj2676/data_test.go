package poj2676

import (
	"bytes"
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/mrv"
)

// TestData re-solves every test with the reference strategy and with a
// second, independent one: both outputs must pass the checker against the
// stored answer.
func TestData(t *testing.T) {
	prob := New()
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		for _, s := range []solvers.Strategy{prob.Reference(), mrv.New()} {
			var out bytes.Buffer
			if err := problems.Solve(context.Background(), prob, s, tc.Name, tc.Input, &out); err != nil {
				t.Fatalf("%s: %v", s.Name(), err)
			}
			if r := prob.Checker().Check(tc.Input, out.Bytes(), tc.Answer); r.Verdict != verdict.AC {
				t.Errorf("%s with %s: %s: %s\n%s", tc.Name, s.Name(), r.Verdict, r.Message, r.Diff)
			}
		}
	}
}
