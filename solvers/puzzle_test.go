package solvers_test

import (
	"strings"
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
		p, err := solvers.New(int(size), cells, rs)
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
