package dlx

import (
	"fmt"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/exactcover"
)

// An encoding is a puzzle as an exact cover matrix, with what each matrix
// row means for the grid. Its buffers are reused from one puzzle to the
// next.
type encoding struct {
	m     exactcover.Matrix
	cell  []int32 // by matrix row: the cell it fills
	digit []uint8 // by matrix row: the digit it puts there
	// col numbers the open constraints: constraint kind k of unit u and
	// digit d (0-based) is column col[k*n*n + u*n + d], or -1 when the
	// givens satisfy it. The kinds are cell, row, column and region; a
	// cell constraint has no digit, so cell i's is col[i].
	col  []int32
	grid solvers.Grid // the solution handed to the visitor
	rows []int        // the matrix rows' columns, numKinds a row
	// The extra units (X-sudoku's diagonals, windoku's windows), empty
	// for most puzzles: extraCol[x*n+d] is the column of extra unit x and
	// digit d, or -1, and extraOf[i] lists the extra units of cell i.
	extraCol []int32
	extraOf  [][]int
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

// build encodes p, whose givens must not clash. Candidates the givens rule
// out get no row and constraints they satisfy get no column, so the matrix
// of an easy puzzle is small.
func (e *encoding) build(p *solvers.Puzzle) error {
	n := p.Size()
	nn := n * n
	full := uint32(1)<<n - 1

	// used[k*n+u] has bit d set when unit u of kind k (row, column,
	// region) holds digit d+1.
	var usedBuf [3 * solvers.MaxSize]uint32
	used := usedBuf[:3*n]
	e.grid = resize(e.grid, nn)
	for i := range nn {
		v := p.Cell(i)
		e.grid[i] = uint8(v)
		if v != 0 {
			bit := uint32(1) << (v - 1)
			used[i/n] |= bit
			used[n+i%n] |= bit
			used[2*n+p.Region(i)] |= bit
		}
	}

	extra := p.ExtraUnits()
	var extraUsed []uint32
	if len(extra) > 0 {
		extraUsed = make([]uint32, len(extra))
		e.extraOf = resize(e.extraOf, nn)
		for i := range e.extraOf {
			e.extraOf[i] = e.extraOf[i][:0]
		}
		for x, u := range extra {
			for _, i := range u.Cells {
				e.extraOf[i] = append(e.extraOf[i], x)
				if v := e.grid[i]; v != 0 {
					extraUsed[x] |= 1 << (v - 1)
				}
			}
		}
	}

	e.col = resize(e.col, numKinds*nn)
	next := int32(0)
	for i := range nn {
		e.col[kindCell*nn+i] = -1
		if e.grid[i] == 0 {
			e.col[kindCell*nn+i] = next
			next++
		}
	}
	for k := kindRow; k < numKinds; k++ {
		for u := range n {
			open := full &^ used[(k-kindRow)*n+u]
			cols := e.col[k*nn+u*n:][:n]
			for d := range cols {
				cols[d] = -1
				if open&(1<<d) != 0 {
					cols[d] = next
					next++
				}
			}
		}
	}

	e.extraCol = resize(e.extraCol, len(extra)*n)
	for x := range extra {
		for d := range n {
			e.extraCol[x*n+d] = -1
			if extraUsed[x]&(1<<d) == 0 {
				e.extraCol[x*n+d] = next
				next++
			}
		}
	}

	if err := e.m.Reset(int(next), 0); err != nil {
		return fmt.Errorf("dlx: %w", err)
	}
	e.cell, e.digit, e.rows = e.cell[:0], e.digit[:0], e.rows[:0]
	for i := range nn {
		if e.grid[i] != 0 {
			continue
		}
		r, c, g := i/n, i%n, p.Region(i)
		cellCol := int(e.col[kindCell*nn+i])
		rowCols := e.col[kindRow*nn+r*n:][:n]
		colCols := e.col[kindColumn*nn+c*n:][:n]
		regCols := e.col[kindRegion*nn+g*n:][:n]
		open := full &^ (used[r] | used[n+c] | used[2*n+g])
		if len(extra) > 0 {
			for _, x := range e.extraOf[i] {
				open &^= extraUsed[x]
			}
		}
		for ; open != 0; open &= open - 1 {
			d := bits.TrailingZeros32(open)
			e.cell = append(e.cell, int32(i))
			e.digit = append(e.digit, uint8(d+1))
			if len(extra) == 0 {
				e.rows = append(e.rows, cellCol, int(rowCols[d]), int(colCols[d]), int(regCols[d]))
				continue
			}
			cols := []int{cellCol, int(rowCols[d]), int(colCols[d]), int(regCols[d])}
			for _, x := range e.extraOf[i] {
				cols = append(cols, int(e.extraCol[x*n+d]))
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
	return nil
}

// resize returns s with length n, reusing its array when it is big enough.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
