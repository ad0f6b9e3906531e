package dlx_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/mrv"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// FuzzSearch builds a 9x9 puzzle from the fuzz bytes and wants dlx and mrv,
// two searches that share no code, to agree on it: the same number of
// solutions up to 2, and the same solution when there is one. One dlx
// value serves every input, so its matrix is reused from puzzle to puzzle
// and shape to shape, as in the judge.
//
// The bytes make the puzzle as solverstest.FuzzPuzzle says, X-sudoku
// included.
func FuzzSearch(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	f.Add(make([]byte, 100))
	f.Add(make([]byte, 81+9))
	sol := solverstest.Solved(f, mrv.New())
	d, m := dlx.New(), mrv.New()
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := solverstest.FuzzPuzzle(sol, data, true)
		if err != nil {
			t.Fatal(err)
		}
		// Few givens and extra units can take mrv seconds.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		gm, nm, _, err := solvers.Solve(ctx, m, p, 2)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Skip("too slow for mrv")
		}
		if err != nil {
			t.Fatal(err)
		}
		gd, nd, _, err := solvers.Solve(context.Background(), d, p, 2)
		if err != nil {
			t.Fatal(err)
		}
		if nd != nm {
			t.Fatalf("dlx: %d solutions (limit 2), mrv %d\n%s", nd, nm, p)
		}
		if nd == 1 && string(gd) != string(gm) {
			t.Fatalf("dlx solution\n%smrv\n%s", gd.Format(9), gm.Format(9))
		}
		if nd > 0 {
			if err := p.Check(gd); err != nil {
				t.Fatalf("dlx: %v\n%s", err, gd.Format(9))
			}
		}
	})
}
