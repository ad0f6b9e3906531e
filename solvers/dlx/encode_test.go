package dlx

import (
	"context"
	"slices"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/exactcover"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// constraints lists, the slow and obvious way, the constraints that
// putting digit d+1 in cell i of p's shape meets, each as the index of its
// unit in p.Units() (cell units first, one per cell) times n plus d: the
// expected columns of row i*n+d, in order.
func constraints(p *solvers.Puzzle, i, d int) []int {
	n := p.Size()
	cols := []int{i} // the cell's own constraint comes first
	for u, cells := range p.Units() {
		if slices.Contains(cells, i) {
			cols = append(cols, n*n+u*n+d)
		}
	}
	return cols
}

func TestEncodingRows(t *testing.T) {
	jigsaw := []uint8{0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3}
	tests := []struct {
		name    string
		size    int
		regions []uint8
		extra   []solvers.Unit
	}{
		{"4x4", 4, nil, nil},
		{"9x9", 9, nil, nil},
		{"jigsaw", 4, jigsaw, nil},
		{"x-sudoku", 9, nil, solvers.Diagonals(9)},
		{"windoku", 9, nil, solvers.Windows(9)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.size
			p, err := solvers.NewWithUnits(n, make([]uint8, n*n), tc.regions, tc.extra)
			if err != nil {
				t.Fatal(err)
			}
			var e encoding
			if err := e.load(p); err != nil {
				t.Fatal(err)
			}
			if got, want := e.m.NumColumns(), n*n+len(p.Units())*n; got != want {
				t.Errorf("%d columns, want %d", got, want)
			}
			if e.m.NumRows() != n*n*n {
				t.Fatalf("%d rows, want %d", e.m.NumRows(), n*n*n)
			}
			for r := range e.m.NumRows() {
				i, d := r/n, r%n
				if int(e.cell[r]) != i || int(e.digit[r]) != d+1 {
					t.Fatalf("row %d puts %d in cell %d, want %d in %d", r, e.digit[r], e.cell[r], d+1, i)
				}
				if got, want := e.m.Row(r), constraints(p, i, d); !slices.Equal(got, want) {
					t.Fatalf("row %d has columns %v, want %v", r, got, want)
				}
			}
		})
	}
}

// reduced returns the exact cover matrix of p's candidates and open
// constraints alone, rows and columns in the order of e's matrix, which e
// has loaded with p: the matrix dlx built for every puzzle before it kept
// one per shape. It also returns the number of rows of e's matrix each
// of its rows is.
func reduced(t *testing.T, e *encoding, p *solvers.Puzzle) (*exactcover.Matrix, []int) {
	t.Helper()
	covered := make([]bool, e.m.NumColumns())
	for _, r := range e.m.Selected() {
		for _, c := range e.m.Row(r) {
			covered[c] = true
		}
	}
	number := make([]int, len(covered)) // open columns, renumbered
	open := 0
	for c := range covered {
		number[c] = open
		if !covered[c] {
			open++
		}
	}
	m, err := exactcover.New(open, 0)
	if err != nil {
		t.Fatal(err)
	}
	var rows []int
rows:
	for r := range e.m.NumRows() {
		cols := e.m.Row(r)
		for k, c := range cols {
			if covered[c] {
				continue rows
			}
			cols[k] = number[c]
		}
		if _, err := m.AddRow(cols...); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	return m, rows
}

// TestSameTreeAsReduced searches puzzles of every shape, one after
// another on one encoding as the strategy's pool hands them out, and wants
// the search on the whole matrix with the givens selected to take the
// same steps as on the reduced matrix: the same nodes, guesses and
// solutions in the same order.
func TestSameTreeAsReduced(t *testing.T) {
	var ps []*solvers.Puzzle
	for _, set := range []string{"top95", "17clue"} {
		ps = append(ps, solverstest.LoadSet(t, set, 30)...)
	}
	jigsaw, _ := solverstest.Jigsaw(t)
	variants, _ := solverstest.VariantSet(t)
	// Shapes interleaved, so that the encoding changes shape often.
	var all []*solvers.Puzzle
	for k := range max(len(ps), len(jigsaw), len(variants)) {
		for _, set := range [][]*solvers.Puzzle{ps, jigsaw, variants} {
			if k < len(set) {
				all = append(all, set[k])
			}
		}
	}
	all = append(all, solverstest.EmptyVariant(t, solverstest.Variants()[0], 4))
	var e encoding
	ctx := context.Background()
	for k, p := range all {
		if p.Clash() != nil {
			continue // the strategy answers without a matrix
		}
		if err := e.load(p); err != nil {
			t.Fatal(err)
		}
		want, rows := reduced(t, &e, p)
		if r, c := candidates(p); r != want.NumRows() || c != want.NumColumns() {
			t.Fatalf("puzzle %d: reduced matrix has %d rows, %d columns; counting candidates gives %d and %d\n%s",
				k, want.NumRows(), want.NumColumns(), r, c, p)
		}
		var got, wantSols [][]int
		st, err := e.m.Search(ctx, func(sol []int) bool {
			got = append(got, slices.Clone(sol[len(e.m.Selected()):]))
			return len(got) < 2
		})
		if err != nil {
			t.Fatal(err)
		}
		wantSt, err := want.Search(ctx, func(sol []int) bool {
			s := make([]int, len(sol))
			for j, r := range sol {
				s[j] = rows[r]
			}
			wantSols = append(wantSols, s)
			return len(wantSols) < 2
		})
		if err != nil {
			t.Fatal(err)
		}
		if st != wantSt || !slices.EqualFunc(got, wantSols, slices.Equal) {
			t.Fatalf("puzzle %d: %+v %v, reduced matrix %+v %v\n%s", k, st, got, wantSt, wantSols, p)
		}
	}
}

// candidates counts, the slow and obvious way, the digits each empty cell
// of p may hold given the givens, and the constraints the givens leave
// open: the rows and columns of p's reduced matrix.
func candidates(p *solvers.Puzzle) (rows, cols int) {
	n := p.Size()
	units := p.Units()
	inUnit := func(u []int, v int) bool {
		for _, i := range u {
			if p.Cell(i) == v {
				return true
			}
		}
		return false
	}
	for i := 0; i < n*n; i++ {
		if p.Cell(i) != 0 {
			continue
		}
		cols++ // the cell
	digits:
		for v := 1; v <= n; v++ {
			for _, u := range units {
				if slices.Contains(u, i) && inUnit(u, v) {
					continue digits
				}
			}
			rows++
		}
	}
	for _, u := range units {
		for v := 1; v <= n; v++ {
			if !inUnit(u, v) {
				cols++
			}
		}
	}
	return rows, cols
}
