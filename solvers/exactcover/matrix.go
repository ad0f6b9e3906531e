package exactcover

import (
	"errors"
	"fmt"
	"slices"
)

// A Matrix is a sparse 0/1 matrix of an exact cover problem. Columns are
// numbered from 0: the first ones are primary (each must be covered exactly
// once), the rest secondary (each covered at most once). Rows are numbered
// from 0 in the order [Matrix.AddRow] adds them.
//
// The zero value is an empty matrix with no columns; use [New] or
// [Matrix.Reset] to size it. A Matrix is not safe for concurrent use.
type Matrix struct {
	primary int // columns 0..primary-1 are primary
	columns int // primary plus secondary

	// nodes[c] is the header of column c, then come the rows' nodes in
	// order: the nodes of row r are contiguous, from rowStart[r] on.
	// rowOf[i-columns] is the row of node i.
	nodes    []node
	rowStart []uint32
	rowOf    []uint32
	// size[c] counts the rows left in column c, plus secondaryBias for a
	// secondary column and coveredBias for a covered primary one: only live
	// primary columns look nearly empty, and the search finds the one with
	// the fewest rows by scanning size alone.
	size []uint32
	live int // primary columns not covered

	// forced[:nforced] lists the primary columns whose size fell to 1 or
	// 0, in the order it happened: the search takes its forced moves from
	// here instead of scanning every column. Each entry is pushed by a row
	// removal and popped by the reinsertion that undoes it, so the list
	// unwinds with the search. Entries for covered columns are stale.
	// The buffer is kept long enough for every push (see reserve).
	forced  []uint32
	nforced int
	empty   int // live primary columns with no rows left

	covered  []bool   // by column: covered by Select
	selected []uint32 // rows chosen by Select, in order
	seen     []uint32 // by column: stamp of the last AddRow naming it
	stamp    uint32   // counts AddRow calls, to catch repeated columns

	path      []uint32 // search stack: the node chosen at each level
	floors    []int    // by level: where its scan of forced started
	out       []int    // rows handed to the visitor
	searching bool     // a Search is running: the matrix must not change
}

var errSearching = errors.New("exactcover: matrix changed during Search")

// maxNodes bounds the columns plus the 1s of a matrix, so that node indices
// fit in a uint32 and no column has as many rows as the biases below.
const maxNodes = 1 << 29

// secondaryBias keeps the size of a secondary column far from 0 and 1, and
// coveredBias the size of a covered primary column far above any real size.
const (
	secondaryBias = 1 << 30
	coveredBias   = 1 << 30
)

// A node is one 1 of the matrix, or a column header. Links are node
// indices, not pointers, so the matrix is one allocation and the garbage
// collector has nothing to trace. Rows link one way only: restoring the
// nodes of one row needs no particular order, and 16-byte nodes make the
// search faster than 24-byte ones.
type node struct {
	up, down uint32
	right    uint32 // next node of the row, circularly
	col      uint32 // the node's column
}

// New returns an empty matrix with the given numbers of primary and
// secondary columns. Secondary columns follow the primary ones.
func New(primary, secondary int) (*Matrix, error) {
	m := new(Matrix)
	if err := m.Reset(primary, secondary); err != nil {
		return nil, err
	}
	return m, nil
}

// Reset empties m and gives it new column counts, keeping its storage for
// reuse.
func (m *Matrix) Reset(primary, secondary int) error {
	if m.searching {
		return errSearching
	}
	if primary < 0 || secondary < 0 {
		return fmt.Errorf("exactcover: negative column count (%d primary, %d secondary)", primary, secondary)
	}
	if primary+secondary >= maxNodes {
		return fmt.Errorf("exactcover: %d columns is too many", primary+secondary)
	}
	n := primary + secondary
	m.primary, m.columns = primary, n
	m.nodes = resize(m.nodes, n)
	m.size = resize(m.size, n)
	m.live = primary
	m.covered = resize(m.covered, n)
	m.seen = resize(m.seen, n)
	m.rowStart = m.rowStart[:0]
	m.rowOf = m.rowOf[:0]
	m.selected = m.selected[:0]
	m.stamp = 0
	m.nforced = 0
	m.empty = 0
	for c := range n {
		h := uint32(c)
		m.nodes[c] = node{up: h, down: h, right: h, col: h}
		m.size[c] = 0
		if c >= primary {
			m.size[c] = secondaryBias
		}
		m.covered[c] = false
		m.seen[c] = 0
	}
	return nil
}

// init makes the zero Matrix a matrix with no columns.
func (m *Matrix) init() {
	if m.nodes == nil {
		m.Reset(0, 0)
	}
}

// resize returns s with length n, reusing its array when it is big enough.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// NumColumns returns the number of columns, primary and secondary.
func (m *Matrix) NumColumns() int { return m.columns }

// NumPrimary returns the number of primary columns.
func (m *Matrix) NumPrimary() int { return m.primary }

// NumRows returns the number of rows added since the last Reset.
func (m *Matrix) NumRows() int { return len(m.rowStart) }

// AddRow adds a row with a 1 in each of the given columns and returns its
// index. A row must name at least one primary column, since the search
// only ever picks rows through a primary column, and name each column at
// most once. Rows cannot be added once a row has been selected.
func (m *Matrix) AddRow(cols ...int) (int, error) {
	r := len(m.rowStart)
	if m.searching {
		return r, errSearching
	}
	if len(m.selected) > 0 {
		return r, errors.New("exactcover: AddRow after Select")
	}
	m.init()
	if len(cols) == 0 {
		return r, errors.New("exactcover: row has no columns")
	}
	if len(m.nodes)+len(cols) >= maxNodes {
		return r, errors.New("exactcover: matrix is too large")
	}
	if err := m.checkRow(r, cols); err != nil {
		return r, err
	}
	first := len(m.nodes)
	m.rowStart = append(m.rowStart, uint32(first))
	m.nodes = slices.Grow(m.nodes, len(cols))[:first+len(cols)]
	m.rowOf = slices.Grow(m.rowOf, len(cols))[:first+len(cols)-m.columns]
	nodes, size, rowOf := m.nodes, m.size, m.rowOf[first-m.columns:]
	for k, c := range cols {
		i, h := uint32(first+k), uint32(c)
		up := nodes[h].up
		nodes[i] = node{up: up, down: h, right: i + 1, col: h}
		nodes[up].down = i
		nodes[h].up = i
		size[h]++
		rowOf[k] = uint32(r)
	}
	nodes[len(nodes)-1].right = uint32(first)
	return r, nil
}

// checkRow reports why cols cannot be row r, if they cannot.
func (m *Matrix) checkRow(r int, cols []int) error {
	if m.stamp++; m.stamp == 0 { // wrapped: forget old stamps
		clear(m.seen)
		m.stamp = 1
	}
	seen, stamp, primary := m.seen, m.stamp, m.primary
	hasPrimary := false
	for _, c := range cols {
		if uint(c) >= uint(len(seen)) {
			return fmt.Errorf("exactcover: row %d: column %d out of range [0, %d)", r, c, m.columns)
		}
		if seen[c] == stamp {
			return fmt.Errorf("exactcover: row %d: column %d repeated", r, c)
		}
		seen[c] = stamp
		hasPrimary = hasPrimary || c < primary
	}
	if !hasPrimary {
		return fmt.Errorf("exactcover: row %d has no primary column", r)
	}
	return nil
}

// Row returns the columns of row r, in the order they were added.
func (m *Matrix) Row(r int) []int {
	if r < 0 || r >= len(m.rowStart) {
		return nil
	}
	first := m.rowStart[r]
	end := uint32(len(m.nodes))
	if r+1 < len(m.rowStart) {
		end = m.rowStart[r+1]
	}
	cols := make([]int, 0, end-first)
	for i := first; i < end; i++ {
		cols = append(cols, int(m.nodes[i].col))
	}
	return cols
}

// Select puts row r into every solution before the search, as a puzzle's
// givens are: its columns are covered and the rows that share a column
// with it are removed. Selecting a row that clashes with an earlier
// selection is an error and changes nothing.
func (m *Matrix) Select(r int) error {
	if m.searching {
		return errSearching
	}
	if r < 0 || r >= len(m.rowStart) {
		return fmt.Errorf("exactcover: select row %d: out of range [0, %d)", r, len(m.rowStart))
	}
	m.init()
	first := m.rowStart[r]
	// A row is still in the matrix exactly when none of its columns is
	// covered: covering a column removes every row through it.
	i := first
	for {
		if c := m.nodes[i].col; m.covered[c] {
			return fmt.Errorf("exactcover: select row %d: column %d is already covered", r, c)
		}
		if i = m.nodes[i].right; i == first {
			break
		}
	}
	for j := first; ; {
		m.covered[m.nodes[j].col] = true
		if j = m.nodes[j].right; j == first {
			break
		}
	}
	m.reserve()
	m.coverRow(first)
	m.selected = append(m.selected, uint32(r))
	return nil
}

// Selected returns the rows chosen by Select, in order.
func (m *Matrix) Selected() []int {
	rows := make([]int, len(m.selected))
	for k, r := range m.selected {
		rows[k] = int(r)
	}
	return rows
}

// reserve makes forced long enough for the pushes still to come: each
// push removes a node, which happens once at most until it is restored, and
// a search seeds at most one entry per primary column.
func (m *Matrix) reserve() {
	if need := len(m.nodes) + m.primary; len(m.forced) < need {
		f := make([]uint32, need)
		copy(f, m.forced[:m.nforced])
		m.forced = f
	}
}

// coverRow covers the columns of the row of node r, in the row's order:
// it marks the columns covered and takes every other row that meets one of
// them out of the columns it is in. Unlike Knuth's cover, it leaves the
// row itself in place: its columns are covered, so no search walks them,
// and it saves unlinking and relinking the row at every step.
func (m *Matrix) coverRow(r uint32) {
	nodes, size, forced := m.nodes, m.size, m.forced
	nf := m.nforced
	first, end := m.rowBounds(r)
	for k := first; k < end; k++ {
		h := nodes[k].col
		if int(h) < m.primary {
			size[h] += coveredBias
			m.live--
		}
		for i := nodes[h].down; i != h; i = nodes[i].down {
			if i == k {
				continue
			}
			for j := nodes[i].right; j != i; j = nodes[j].right {
				u, d := nodes[j].up, nodes[j].down
				nodes[u].down = d
				nodes[d].up = u
				c := nodes[j].col
				s := size[c] - 1
				size[c] = s
				if s <= 1 {
					forced[nf] = c
					nf++
					if s == 0 {
						m.empty++ // rare: kept out of a register
					}
				}
			}
		}
	}
	m.nforced = nf
}

// uncoverRow undoes coverRow(r), retracing it backwards: rows go back
// into their columns in the reverse order of their removal.
func (m *Matrix) uncoverRow(r uint32) {
	nodes, size := m.nodes, m.size
	nf := m.nforced
	first, end := m.rowBounds(r)
	for k := end; k > first; {
		k--
		h := nodes[k].col
		for i := nodes[h].up; i != h; i = nodes[i].up {
			if i == k {
				continue
			}
			for j := nodes[i].right; j != i; j = nodes[j].right {
				u, d := nodes[j].up, nodes[j].down
				nodes[u].down = j
				nodes[d].up = j
				c := nodes[j].col
				s := size[c]
				size[c] = s + 1
				if s <= 1 {
					nf--
					if s == 0 {
						m.empty--
					}
				}
			}
		}
		if int(h) < m.primary {
			size[h] -= coveredBias
			m.live++
		}
	}
	m.nforced = nf
}

// rowBounds returns the nodes [first, end) of the row of node i.
func (m *Matrix) rowBounds(i uint32) (first, end uint32) {
	r := m.rowOf[int(i)-m.columns]
	first, end = m.rowStart[r], uint32(len(m.nodes))
	if int(r)+1 < len(m.rowStart) {
		end = m.rowStart[r+1]
	}
	return first, end
}
