package solvers

import (
	"encoding/binary"
	"fmt"
	"strings"
	"sync/atomic"
)

// Sizes lists the grid sides a Puzzle may have.
var sizes = [...]int{4, 9, 16, 25}

// MaxSize is the largest grid side a Puzzle may have.
const MaxSize = 25

// A Puzzle is an immutable sudoku: an N×N grid of givens, a region per
// cell and any extra units (see [Unit]). The zero value is not a valid puzzle; use [New] or [NewStandard].
type Puzzle struct {
	size     int
	box      int
	cells    []uint8 // N*N, 0 = empty
	regions  []uint8 // N*N, region index 0..N-1
	standard bool    // regions are the box-side×box-side boxes
	// clashKnown is set once clash holds the first clash of the givens,
	// or nil for none. It is found when first asked for, not when the
	// puzzle is made: inputs hold tens of thousands of puzzles, and a
	// strategy that places the givens itself sees a clash for nothing.
	// (It sits beside standard, in the padding a word leaves after it.)
	clashKnown atomic.Bool
	extra      []Unit // units beyond rows, columns and regions
	clash      atomic.Pointer[ClashError]
}

// A Unit is a named set of N cells that holds every digit exactly once in a
// solution. Rows, columns and regions are implicit in every [Puzzle]; the
// extra units of a variant (the diagonals of X-sudoku, the windows of
// windoku) are listed as data.
type Unit struct {
	Name  string // as clash messages show it, such as "diagonal 1"
	Cells []int  // cell indices, row-major
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
	return NewWithUnits(size, cells, regions, nil)
}

// NewWithUnits is [New] with extra units: each must hold N distinct cells of
// the grid. The units are copied.
func NewWithUnits(size int, cells, regions []uint8, extra []Unit) (*Puzzle, error) {
	box := boxSide(size)
	if box == 0 {
		return nil, fmt.Errorf("solvers: grid side %d is not one of 4, 9, 16, 25", size)
	}
	n2 := size * size
	if len(cells) != n2 {
		return nil, fmt.Errorf("solvers: %d cells for a %dx%d grid, want %d", len(cells), size, size, n2)
	}
	if !atMost(cells, uint8(size)) {
		for i, v := range cells {
			if int(v) > size {
				return nil, fmt.Errorf("solvers: cell %s holds %d, want 0..%d", CellName(size, i), v, size)
			}
		}
	}
	p := newPuzzle(size, box, cells)
	if regions == nil {
		p.regions = standardRegions[box] // shared: a Puzzle never writes it
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
		p.standard = equalBytes(p.regions, standardRegions[box])
	}
	for k, u := range extra {
		if err := checkUnit(size, u); err != nil {
			return nil, fmt.Errorf("solvers: extra unit %d (%q): %w", k+1, u.Name, err)
		}
		p.extra = append(p.extra, Unit{Name: u.Name, Cells: append([]int(nil), u.Cells...)})
	}
	return p, nil
}

// atMost reports whether every byte of b is at most max, which must be
// below 0x80. It looks at eight bytes at a time: inputs hold tens of
// thousands of puzzles.
func atMost(b []uint8, max uint8) bool {
	const ones = 0x0101010101010101
	add := uint64(0x7f-max) * ones // carries into a byte's top bit exactly when the byte is above max
	for ; len(b) >= 8; b = b[8:] {
		// A byte from 0x80 up shows by its own top bit; what its sum
		// carries into the next byte then no longer matters.
		if w := binary.LittleEndian.Uint64(b); (w|(w+add))&(0x80*ones) != 0 {
			return false
		}
	}
	for _, v := range b {
		if v > max {
			return false
		}
	}
	return true
}

// newPuzzle returns a puzzle holding a copy of cells. A 9x9 puzzle and its
// cells share one allocation: inputs hold tens of thousands of them.
func newPuzzle(size, box int, cells []uint8) *Puzzle {
	if len(cells) == 81 {
		pc := &struct {
			p     Puzzle
			cells [81]uint8
		}{}
		copy(pc.cells[:], cells)
		pc.p = Puzzle{size: size, box: box, cells: pc.cells[:]}
		return &pc.p
	}
	return &Puzzle{size: size, box: box, cells: append([]uint8(nil), cells...)}
}

func checkUnit(size int, u Unit) error {
	if len(u.Cells) != size {
		return fmt.Errorf("%d cells, want %d", len(u.Cells), size)
	}
	seen := make(map[int]bool, size)
	for _, i := range u.Cells {
		if i < 0 || i >= size*size {
			return fmt.Errorf("cell index %d outside the grid", i)
		}
		if seen[i] {
			return fmt.Errorf("cell %s listed twice", CellName(size, i))
		}
		seen[i] = true
	}
	return nil
}

// Diagonals returns the two main diagonals of a size×size grid, the extra
// units of X-sudoku.
func Diagonals(size int) []Unit {
	d := []Unit{{Name: "diagonal 1"}, {Name: "diagonal 2"}}
	for k := range size {
		d[0].Cells = append(d[0].Cells, k*size+k)
		d[1].Cells = append(d[1].Cells, k*size+size-1-k)
	}
	return d
}

// Windows returns the extra units of windoku on a size×size grid: the
// box-side×box-side squares whose top-left cells are one cell beyond each
// box corner except the last, four of them on a 9x9 grid.
func Windows(size int) []Unit {
	box := boxSide(size)
	if box < 2 {
		return nil
	}
	var w []Unit
	for r := 1; r+box < size; r += box + 1 {
		for c := 1; c+box < size; c += box + 1 {
			u := Unit{Name: fmt.Sprintf("window %d", len(w)+1)}
			for i := range box * box {
				u.Cells = append(u.Cells, (r+i/box)*size+c+i%box)
			}
			w = append(w, u)
		}
	}
	return w
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
	return append([]uint8(nil), standardRegions[boxSide(size)]...)
}

// standardRegions holds the standard regions of every size by box side,
// read-only: the puzzles with standard regions share them rather than
// allocate their own.
var standardRegions = func() (t [6][]uint8) {
	for _, size := range sizes {
		box := boxSide(size)
		r := make([]uint8, size*size)
		for i := range r {
			row, col := i/size, i%size
			r[i] = uint8(row/box*box + col/box)
		}
		t[box] = r
	}
	return t
}()

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
func (p *Puzzle) Givens() Grid { return p.AppendGivens(nil) }

// AppendGivens appends the cells, row by row, 0 for empty, to dst and
// returns the extended grid: Givens into a buffer of the caller's.
func (p *Puzzle) AppendGivens(dst Grid) Grid { return append(dst, p.cells...) }

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

// ExtraUnits returns a copy of the units beyond rows, columns and regions.
func (p *Puzzle) ExtraUnits() []Unit {
	if len(p.extra) == 0 {
		return nil
	}
	out := make([]Unit, len(p.extra))
	for k, u := range p.extra {
		out[k] = Unit{Name: u.Name, Cells: append([]int(nil), u.Cells...)}
	}
	return out
}

// NumUnits returns how many units the puzzle has: 3N plus its extra units.
func (p *Puzzle) NumUnits() int { return 3*p.size + len(p.extra) }

// Features returns what p uses beyond a standard grid.
func (p *Puzzle) Features() Features {
	var f Features
	if !p.standard {
		f |= Jigsaw
	}
	if len(p.extra) > 0 {
		f |= ExtraUnits
	}
	return f
}

// Units returns every unit of the grid as N cell indices: the N rows, then
// the N columns, then the N regions, then the extra units in the order they
// were given.
func (p *Puzzle) Units() [][]int {
	n := p.size
	units := make([][]int, 3*n, 3*n+len(p.extra))
	for u := range units {
		units[u] = make([]int, 0, n)
	}
	for i := 0; i < n*n; i++ {
		units[i/n] = append(units[i/n], i)
		units[n+i%n] = append(units[n+i%n], i)
		units[2*n+int(p.regions[i])] = append(units[2*n+int(p.regions[i])], i)
	}
	for _, u := range p.extra {
		units = append(units, append([]int(nil), u.Cells...))
	}
	return units
}

// Clash returns the first pair of equal givens sharing a unit, or nil. A
// puzzle whose givens clash has no solution; strategies answer that without
// searching.
func (p *Puzzle) Clash() *ClashError {
	if p.clashKnown.Load() {
		return p.clash.Load()
	}
	// Goroutines that ask at once each find the same clash.
	c := findClash(p, Grid(p.cells))
	p.clash.Store(c)
	p.clashKnown.Store(true)
	return c
}

// findClash reports the first two equal non-zero values of g sharing a unit,
// whose values must be at most p's side.
func findClash(p *Puzzle, g Grid) *ClashError {
	if !p.repeats(g) {
		return nil
	}
	return nameClash(p, g)
}

// repeats reports whether some unit of p holds a non-zero value of g twice.
// It keeps one bit per value and unit and allocates nothing: most grids have
// no clash, and naming one (see nameClash) costs far more.
func (p *Puzzle) repeats(g Grid) bool {
	n := p.size
	var rows, cols, regions [MaxSize]uint32
	for r := range n {
		row := g[r*n : r*n+n]
		for c, v := range row {
			if v == 0 {
				continue
			}
			bit := uint32(1) << v
			reg := p.regions[r*n+c]
			if (rows[r]|cols[c]|regions[reg])&bit != 0 {
				return true
			}
			rows[r] |= bit
			cols[c] |= bit
			regions[reg] |= bit
		}
	}
	for _, u := range p.extra {
		var seen uint32
		for _, i := range u.Cells {
			if v := g[i]; v != 0 {
				if seen&(1<<v) != 0 {
					return true
				}
				seen |= 1 << v
			}
		}
	}
	return false
}

// nameClash returns the first clash of g in the order of [Puzzle.Units].
func nameClash(p *Puzzle, g Grid) *ClashError {
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
				return &ClashError{Size: n, Value: int(v), First: j, Second: i, Unit: p.UnitName(u)}
			}
			seen[v] = i
		}
	}
	return nil
}

// UnitName names unit u, numbered as [Puzzle.Units] numbers them.
func (p *Puzzle) UnitName(u int) string {
	n := p.size
	if u >= 3*n {
		return p.extra[u-3*n].Name
	}
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
