package solvers_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

func TestNewErrors(t *testing.T) {
	std9 := solvers.StandardRegions(9)
	badRegionCount := append([]uint8(nil), std9...)
	badRegionCount[0] = 1 // region 0 now has 8 cells, region 1 has 10
	outOfRange := append([]uint8(nil), std9...)
	outOfRange[80] = 9
	tooBig := make([]uint8, 81)
	tooBig[40] = 10
	tests := []struct {
		name    string
		size    int
		cells   []uint8
		regions []uint8
		want    string
	}{
		{"size", 8, make([]uint8, 64), nil, "grid side 8 is not one of 4, 9, 16, 25"},
		{"cell count", 9, make([]uint8, 80), nil, "80 cells for a 9x9 grid, want 81"},
		{"value", 9, tooBig, nil, "cell r5c5 holds 10, want 0..9"},
		{"region entries", 9, make([]uint8, 81), std9[:80], "80 region entries"},
		{"region index", 9, make([]uint8, 81), outOfRange, "cell r9c9 is in region 9, want 0..8"},
		{"region size", 9, make([]uint8, 81), badRegionCount, "region 0 has 8 cells, want 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := solvers.New(tt.size, tt.cells, tt.regions)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New: error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestStandardRegions(t *testing.T) {
	tests := []struct {
		size int
		cell int
		want int
	}{
		{4, 0, 0}, {4, 3, 1}, {4, 15, 3}, {4, 10, 3},
		{9, 0, 0}, {9, 8, 2}, {9, 40, 4}, {9, 80, 8}, {9, 27, 3},
		{16, 255, 15}, {16, 4, 1}, {25, 624, 24},
	}
	for _, tt := range tests {
		if got := solvers.StandardRegions(tt.size)[tt.cell]; int(got) != tt.want {
			t.Errorf("StandardRegions(%d)[%d] = %d, want %d", tt.size, tt.cell, got, tt.want)
		}
	}
}

func grid(s string) []uint8 {
	g := make([]uint8, 0, len(s))
	for _, c := range s {
		switch {
		case c == '.':
			g = append(g, 0)
		case c >= '1' && c <= '9':
			g = append(g, uint8(c-'0'))
		}
	}
	return g
}

const (
	puzzle4   = "1... .2.. ..3. ...4"
	solution4 = "1342 4213 2431 3124"
)

func TestClash(t *testing.T) {
	tests := []struct {
		name string
		grid string
		want string // "" for no clash
	}{
		{"none", puzzle4, ""},
		{"row", "11.. .... .... ....", "r1c1 and r1c2 both hold 1 in row 1"},
		{"column", "2... .... 2... ....", "r1c1 and r3c1 both hold 2 in column 1"},
		{"box", "3... .3.. .... ....", "r1c1 and r2c2 both hold 3 in region 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := solvers.NewStandard(4, grid(tt.grid))
			if err != nil {
				t.Fatal(err)
			}
			c := p.Clash()
			switch {
			case tt.want == "" && c != nil:
				t.Fatalf("Clash() = %v, want none", c)
			case tt.want != "" && (c == nil || c.Error() != tt.want):
				t.Fatalf("Clash() = %v, want %q", c, tt.want)
			}
		})
	}
}

// TestClashConcurrent asks a new puzzle for its clash from several
// goroutines at once, as parallel searches of one puzzle do: Clash finds
// it when first asked, and CI runs this under the race detector.
func TestClashConcurrent(t *testing.T) {
	for _, tt := range []struct{ grid, want string }{
		{puzzle4, ""},
		{"11.. .... .... ....", "r1c1 and r1c2 both hold 1 in row 1"},
	} {
		p, err := solvers.NewStandard(4, grid(tt.grid))
		if err != nil {
			t.Fatal(err)
		}
		got := make([]string, 8)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() {
				if c := p.Clash(); c != nil {
					got[i] = c.Error()
				}
			})
		}
		wg.Wait()
		for i, g := range got {
			if g != tt.want {
				t.Errorf("%q: goroutine %d: Clash() = %q, want %q", tt.grid, i, g, tt.want)
			}
		}
	}
}

func TestJigsawClash(t *testing.T) {
	// Region 2 is r2c1, r2c2, r3c1, r3c2: the two 1s are in different
	// standard boxes but in the same jigsaw region.
	regions := []uint8{
		0, 0, 0, 0,
		1, 1, 2, 2,
		1, 1, 2, 2,
		3, 3, 3, 3,
	}
	p, err := solvers.New(4, grid(".... 1... .1.. ...."), regions)
	if err != nil {
		t.Fatal(err)
	}
	if p.Standard() {
		t.Error("Standard() = true for jigsaw regions")
	}
	if c := p.Clash(); c == nil || !strings.Contains(c.Error(), "region 2") {
		t.Errorf("Clash() = %v, want the two 1s in region 2", c)
	}
}

func TestCheck(t *testing.T) {
	p, err := solvers.NewStandard(4, grid(puzzle4))
	if err != nil {
		t.Fatal(err)
	}
	breakGiven := grid(solution4)
	breakGiven[0], breakGiven[1] = breakGiven[1], breakGiven[0]
	tests := []struct {
		name string
		g    []uint8
		want string
	}{
		{"valid", grid(solution4), ""},
		{"short", grid(solution4)[:15], "solution has 15 cells, want 16"},
		{"empty cell", grid("1342 4213 2431 312."), "cell r4c4 holds 0, want 1..4"},
		{"given changed", breakGiven, "cell r1c1 holds 3 but the given is 1"},
		{"repeat", grid("1342 4213 2431 3214"), "both hold"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := p.Check(tt.g)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Check: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Check: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestUnits(t *testing.T) {
	p, err := solvers.NewStandard(9, make([]uint8, 81))
	if err != nil {
		t.Fatal(err)
	}
	units := p.Units()
	if len(units) != 27 {
		t.Fatalf("%d units, want 27", len(units))
	}
	seen := make([]int, 81)
	for _, u := range units {
		if len(u) != 9 {
			t.Fatalf("unit of %d cells", len(u))
		}
		for _, i := range u {
			seen[i]++
		}
	}
	for i, n := range seen {
		if n != 3 {
			t.Errorf("cell %d is in %d units, want 3", i, n)
		}
	}
	if got, want := units[18+4], []int{30, 31, 32, 39, 40, 41, 48, 49, 50}; !equalInts(got, want) {
		t.Errorf("centre box = %v, want %v", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFormat(t *testing.T) {
	g := solvers.Grid{0, 1, 9, 10, 16, 25}
	if got, want := g.Format(3), ".19\nAGP\n"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
}

func TestObjectiveScore(t *testing.T) {
	o := &solvers.Objective{Weights: []int{1, 2, 3}}
	if got := o.Score(solvers.Grid{3, 2, 1}); got != 10 {
		t.Errorf("Score = %d, want 10", got)
	}
}

// FuzzNew builds puzzles from arbitrary bytes: New must return a puzzle or an
// error, never panic, and a puzzle it accepts must answer Clash and Check
// consistently.
func FuzzNew(f *testing.F) {
	f.Add(uint8(4), []byte(string(grid(puzzle4))), []byte{})
	f.Add(uint8(9), make([]byte, 81), []byte(string(solvers.StandardRegions(9))))
	f.Add(uint8(16), make([]byte, 256), []byte{})
	f.Fuzz(func(t *testing.T, size uint8, cells, regions []byte) {
		var rs []uint8
		if len(regions) > 0 {
			rs = regions
		}
		// An odd first region byte adds X-sudoku's diagonals.
		var extra []solvers.Unit
		if len(regions) > 0 && regions[0]%2 == 1 {
			extra = solvers.Diagonals(int(size))
		}
		p, err := solvers.NewWithUnits(int(size), cells, rs, extra)
		if err != nil {
			return
		}
		givens := p.Givens()
		full := true
		for _, v := range givens {
			full = full && v != 0
		}
		// A full grid of givens is its own solution exactly when nothing clashes.
		if full && (p.Check(givens) == nil) != (p.Clash() == nil) {
			t.Fatalf("Check and Clash disagree on a full grid: Check %v, Clash %v", p.Check(givens), p.Clash())
		}
	})
}

func TestExtraUnits(t *testing.T) {
	diag := solvers.Diagonals(9)
	if got, want := diag[1].Cells, []int{8, 16, 24, 32, 40, 48, 56, 64, 72}; !equalInts(got, want) {
		t.Errorf("anti-diagonal = %v, want %v", got, want)
	}
	win := solvers.Windows(9)
	if len(win) != 4 {
		t.Fatalf("%d windows on 9x9, want 4", len(win))
	}
	if got, want := win[3].Cells, []int{50, 51, 52, 59, 60, 61, 68, 69, 70}; !equalInts(got, want) {
		t.Errorf("last window = %v, want %v (r6c6..r8c8)", got, want)
	}
	cells := make([]uint8, 81)
	cells[0], cells[80] = 5, 5 // both on the main diagonal only
	plain, err := solvers.NewStandard(9, cells)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Clash() != nil || plain.Features() != 0 || plain.NumUnits() != 27 {
		t.Errorf("standard puzzle: clash %v, features %v, %d units", plain.Clash(), plain.Features(), plain.NumUnits())
	}
	x, err := solvers.NewWithUnits(9, cells, nil, diag)
	if err != nil {
		t.Fatal(err)
	}
	if x.Features() != solvers.ExtraUnits || x.NumUnits() != 29 || len(x.Units()) != 29 {
		t.Errorf("X-sudoku: features %v, %d units", x.Features(), x.NumUnits())
	}
	if c := x.Clash(); c == nil || c.Unit != "diagonal 1" {
		t.Errorf("X-sudoku clash = %v, want one in diagonal 1", c)
	}

	bad := []struct {
		name string
		unit solvers.Unit
		want string
	}{
		{"short", solvers.Unit{Name: "u", Cells: []int{0, 1}}, "2 cells, want 9"},
		{"outside", solvers.Unit{Name: "u", Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 81}}, "outside the grid"},
		{"twice", solvers.Unit{Name: "u", Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 7}}, "r1c8 listed twice"},
	}
	for _, tc := range bad {
		_, err := solvers.NewWithUnits(9, make([]uint8, 81), nil, []solvers.Unit{tc.unit})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s unit: %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func TestPrepare(t *testing.T) {
	p, err := solvers.NewWithUnits(9, make([]uint8, 81), nil, solvers.Diagonals(9))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	all := solvers.Support{Features: solvers.Jigsaw | solvers.ExtraUnits}
	tests := []struct {
		name   string
		ctx    context.Context
		sup    solvers.Support
		p      *solvers.Puzzle
		opts   solvers.Options
		search bool
		want   error
	}{
		{"ok", ctx, all, p, solvers.Options{Limit: 2}, true, nil},
		{"nil puzzle", ctx, all, nil, solvers.Options{}, false, solvers.ErrMisuse},
		{"zero puzzle", ctx, all, new(solvers.Puzzle), solvers.Options{}, false, solvers.ErrUnsupported},
		{"negative limit", ctx, all, p, solvers.Options{Limit: -1}, false, solvers.ErrMisuse},
		{"short weights", ctx, all, p, solvers.Options{Objective: &solvers.Objective{Weights: make([]int, 80)}}, false, solvers.ErrMisuse},
		{"negative weight", ctx, all, p, solvers.Options{Objective: &solvers.Objective{Weights: append(make([]int, 80), -1)}}, false, solvers.ErrMisuse},
		{"size", ctx, solvers.Support{Sizes: []int{4}, Features: all.Features}, p, solvers.Options{}, false, solvers.ErrUnsupported},
		{"extra units", ctx, solvers.Support{Features: solvers.Jigsaw}, p, solvers.Options{}, false, solvers.ErrUnsupported},
		{"cancelled", cancelled, all, p, solvers.Options{}, false, context.Canceled},
	}
	for _, tc := range tests {
		search, err := solvers.Prepare(tc.ctx, "test", tc.sup, tc.p, tc.opts)
		if search != tc.search || !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
			t.Errorf("%s: Prepare = %v, %v; want %v, %v", tc.name, search, err, tc.search, tc.want)
		}
	}
	clash := make([]uint8, 81)
	clash[0], clash[1] = 3, 3
	q, err := solvers.NewStandard(9, clash)
	if err != nil {
		t.Fatal(err)
	}
	if search, err := solvers.Prepare(ctx, "test", all, q, solvers.Options{}); search || err != nil {
		t.Errorf("clashing givens: Prepare = %v, %v; want false, nil", search, err)
	}
}
