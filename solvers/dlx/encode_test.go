package dlx

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// candidates counts, the slow and obvious way, the digits each empty cell
// of p may hold given the givens, and the constraints the givens leave
// open: the expected rows and columns of p's matrix.
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
		for v := 1; v <= n; v++ {
			if !inUnit(units[i/n], v) && !inUnit(units[n+i%n], v) && !inUnit(units[2*n+p.Region(i)], v) {
				rows++
			}
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

func TestEncodingSize(t *testing.T) {
	solved := "1234341221434321"
	tests := []struct {
		name             string
		size             int
		givens           string // row by row, '.' empty
		regions          []uint8
		wantRows, wantCo int
	}{
		// Every cell takes every digit and every constraint is open.
		{"empty 4x4", 4, "................", nil, 64, 64},
		{"empty 9x9", 9, "", nil, 729, 324},
		// r1c1=1 rules 1 out of its 7 peers and closes its cell and the
		// digit 1 in its row, column and box: 15*4-7 rows, 4*16-4 columns.
		{"one given", 4, "1...............", nil, 53, 60},
		{"solved", 4, solved, nil, 0, 0},
		// The same given in a jigsaw whose first region is the top row:
		// its peers are the row and column only, 6 of them.
		{"jigsaw", 4, "1...............", []uint8{0, 0, 0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3}, 54, 60},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := make([]uint8, tc.size*tc.size)
			for i := 0; i < len(tc.givens); i++ {
				if c := tc.givens[i]; c != '.' {
					cells[i] = c - '0'
				}
			}
			p, err := solvers.New(tc.size, cells, tc.regions)
			if err != nil {
				t.Fatal(err)
			}
			var e encoding
			if err := e.build(p); err != nil {
				t.Fatal(err)
			}
			if e.m.NumRows() != tc.wantRows || e.m.NumColumns() != tc.wantCo {
				t.Errorf("%d rows, %d columns; want %d and %d", e.m.NumRows(), e.m.NumColumns(), tc.wantRows, tc.wantCo)
			}
			if r, c := candidates(p); r != e.m.NumRows() || c != e.m.NumColumns() {
				t.Errorf("%d rows, %d columns; counting candidates gives %d and %d", e.m.NumRows(), e.m.NumColumns(), r, c)
			}
			// Each row fills one open cell with one of its candidates.
			for r := range e.m.NumRows() {
				i, v := int(e.cell[r]), int(e.digit[r])
				if p.Cell(i) != 0 || v < 1 || v > tc.size {
					t.Fatalf("row %d puts %d in cell %d holding %d", r, v, i, p.Cell(i))
				}
			}
		})
	}
}

func TestEncodingSizeOnSets(t *testing.T) {
	for _, set := range []string{"top95", "17clue"} {
		ps := solverstest.LoadSet(t, set, 50)
		var e encoding
		for _, p := range ps {
			if err := e.build(p); err != nil {
				t.Fatal(err)
			}
			if r, c := candidates(p); r != e.m.NumRows() || c != e.m.NumColumns() {
				t.Fatalf("%s: %d rows, %d columns; counting candidates gives %d and %d\n%s", set, e.m.NumRows(), e.m.NumColumns(), r, c, p)
			}
		}
	}
}
