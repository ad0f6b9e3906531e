package exactcover

import (
	"context"
	"fmt"
)

// Stats describe the work one search did.
type Stats struct {
	// Nodes counts the column choices: states in which the search picked
	// a column to branch on.
	Nodes int64
	// Guesses counts the choices among more than one row.
	Guesses int64
	// Solutions counts the solutions visited.
	Solutions int
}

// checkEvery is how many nodes the search expands between looks at its
// context: often enough to stop within a millisecond or so, rarely enough to
// cost nothing measurable.
const checkEvery = 4096

// Search visits every exact cover of m that contains the selected rows. It
// branches on an uncovered primary column with the fewest rows: a column
// left without rows ends the branch at once, columns left with one row are
// taken in the order they got there, and among columns with more rows the
// lowest numbered wins.
//
// visit, if not nil, gets the rows of each solution: the selected rows
// first, in the order of selection, then the rows the search chose. The
// slice is only valid during the call. Returning false stops the search.
// With a nil visit Search counts all the solutions.
//
// Search returns a nil error when the search space is exhausted or visit
// stops it, and an error wrapping ctx.Err() when ctx is done; it looks at
// ctx every few thousand nodes. Either way it leaves m as it found it, so m
// may be searched again. While the search runs, visit must not change m:
// AddRow, Select and Reset then fail. If visit panics, m must be Reset
// before it is used again.
func (m *Matrix) Search(ctx context.Context, visit func(rows []int) bool) (Stats, error) {
	var st Stats
	if m.searching {
		return st, fmt.Errorf("exactcover: Search called from its own visitor")
	}
	if err := ctx.Err(); err != nil {
		return st, fmt.Errorf("exactcover: search: %w", err)
	}
	m.init()
	// As outside every search, even one ended by a panicking visitor.
	m.live, m.nforced, m.empty = m.primary, 0, 0
	m.searching = true
	defer func() { m.searching = false }()
	done := ctx.Done()
	nodes, mask := m.links()
	_ = nodes[mask]

	// Every level covers at least one primary column, so the path is never
	// deeper than the primary column count.
	if cap(m.path) < m.primary {
		m.path = make([]level, 0, m.primary)
	}
	path := m.path[:0]
	m.reserve()
	if m.fitsSmall() {
		return m.searchSmall(ctx, visit, path)
	}

	// Cover the selected rows, then seed the forced list with the columns
	// left with at most one row; from here on coverRow and uncoverRow keep
	// it up to date. Entries of forced below floor belong to covered
	// columns.
	for _, r := range m.selected {
		first, _ := m.rowNodes(int(r))
		m.coverRow(first)
	}
	floor := uint32(m.nforced)
	m.empty = 0
	for c, h := range nodes[:m.primary] {
		if h.right <= 1 {
			m.forced[m.nforced] = uint32(c)
			m.nforced++
			if h.right == 0 {
				m.empty++
			}
		}
	}
	countdown := checkEvery

	for {
		// Expand the current state: report a solution or branch on the
		// column with the fewest rows.
		if m.live == 0 {
			st.Solutions++
			if visit != nil && !visit(m.solution(path)) {
				m.restore(path)
				return st, nil
			}
		} else {
			st.Nodes++
			if countdown--; countdown == 0 {
				countdown = checkEvery
				select {
				case <-done:
					m.restore(path)
					return st, fmt.Errorf("exactcover: search stopped after %d nodes: %w", st.Nodes, ctx.Err())
				default:
				}
			}
			var c, best uint32
			if m.empty == 0 {
				forced := m.forced[:m.nforced]
				// A live column on the list has at most one row; the
				// others are covered.
				for int(floor) < len(forced) && nodes[forced[floor]&mask].right > 1 {
					floor++
				}
				if int(floor) < len(forced) {
					c = forced[floor]
				} else {
					c = m.fewest()
				}
				best = nodes[c&mask].right
			}
			if best > 0 {
				if best > 1 {
					st.Guesses++
				}
				r := nodes[c&mask].down
				path = append(path, level{r, floor})
				m.coverRow(r)
				continue
			}
		}

		// Backtrack: move the deepest level to its column's next row,
		// dropping the levels whose rows are exhausted.
		for {
			if len(path) == 0 {
				m.restore(path)
				return st, nil
			}
			top := len(path) - 1
			r := path[top].row
			m.uncoverRow(r)
			if r = nodes[r&mask].down; r == nodes[r&mask].col {
				path = path[:top]
				continue
			}
			path[top].row, floor = r, path[top].floor
			m.coverRow(r)
			break
		}
	}
}

// fewest returns the live primary column with the fewest rows, the lowest
// numbered on ties. There must be one, and none with fewer than two rows:
// the forced list has those.
func (m *Matrix) fewest() uint32 {
	c, best := 0, uint32(coveredBias)
	for h, n := range m.nodes[:m.primary] {
		if s := n.right; s < best {
			c, best = h, s
			if s <= 2 {
				break
			}
		}
	}
	return uint32(c)
}

// A level is one step of the search's path.
type level struct {
	row   uint32 // the node of the row chosen
	floor uint32 // where the level's scan of forced started
}

// solution returns the selected rows followed by the rows on path.
func (m *Matrix) solution(path []level) []int {
	out := m.out[:0]
	for _, r := range m.selected {
		out = append(out, int(r))
	}
	for _, l := range path {
		out = append(out, m.rowOf(l.row))
	}
	m.out = out
	return out
}

// restore undoes the covers of every level of path, deepest first, then
// those of the selected rows: the matrix is then as before the search.
func (m *Matrix) restore(path []level) {
	for k := len(path) - 1; k >= 0; k-- {
		m.uncoverRow(path[k].row)
	}
	for k := len(m.selected) - 1; k >= 0; k-- {
		first, _ := m.rowNodes(int(m.selected[k]))
		m.uncoverRow(first)
	}
	m.nforced, m.empty = 0, 0
}
