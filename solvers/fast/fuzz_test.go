package fast_test

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// FuzzSearch builds a puzzle from the fuzz bytes and checks fast's count
// (limit 2) and solutions against the reference backtracker. The first 81
// bytes pick, cell by cell, whether a solved grid's digit is kept, dropped
// or replaced by another (which may clash); pairs of bytes after them swap
// equal digits between regions, making jigsaw puzzles.
func FuzzSearch(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	f.Add(make([]byte, 100))
	sol := solvedGrid(f)
	s := fast.New()
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
				cells[i] = b - 96 + 1 // any digit, perhaps clashing
			}
		}
		regions := solvers.StandardRegions(9)
		for i := 81; i+1 < len(data); i += 2 {
			a, b := int(data[i])%81, int(data[i+1])%81
			if sol[a] == sol[b] {
				regions[a], regions[b] = regions[b], regions[a]
			}
		}
		p, err := solvers.New(9, cells, regions)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := reference(p, 2, 200000)
		if !ok {
			t.Skip("too hard for the reference")
		}
		if got, _ := solverstest.CheckSolve(t, s, p, 2); got != want {
			t.Fatalf("%d solutions (limit 2), reference says %d\n%s%s", got, want, p, regionString(regions))
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
func solvedGrid(t testing.TB) solvers.Grid {
	p := solverstest.LoadSet(t, "top95", 1)[0]
	g, _, err := solvers.First(context.Background(), fast.New(), p)
	if err != nil || g == nil {
		t.Fatalf("no solution for the first top95 puzzle: %v", err)
	}
	return g
}

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
