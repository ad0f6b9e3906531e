package fast_test

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// FuzzSearch builds a puzzle from the fuzz bytes (solverstest.FuzzPuzzle:
// kept, dropped or clashing digits of a solved grid, jigsaw regions) and
// checks fast's count (limit 2) and solutions against the reference
// backtracker.
func FuzzSearch(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	f.Add(make([]byte, 100))
	sol := solvedGrid(f)
	s := fast.New()
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := solverstest.FuzzPuzzle(sol, data, false)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := reference(p, 2, 200000)
		if !ok {
			t.Skip("too hard for the reference")
		}
		if got, _ := solverstest.CheckSolve(t, s, p, 2); got != want {
			t.Fatalf("%d solutions (limit 2), reference says %d\n%s%s", got, want, p, regionString(p.Regions()))
		}
		if p.Clash() != nil {
			st, err := s.Search(context.Background(), p, solvers.Options{})
			if err != nil || st.Nodes != 0 || st.Solutions != 0 {
				t.Fatalf("clashing givens: %+v, %v", st, err)
			}
		}
	})
}

// solvedGrid returns the solution of the first top95 puzzle.
func solvedGrid(t testing.TB) solvers.Grid { return solverstest.Solved(t, fast.New()) }

func regionString(r []uint8) string {
	b := make([]byte, 0, 90)
	for i, v := range r {
		b = append(b, '0'+v)
		if i%9 == 8 {
			b = append(b, '\n')
		}
	}
	return string(b)
}
