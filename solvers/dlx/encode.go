package dlx

import (
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/exactcover"
)

// An encoding is the exact cover matrix of a shape of grid (its side, its
// regions and its extra units), with what each matrix row means for the
// grid, and a puzzle's givens selected in it. Building the matrix costs
// more than solving an easy puzzle, so it is built once per shape: a
// puzzle of the shape last built only selects its givens.
type encoding struct {
	m     exactcover.Matrix
	cell  []int32 // by matrix row: the cell it fills
	digit []uint8 // by matrix row: the digit it puts there
	grid  solvers.Grid

	// The shape m encodes, when it can be reused: not for extra units,
	// whose rows, of more than four columns, are searched on the links
	// themselves, which a search stopped by a panicking visitor leaves
	// changed.
	built    bool
	n        int
	standard bool    // the regions are the standard boxes
	regions  []uint8 // else the regions, by cell
	rows     []int   // the rows' columns, numKinds a row, to build m
}

// Constraint kinds, in the order of their columns. Cells come first: the
// search breaks ties between equally constrained columns by number, and
// trying cells first takes a third fewer nodes on hard puzzles than
// trying digits first.
const (
	kindCell = iota
	kindRow
	kindColumn
	kindRegion
	numKinds
)

// load makes m the matrix of p's shape with p's givens selected and the
// grid p's givens. p's givens must not clash.
//
// Row i*n+d of the matrix puts digit d+1 in cell i. Constraint kind k of
// unit u and digit d is column k*n*n + u*n + d, the cell constraint of
// cell i column i, and extra unit x's digit d column numKinds*n*n + x*n + d.
// The search meets the rows and columns in this order, less those the
// givens rule out or satisfy: in the order in which the matrix of the
// candidates and open constraints alone would list them, so it takes the
// same steps on it.
func (e *encoding) load(p *solvers.Puzzle) error {
	n := p.Size()
	nn := n * n
	e.grid = resize(e.grid, nn)
	for i := range e.grid {
		e.grid[i] = uint8(p.Cell(i))
	}
	if !e.fits(p) {
		if err := e.build(p); err != nil {
			return err
		}
	}
	if err := e.m.Deselect(); err != nil {
		return fmt.Errorf("dlx: %w", err)
	}
	for i, v := range e.grid {
		if v != 0 {
			if err := e.m.Select(i*n + int(v) - 1); err != nil {
				return fmt.Errorf("dlx: given %d in %s: %w", v, solvers.CellName(n, i), err)
			}
		}
	}
	return nil
}

// fits reports whether m is the matrix of p's shape.
func (e *encoding) fits(p *solvers.Puzzle) bool {
	n := p.Size()
	if !e.built || e.n != n || p.NumUnits() != 3*n || e.standard != p.Standard() {
		return false
	}
	if e.standard {
		return true
	}
	for i, g := range e.regions {
		if int(g) != p.Region(i) {
			return false
		}
	}
	return true
}

// build makes m the matrix of p's shape, with nothing selected.
func (e *encoding) build(p *solvers.Puzzle) error {
	e.built = false
	n := p.Size()
	nn := n * n
	extra := p.ExtraUnits()
	// extraOf[i] lists the extra units of cell i.
	var extraOf [][]int
	if len(extra) > 0 {
		extraOf = make([][]int, nn)
		for x, u := range extra {
			for _, i := range u.Cells {
				extraOf[i] = append(extraOf[i], x)
			}
		}
	}
	if err := e.m.Reset(numKinds*nn+len(extra)*n, 0); err != nil {
		return fmt.Errorf("dlx: %w", err)
	}
	e.cell, e.digit, e.rows = resize(e.cell, nn*n), resize(e.digit, nn*n), e.rows[:0]
	var cols []int
	for i := range nn {
		r, c, g := i/n, i%n, p.Region(i)
		for d := range n {
			e.cell[i*n+d], e.digit[i*n+d] = int32(i), uint8(d+1)
			row := [numKinds]int{
				kindCell*nn + i,
				kindRow*nn + r*n + d,
				kindColumn*nn + c*n + d,
				kindRegion*nn + g*n + d,
			}
			if len(extra) == 0 {
				e.rows = append(e.rows, row[:]...)
				continue
			}
			cols = append(cols[:0], row[:]...)
			for _, x := range extraOf[i] {
				cols = append(cols, numKinds*nn+x*n+d)
			}
			if _, err := e.m.AddRow(cols...); err != nil {
				return fmt.Errorf("dlx: %w", err)
			}
		}
	}
	if len(extra) > 0 {
		return nil
	}
	if _, err := e.m.AddRows(numKinds, e.rows); err != nil {
		return fmt.Errorf("dlx: %w", err)
	}
	e.built, e.n, e.standard = true, n, p.Standard()
	e.regions = e.regions[:0]
	if !e.standard {
		for i := range nn {
			e.regions = append(e.regions, uint8(p.Region(i)))
		}
	}
	return nil
}

// resize returns s with length n, reusing its array when it is big enough.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
