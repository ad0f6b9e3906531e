package solvers

import (
	"fmt"
	"strings"
)

// Sizes lists the grid sides a Puzzle may have.
var sizes = [...]int{4, 9, 16, 25}

// MaxSize is the largest grid side a Puzzle may have.
const MaxSize = 25

// A Puzzle is an immutable sudoku: an N×N grid of givens and a region per
// cell. The zero value is not a valid puzzle; use [New] or [NewStandard].
type Puzzle struct {
	size     int
	box      int
	cells    []uint8 // N*N, 0 = empty
	regions  []uint8 // N*N, region index 0..N-1
	standard bool    // regions are the box-side×box-side boxes
	clash    *ClashError
}

// NewStandard returns a puzzle of side size with the standard boxes as
// regions. cells holds size*size values, row by row, 0 for empty.
func NewStandard(size int, cells []uint8) (*Puzzle, error) {
	return New(size, cells, nil)
}

// New returns a puzzle of side size with the given cells and regions, both
// row by row with size*size entries. A nil regions means the standard boxes.
// New checks the shape of its arguments and reports the first problem it
// finds; givens that clash make a valid puzzle with no solution (see
// [Puzzle.Clash]).
func New(size int, cells, regions []uint8) (*Puzzle, error) {
	box := boxSide(size)
	if box == 0 {
		return nil, fmt.Errorf("solvers: grid side %d is not one of 4, 9, 16, 25", size)
	}
	n2 := size * size
	if len(cells) != n2 {
		return nil, fmt.Errorf("solvers: %d cells for a %dx%d grid, want %d", len(cells), size, size, n2)
	}
	for i, v := range cells {
		if int(v) > size {
			return nil, fmt.Errorf("solvers: cell %s holds %d, want 0..%d", CellName(size, i), v, size)
		}
	}
	p := &Puzzle{size: size, box: box, cells: append([]uint8(nil), cells...)}
	if regions == nil {
		p.regions = StandardRegions(size)
		p.standard = true
	} else {
		if len(regions) != n2 {
			return nil, fmt.Errorf("solvers: %d region entries for a %dx%d grid, want %d", len(regions), size, size, n2)
		}
		count := make([]int, size)
		for i, r := range regions {
			if int(r) >= size {
				return nil, fmt.Errorf("solvers: cell %s is in region %d, want 0..%d", CellName(size, i), r, size-1)
			}
			count[r]++
		}
		for r, c := range count {
			if c != size {
				return nil, fmt.Errorf("solvers: region %d has %d cells, want %d", r, c, size)
			}
		}
		p.regions = append([]uint8(nil), regions...)
		p.standard = equalBytes(p.regions, StandardRegions(size))
	}
	p.clash = p.findClash()
	return p, nil
}

func boxSide(size int) int {
	for _, s := range sizes {
		if s == size {
			b := 1
			for b*b < size {
				b++
			}
			return b
		}
	}
	return 0
}

// StandardRegions returns the region index of every cell of a size×size grid
// divided into its standard boxes, numbered row by row.
func StandardRegions(size int) []uint8 {
	box := boxSide(size)
	r := make([]uint8, size*size)
	for i := range r {
		row, col := i/size, i%size
		r[i] = uint8(row/box*box + col/box)
	}
	return r
}

func equalBytes(a, b []uint8) bool {
	return string(a) == string(b)
}

// Size returns the grid side N.
func (p *Puzzle) Size() int { return p.size }

// BoxSide returns the side of a standard box, the square root of N.
func (p *Puzzle) BoxSide() int { return p.box }

// Standard reports whether the regions are the standard boxes.
func (p *Puzzle) Standard() bool { return p.standard }

// Cell returns the given in cell i (row-major), or 0 if it is empty.
func (p *Puzzle) Cell(i int) int { return int(p.cells[i]) }

// Region returns the region index of cell i.
func (p *Puzzle) Region(i int) int { return int(p.regions[i]) }

// Givens returns a copy of the cells, row by row, 0 for empty.
func (p *Puzzle) Givens() Grid { return append(Grid(nil), p.cells...) }

// Regions returns a copy of the region index of every cell.
func (p *Puzzle) Regions() []uint8 { return append([]uint8(nil), p.regions...) }

// NumGivens returns how many cells are filled.
func (p *Puzzle) NumGivens() int {
	n := 0
	for _, v := range p.cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Units returns the 3N units of the grid, each the N cell indices of one
// row, column or region: rows first, then columns, then regions.
func (p *Puzzle) Units() [][]int {
	n := p.size
	units := make([][]int, 3*n)
	for u := range units {
		units[u] = make([]int, 0, n)
	}
	for i := 0; i < n*n; i++ {
		units[i/n] = append(units[i/n], i)
		units[n+i%n] = append(units[n+i%n], i)
		units[2*n+int(p.regions[i])] = append(units[2*n+int(p.regions[i])], i)
	}
	return units
}

// Clash returns the first pair of equal givens sharing a unit, or nil. A
// puzzle whose givens clash has no solution; strategies answer that without
// searching.
func (p *Puzzle) Clash() *ClashError { return p.clash }

func (p *Puzzle) findClash() *ClashError {
	return findClash(p, Grid(p.cells))
}

// findClash reports the first two equal non-zero values of g sharing a unit.
func findClash(p *Puzzle, g Grid) *ClashError {
	n := p.size
	for u, unit := range p.Units() {
		seen := make([]int, n+1)
		for k := range seen {
			seen[k] = -1
		}
		for _, i := range unit {
			v := g[i]
			if v == 0 {
				continue
			}
			if j := seen[v]; j >= 0 {
				return &ClashError{Size: n, Value: int(v), First: j, Second: i, Unit: unitName(n, u)}
			}
			seen[v] = i
		}
	}
	return nil
}

func unitName(n, u int) string {
	switch u / n {
	case 0:
		return fmt.Sprintf("row %d", u+1)
	case 1:
		return fmt.Sprintf("column %d", u-n+1)
	}
	return fmt.Sprintf("region %d", u-2*n+1)
}

// A ClashError describes two equal digits in one unit.
type ClashError struct {
	Size          int
	Value         int
	First, Second int // cell indices
	Unit          string
}

func (e *ClashError) Error() string {
	return fmt.Sprintf("%s and %s both hold %d in %s", CellName(e.Size, e.First), CellName(e.Size, e.Second), e.Value, e.Unit)
}

// CellName names cell i of a size×size grid as rRcC, counting from 1.
func CellName(size, i int) string {
	return fmt.Sprintf("r%dc%d", i/size+1, i%size+1)
}

// Check reports whether g is a solution of p: a full grid that keeps every
// given and repeats no digit in any unit.
func (p *Puzzle) Check(g Grid) error {
	if len(g) != len(p.cells) {
		return fmt.Errorf("solution has %d cells, want %d", len(g), len(p.cells))
	}
	for i, v := range g {
		if v == 0 || int(v) > p.size {
			return fmt.Errorf("cell %s holds %d, want 1..%d", CellName(p.size, i), v, p.size)
		}
		if given := p.cells[i]; given != 0 && given != v {
			return fmt.Errorf("cell %s holds %d but the given is %d", CellName(p.size, i), v, given)
		}
	}
	if c := findClash(p, g); c != nil {
		return c
	}
	return nil
}

// String formats the givens one row a line, '.' for empty, digits 1-9 and
// letters A.. beyond 9.
func (p *Puzzle) String() string { return Grid(p.cells).Format(p.size) }

// A Grid holds the cells of a puzzle or solution, row by row, 0 for empty.
type Grid []uint8

// Format writes g as size lines of size symbols: '.' for empty, '1'-'9',
// then 'A', 'B', ... for 10 and up.
func (g Grid) Format(size int) string {
	var b strings.Builder
	for i, v := range g {
		b.WriteByte(Symbol(v))
		if (i+1)%size == 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Symbol returns the one-character symbol of value v used by [Grid.Format].
func Symbol(v uint8) byte {
	switch {
	case v == 0:
		return '.'
	case v <= 9:
		return '0' + v
	}
	return 'A' + v - 10
}
