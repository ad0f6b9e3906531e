package propagate

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestConformance(t *testing.T) {
	solverstest.Run(t, New(), solverstest.Config{})
}

func mustParse(t *testing.T, line string) *solvers.Puzzle {
	t.Helper()
	p, err := puzzleset.ParseLine([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSingles checks what propagation alone achieves: puzzles that naked
// and hidden singles solve need one node and no guess, and a puzzle that
// needs a guess gets one.
func TestSingles(t *testing.T) {
	for _, tc := range []struct {
		name    string
		puzzle  string
		guesses bool
	}{
		// Norvig's easy example (Project Euler 96, grid 01).
		{"euler01", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", false},
		// Arto Inkala's "hardest" puzzle needs search.
		{"inkala", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", true},
	} {
		st, err := New().Search(context.Background(), mustParse(t, tc.puzzle), solvers.Options{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != 1 {
			t.Errorf("%s: %d solutions, want 1", tc.name, st.Solutions)
		}
		if got := st.Guesses > 0; got != tc.guesses {
			t.Errorf("%s: %d guesses", tc.name, st.Guesses)
		}
		if !tc.guesses && st.Nodes != 1 {
			t.Errorf("%s: %d nodes, want 1 (the root)", tc.name, st.Nodes)
		}
	}
}

// TestRootPropagation checks the rules one at a time on 4x4 grids, looking
// at the candidates left after propagating the givens.
func TestRootPropagation(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []uint8
		ok    bool
		cell  int    // a cell whose candidates are checked
		want  uint32 // its candidates after propagation
	}{
		// In row 1, digit 1 is barred from c2 by r3c2 and from c3, c4 by
		// r2c3's box: a hidden single puts it in r1c1, which on its own
		// (row, column, box) still allows all four digits.
		{"hidden single", []uint8{
			0, 0, 0, 0,
			0, 0, 1, 0,
			0, 1, 0, 0,
			0, 0, 0, 0,
		}, true, 0, 1 << 0},
		// r1c1 sees 2, 3 and 4: a naked single.
		{"naked single", []uint8{
			0, 2, 0, 0,
			3, 0, 0, 0,
			4, 0, 0, 0,
			0, 0, 0, 0,
		}, true, 0, 1 << 0},
		// Nothing forces r4c4 in the empty grid.
		{"empty", make([]uint8, 16), true, 15, 0b1111},
		// No clash among the givens, yet row 1 has no place for 1: c1 and
		// c2 see the 1s of r4c1 and r3c2 in their columns, c3 and c4 the 1
		// of r2c3 in their box.
		{"no place", []uint8{
			0, 0, 0, 0,
			0, 0, 1, 0,
			0, 1, 0, 0,
			1, 0, 0, 0,
		}, false, 0, 0},
	} {
		p, err := solvers.NewStandard(4, tc.cells)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearch(context.Background(), p, solvers.Options{})
		_, ok := s.root(p)
		if ok != tc.ok {
			t.Errorf("%s: propagation ok = %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if got := s.stack[tc.cell]; ok && got != tc.want {
			t.Errorf("%s: cell %d has candidates %04b, want %04b", tc.name, tc.cell, got, tc.want)
		}
	}
}

func TestInvalidPuzzle(t *testing.T) { solverstest.CheckInvalidPuzzle(t, New()) }

func TestCancelled(t *testing.T) { solverstest.CheckCancelled(t, New()) }
