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
// Byte i decides cell i: below 96 it keeps the cell of a solved grid, below
// 104 it puts any digit there (which may clash), else it leaves the cell
// empty. Pairs of bytes after the first 81 swap equal digits between
// regions, making jigsaw puzzles; an odd count of such bytes adds the
// diagonals of X-sudoku.
func FuzzSearch(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	f.Add(make([]byte, 100))
	f.Add(make([]byte, 81+9))
	sol := solved(f)
	d, m := dlx.New(), mrv.New()
	f.Fuzz(func(t *testing.T, data []byte) {
		cells := make([]uint8, 81)
		for i := range cells {
			b := byte(i * 7) // without data: a fixed pattern
			if i < len(data) {
				b = data[i]
			}
			switch {
			case b < 96:
				cells[i] = sol[i]
			case b < 104:
				cells[i] = b - 96 + 1
			}
		}
		regions := solvers.StandardRegions(9)
		for i := 81; i+1 < len(data); i += 2 {
			a, b := int(data[i])%81, int(data[i+1])%81
			if sol[a] == sol[b] {
				regions[a], regions[b] = regions[b], regions[a]
			}
		}
		var extra []solvers.Unit
		if len(data) > 81 && (len(data)-81)%2 == 1 {
			extra = solvers.Diagonals(9)
		}
		p, err := solvers.NewWithUnits(9, cells, regions, extra)
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

// solved returns the solution of the first top95 puzzle.
func solved(t testing.TB) solvers.Grid {
	p := solverstest.LoadSet(t, "top95", 1)[0]
	g, _, err := solvers.First(context.Background(), mrv.New(), p)
	if err != nil || g == nil {
		t.Fatalf("no solution for the first top95 puzzle: %v", err)
	}
	return g
}
