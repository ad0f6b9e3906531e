package exactcover

import (
	"errors"
	"fmt"
	"math/bits"
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
	// order, each row's contiguous. The rows come in batches of rows of
	// equal width, which number rows and nodes alike: see rowOf.
	nodes   []node
	batches []batch
	rows    int
	// The size of column c, the right link of its header (see node),
	// counts the rows left in the column, plus secondaryBias for a
	// secondary column and coveredBias for a covered primary one: only live
	// primary columns look nearly empty, and the search finds the one with
	// the fewest rows by scanning sizes alone.
	live int // primary columns not covered

	// forced[:nforced] lists the primary columns whose size fell to 1 or
	// 0, in the order it happened: the search takes its forced moves from
	// here instead of scanning every column. Each entry is pushed by a row
	// removal and popped by the reinsertion that undoes it, so the list
	// unwinds with the search. Entries for covered columns are stale.
	// The buffer is kept long enough for every push (see reserve). Outside
	// Search the list is empty.
	forced  []uint32
	nforced int
	empty   int // live primary columns with no rows left

	// Select only records its rows: Search covers them when it starts and
	// uncovers them when it ends, so that outside Search the links are
	// always those of the rows as added, and selecting other rows for the
	// next search costs no more than the first.
	covered  []bool   // by column: covered by a selected row
	selected []uint32 // rows chosen by Select, in order
	seen     []uint32 // by column: stamp of the last checkRow naming it
	stamp    uint32   // counts checkRow calls, to catch repeated columns

	path      []level // search stack
	small     *small  // the compact copy searched, when the matrix fits
	smallOK   bool    // small holds the links of nodes, as after load
	out       []int   // rows handed to the visitor
	searching bool    // a Search is running: the matrix must not change
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
//
// A header has no row, so its right link holds its column's size instead:
// the loops that update sizes then need no second array, and the registers
// it would take.
type node struct {
	up, down uint32
	right    uint32 // next node of the row, circularly; a header's size
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
	m.nodes = m.nodes[:0]
	// The rows start at a multiple of 4, after unused nodes if need be,
	// so that rows of 4 are aligned: see quads.
	m.reserveNodes(n + 3)
	m.nodes = m.nodes[:(n+3)&^3]
	clear(m.nodes[n:])
	m.live = primary
	m.covered = resize(m.covered, n)
	clear(m.covered)
	m.batches, m.rows = m.batches[:0], 0
	m.selected = m.selected[:0]
	m.smallOK = false
	m.nforced = 0
	m.empty = 0
	for c := range m.nodes[:n] {
		h := uint32(c)
		m.nodes[c] = node{up: h, down: h, col: h}
		if c >= primary {
			m.nodes[c].right = secondaryBias
		}
	}
	return nil
}

// init makes the zero Matrix a matrix with no columns.
func (m *Matrix) init() {
	if m.nodes == nil {
		m.Reset(0, 0)
	}
}

// reserveNodes makes room in m.nodes for n nodes in all. Search and link
// index nodes with indices masked by cap(m.nodes)-1, a no-op for indices
// in range that lets the compiler drop its bounds checks (see links): so
// cap(m.nodes) is a power of two.
func (m *Matrix) reserveNodes(n int) {
	n = max(n, 1) // so that the mask, cap(m.nodes)-1, is not negative
	if n <= cap(m.nodes) {
		return
	}
	nodes := make([]node, len(m.nodes), 1<<bits.Len(uint(n-1)))
	copy(nodes, m.nodes)
	m.nodes = nodes
}

// links returns the nodes for the search's loops, and the mask that keeps
// node indices in range. The slice is mask+1 long: callers say so with
// _ = nodes[mask], after which nodes[i&mask] needs no bounds check.
func (m *Matrix) links() (nodes []node, mask uint32) {
	nodes = m.nodes[:cap(m.nodes)]
	return nodes, uint32(len(nodes) - 1)
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
func (m *Matrix) NumRows() int { return m.rows }

// AddRow adds a row with a 1 in each of the given columns and returns its
// index. A row must name at least one primary column, since the search
// only ever picks rows through a primary column, and name each column at
// most once. Rows cannot be added once a row has been selected.
func (m *Matrix) AddRow(cols ...int) (int, error) {
	if len(cols) == 0 {
		return m.rows, errors.New("exactcover: row has no columns")
	}
	return m.AddRows(len(cols), cols)
}

// AddRows adds rows of width columns each, as many as cols holds: row k
// has a 1 in each of cols[k*width:(k+1)*width]. It returns the index of
// the first. The rows must be valid rows for AddRow; if one is not, AddRows
// adds none of them. Building a matrix of many short rows this way skips
// most of the per-row cost of AddRow.
func (m *Matrix) AddRows(width int, cols []int) (int, error) {
	r := m.rows
	if m.searching || len(m.selected) > 0 || m.nodes == nil {
		if err := m.canAddRow(); err != nil {
			return r, err
		}
	}
	if width <= 0 || len(cols)%width != 0 {
		return r, fmt.Errorf("exactcover: %d columns do not make rows of %d", len(cols), width)
	}
	first := len(m.nodes)
	end := first + len(cols)
	if end >= maxNodes {
		return r, errors.New("exactcover: matrix is too large")
	}
	rows := len(cols) / width
	if m.primary < m.columns && !m.rowsHavePrimary(width, cols) {
		return r, m.rowsError(r, width, cols)
	}
	if rows == 0 {
		return r, nil
	}

	if end > cap(m.nodes) {
		m.reserveNodes(end)
	}
	m.nodes = m.nodes[:end]
	m.smallOK = false
	if x := m.link(first, width, cols); x < len(cols) {
		m.unlink(first, x)
		return r, m.rowsError(r, width, cols)
	}
	// Close the rows: each last node links back to the first.
	nodes, mask := m.links()
	_ = nodes[mask]
	for start := uint32(first); start < uint32(end); start += uint32(width) {
		nodes[(start+uint32(width)-1)&mask].right = start
	}
	if k := len(m.batches) - 1; k < 0 || m.batches[k].width != uint32(width) {
		m.batches = append(m.batches, batch{node: uint32(first), row: uint32(r), width: uint32(width)})
	}
	m.rows += rows
	return r, nil
}

// link links nodes first, first+1, ... into the columns cols, each to the
// next, for AddRows. It checks the columns on the way and stops at the
// first one out of range or already in its row: one whose last node is
// in the row being linked, as headers come before every row's nodes. It
// returns how many nodes it linked. The caller closes the rows.
func (m *Matrix) link(first, width int, cols []int) int {
	nodes, mask := m.links()
	_ = nodes[mask]
	columns := uint(m.columns)
	start, next := uint32(first), uint32(first+width)
	for x, c := range cols {
		i, h := uint32(first+x), uint32(c)
		if i == next {
			start, next = i, i+uint32(width)
		}
		up := nodes[h&mask].up
		if uint(c) >= columns || up >= start {
			return x
		}
		nodes[i&mask] = node{up: up, down: h, right: i + 1, col: h}
		nodes[up&mask].down = i
		nodes[h&mask].up = i
		nodes[h&mask].right++
	}
	return len(cols)
}

// unlink undoes the linking of the n nodes from first on, last first, for
// AddRows, and drops them.
func (m *Matrix) unlink(first, n int) {
	nodes := m.nodes
	for i := first + n - 1; i >= first; i-- {
		up, h := nodes[i].up, nodes[i].col
		nodes[up].down = h
		nodes[h].up = up
		nodes[h].right--
	}
	m.nodes = m.nodes[:first]
}

// rowsHavePrimary reports whether every row of width columns in cols has
// a primary column, if their columns are in range.
func (m *Matrix) rowsHavePrimary(width int, cols []int) bool {
	for len(cols) >= width {
		ok := false
		for _, c := range cols[:width] {
			ok = ok || uint(c) < uint(m.primary)
		}
		if !ok {
			return false
		}
		cols = cols[width:]
	}
	return true
}

// rowsError returns the error of the first invalid row of width columns in
// cols, numbered from r.
func (m *Matrix) rowsError(r, width int, cols []int) error {
	for k := range len(cols) / width {
		if err := m.checkRow(r+k, cols[k*width:(k+1)*width]); err != nil {
			return err
		}
	}
	return errors.New("exactcover: invalid rows") // not reached
}

// canAddRow reports why no row can be added now, if none can, and makes
// the zero Matrix ready for rows. AddRows calls it only when something is
// unusual, to keep its common path short.
func (m *Matrix) canAddRow() error {
	if m.searching {
		return errSearching
	}
	if len(m.selected) > 0 {
		return errors.New("exactcover: AddRow after Select")
	}
	m.init()
	return nil
}

// checkRow reports why cols cannot be row r, if they cannot.
func (m *Matrix) checkRow(r int, cols []int) error {
	// Stamps only grow, so seen needs no clearing between matrices.
	if m.stamp++; m.stamp == 0 { // wrapped: forget old stamps
		clear(m.seen[:cap(m.seen)])
		m.stamp = 1
	}
	m.seen = resize(m.seen, m.columns)
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
	if r < 0 || r >= m.rows {
		return nil
	}
	first, end := m.rowNodes(r)
	cols := make([]int, 0, end-first)
	for i := first; i < end; i++ {
		cols = append(cols, int(m.nodes[i].col))
	}
	return cols
}

// Select puts row r into every solution, as a puzzle's givens are: the
// search covers its columns and removes the rows that share a column with
// it. Selecting a row that clashes with an earlier selection is an error
// and changes nothing.
func (m *Matrix) Select(r int) error {
	if m.searching {
		return errSearching
	}
	if r < 0 || r >= m.rows {
		return fmt.Errorf("exactcover: select row %d: out of range [0, %d)", r, m.rows)
	}
	first, end := m.rowNodes(r)
	row, covered := m.nodes[first:end], m.covered
	for _, n := range row {
		if covered[n.col] {
			return fmt.Errorf("exactcover: select row %d: column %d is already covered", r, n.col)
		}
	}
	for _, n := range row {
		covered[n.col] = true
	}
	m.selected = append(m.selected, uint32(r))
	return nil
}

// Deselect undoes every Select, so that the matrix can be searched again
// with other rows selected: a caller that solves many problems of one
// shape, such as sudokus of one size, builds the matrix once and selects
// each problem's givens in turn.
func (m *Matrix) Deselect() error {
	if m.searching {
		return errSearching
	}
	if len(m.selected) > 0 {
		clear(m.covered)
		m.selected = m.selected[:0]
	}
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
//
// The rows of a column are taken out top to bottom, skipping the row's
// own node k: the rows above k, then those below. The same loop body is
// written twice because a loop variable for the stopping node costs a
// register, and the compiler spills others to make room. Unlike the rest
// of the package, these loops keep their bounds checks rather than mask
// indices (see links): the checks are off the chain of dependent loads
// that bounds their speed, a mask is on it, and measured slower here.
func (m *Matrix) coverRow(r uint32) {
	nodes := m.nodes
	nf := m.nforced
	first, end := rowBounds(nodes, r)
	for k := first; k < end; k++ {
		h := nodes[k].col
		if int(h) < m.primary {
			nodes[h].right += coveredBias
			m.live--
		}
		for i := nodes[h].down; i != k; i = nodes[i].down {
			for j := nodes[i].right; j != i; {
				n := &nodes[j]
				u, d := n.up, n.down
				nodes[u].down = d
				nodes[d].up = u
				c := n.col
				j = n.right
				s := nodes[c].right - 1
				nodes[c].right = s
				if s <= 1 {
					m.forced[nf] = c
					nf++
					if s == 0 {
						m.empty++ // rare: kept out of a register
					}
				}
			}
		}
		for i := nodes[k].down; i != h; i = nodes[i].down {
			for j := nodes[i].right; j != i; {
				n := &nodes[j]
				u, d := n.up, n.down
				nodes[u].down = d
				nodes[d].up = u
				c := n.col
				j = n.right
				s := nodes[c].right - 1
				nodes[c].right = s
				if s <= 1 {
					m.forced[nf] = c
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
// into their columns in the reverse order of their removal, the order of
// the nodes within a row does not matter.
func (m *Matrix) uncoverRow(r uint32) {
	nodes := m.nodes
	nf := m.nforced
	first, end := rowBounds(nodes, r)
	for k := end; k > first; {
		k--
		h := nodes[k].col
		for i := nodes[h].up; i != k; i = nodes[i].up {
			for j := nodes[i].right; j != i; {
				n := &nodes[j]
				u, d := n.up, n.down
				nodes[u].down = j
				nodes[d].up = j
				c := n.col
				j = n.right
				s := nodes[c].right
				nodes[c].right = s + 1
				if s <= 1 {
					nf--
					if s == 0 {
						m.empty--
					}
				}
			}
		}
		for i := nodes[k].up; i != h; i = nodes[i].up {
			for j := nodes[i].right; j != i; {
				n := &nodes[j]
				u, d := n.up, n.down
				nodes[u].down = j
				nodes[d].up = j
				c := n.col
				j = n.right
				s := nodes[c].right
				nodes[c].right = s + 1
				if s <= 1 {
					nf--
					if s == 0 {
						m.empty--
					}
				}
			}
		}
		if int(h) < m.primary {
			nodes[h].right -= coveredBias
			m.live++
		}
	}
	m.nforced = nf
}

// quads reports whether every row of m has four nodes, each row starting
// at a multiple of 4, as a sudoku's rows do: then a row's other nodes are
// found by arithmetic (see coverSmall).
func (m *Matrix) quads() bool {
	return len(m.batches) == 1 && m.batches[0].width == 4 && m.batches[0].node%4 == 0
}

// A batch is a run of rows of one width added one after another, up to
// the next batch: row b.row+k has the nodes from b.node+k*b.width on.
type batch struct {
	node, row, width uint32
}

// rowOf returns the row of node i, which must be a row's node.
func (m *Matrix) rowOf(i uint32) int {
	bs := m.batches
	lo, hi := 0, len(bs) // the batch is the last one starting at or before i
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if bs[mid].node <= i {
			lo = mid
		} else {
			hi = mid
		}
	}
	b := bs[lo]
	return int(b.row + (i-b.node)/b.width)
}

// rowNodes returns the nodes [first, end) of row r, which must exist.
func (m *Matrix) rowNodes(r int) (first, end uint32) {
	bs := m.batches
	lo, hi := 0, len(bs) // the batch is the last one starting at or before r
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if int(bs[mid].row) <= r {
			lo = mid
		} else {
			hi = mid
		}
	}
	b := bs[lo]
	first = b.node + (uint32(r)-b.row)*b.width
	return first, first + b.width
}

// rowBounds returns the nodes [first, end) of the row of node i: the
// row's last node is the one whose right link goes back.
func rowBounds(nodes []node, i uint32) (first, end uint32) {
	for {
		j := nodes[i].right
		if j <= i {
			return j, i + 1
		}
		i = j
	}
}
