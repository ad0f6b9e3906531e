package exactcover

import (
	"context"
	"fmt"
)

// A matrix of quads (see quads) of at most smallNodes nodes, which takes
// in every sudoku up to 25x25, is searched on a compact copy of its links:
// uint16 indices into arrays of 1<<16 entries need no bounds checks, and
// each link is one load or store, its index scaled by the addressing mode
// (an array of 16-byte nodes costs a shift, and Go does not fold the
// address of a field of an 8-byte struct into a 16-bit load). That cuts
// the instructions of covering and uncovering, where the search spends
// most of its time. A 9x9 sudoku's links then take 20 KB, in L1 cache
// whatever their layout. The copy is made at the first Search after the
// matrix changes and m.nodes is never changed. Each search leaves the copy
// as it found it, so the next search of the matrix, whatever rows are
// selected, starts from the copy without making it again.
const smallNodes = 1 << 16

// small is the compact copy, 640 KB, allocated by a Matrix at its first
// search that fits and kept for the next. The links and sizes as load left
// them are kept apart too: a search puts them back by copying, far cheaper
// than uncovering the selected rows.
type small struct {
	up, down, col [smallNodes]uint16 // by node
	size          [smallNodes]uint32 // by column: the right field of its header

	up0, down0 []uint16 // up and down as loaded, by node
	size0      []uint32 // size as loaded, by column
}

// fitsSmall reports whether m is searched on a compact copy.
func (m *Matrix) fitsSmall() bool {
	return m.quads() && len(m.nodes) <= smallNodes
}

// load copies the links and the column sizes of m into s.
func (s *small) load(m *Matrix) {
	nodes := m.nodes[:min(len(m.nodes), smallNodes)]
	up, down, col := s.up[:len(nodes)], s.down[:len(nodes)], s.col[:len(nodes)]
	for i := range nodes {
		n := &nodes[i]
		up[i], down[i], col[i] = uint16(n.up), uint16(n.down), uint16(n.col)
	}
	for c, n := range m.nodes[:min(m.columns, smallNodes)] {
		s.size[c] = n.right
	}
	s.up0 = append(s.up0[:0], up...)
	s.down0 = append(s.down0[:0], down...)
	s.size0 = append(s.size0[:0], s.size[:min(m.columns, smallNodes)]...)
}

// reset puts back the links and sizes as load left them.
func (s *small) reset() {
	copy(s.up[:], s.up0)
	copy(s.down[:], s.down0)
	copy(s.size[:], s.size0)
}

// searchSmall is Search for a matrix that fitsSmall, once the path and
// the forced list are ready; see Search.
func (m *Matrix) searchSmall(ctx context.Context, visit func(rows []int) bool, path []level) (Stats, error) {
	var st Stats
	if m.small == nil {
		m.small = new(small)
	}
	s := m.small
	if !m.smallOK {
		s.load(m)
	}
	// Until the search has restored the copy: a visitor that panics
	// leaves it changed.
	m.smallOK = false
	for _, r := range m.selected {
		first, _ := m.rowNodes(int(r))
		m.coverSelected(uint16(first))
	}
	floor := uint32(m.nforced)
	m.empty = 0
	for c, n := range s.size[:min(m.primary, smallNodes)] {
		if n <= 1 {
			m.forced[m.nforced] = uint32(c)
			m.nforced++
			if n == 0 {
				m.empty++
			}
		}
	}
	done := ctx.Done()
	countdown := checkEvery

	for {
		if m.live == 0 {
			st.Solutions++
			if visit != nil && !visit(m.solution(path)) {
				m.restoreCopy()
				return st, nil
			}
		} else {
			st.Nodes++
			if countdown--; countdown == 0 {
				countdown = checkEvery
				select {
				case <-done:
					m.restoreCopy()
					return st, fmt.Errorf("exactcover: search stopped after %d nodes: %w", st.Nodes, ctx.Err())
				default:
				}
			}
			var c uint16
			var best uint32
			if m.empty == 0 {
				forced := m.forced[:m.nforced]
				for int(floor) < len(forced) && s.size[uint16(forced[floor])] > 1 {
					floor++
				}
				if int(floor) < len(forced) {
					c = uint16(forced[floor])
				} else {
					c = s.fewest(m.primary)
				}
				best = s.size[c]
			}
			if best > 0 {
				if best > 1 {
					st.Guesses++
				}
				r := s.down[c]
				path = append(path, level{uint32(r), floor})
				m.coverSmall(r)
				continue
			}
		}

		// Backtrack, as Search does.
		for {
			if len(path) == 0 {
				m.restoreCopy()
				return st, nil
			}
			top := len(path) - 1
			r := uint16(path[top].row)
			m.uncoverSmall(r)
			if r = s.down[r]; r == s.col[r] {
				path = path[:top]
				continue
			}
			path[top].row, floor = uint32(r), path[top].floor
			m.coverSmall(r)
			break
		}
	}
}

// restoreCopy ends a search on the copy: it puts the copy back as it was
// loaded, which it then marks as matching the matrix again, and the
// search's state as outside every search.
func (m *Matrix) restoreCopy() {
	m.small.reset()
	m.live, m.nforced, m.empty = m.primary, 0, 0
	m.smallOK = true
}

// fewest is Matrix.fewest on the copy.
func (s *small) fewest(primary int) uint16 {
	c, best := 0, uint32(coveredBias)
	for h, n := range s.size[:min(primary, smallNodes)] {
		if n < best {
			c, best = h, n
			if n <= 2 {
				break
			}
		}
	}
	return uint16(c)
}

// coverSmall is coverRow on the copy. The nodes of a row other than i are
// found by arithmetic, in the order of the right links (so the forced
// list gets the same columns in the same order), rather than by following
// links: the three removals of a row do not wait on each other's loads.
func (m *Matrix) coverSmall(r uint16) {
	s := m.small
	nf := m.nforced
	first := r &^ 3
	for t := range uint16(4) {
		k := first | t
		h := s.col[k]
		if int(h) < m.primary {
			s.size[h] += coveredBias
			m.live--
		}
		for i := s.down[h]; i != k; i = s.down[i] {
			q := i &^ 3
			nf = m.removeSmall(s, q|(i+1)&3, nf)
			nf = m.removeSmall(s, q|(i+2)&3, nf)
			nf = m.removeSmall(s, q|(i+3)&3, nf)
		}
		for i := s.down[k]; i != h; i = s.down[i] {
			q := i &^ 3
			nf = m.removeSmall(s, q|(i+1)&3, nf)
			nf = m.removeSmall(s, q|(i+2)&3, nf)
			nf = m.removeSmall(s, q|(i+3)&3, nf)
		}
	}
	m.nforced = nf
}

// coverSelected is coverSmall for a selected row before the search: it
// leaves the forced list alone, since the search seeds it afterwards from
// the sizes, and restoreCopy, not uncoverSmall, undoes it.
func (m *Matrix) coverSelected(r uint16) {
	s := m.small
	first := r &^ 3
	for t := range uint16(4) {
		k := first | t
		h := s.col[k]
		if int(h) < m.primary {
			s.size[h] += coveredBias
			m.live--
		}
		for i := s.down[h]; i != k; i = s.down[i] {
			q := i &^ 3
			s.unlink(q | (i+1)&3)
			s.unlink(q | (i+2)&3)
			s.unlink(q | (i+3)&3)
		}
		for i := s.down[k]; i != h; i = s.down[i] {
			q := i &^ 3
			s.unlink(q | (i+1)&3)
			s.unlink(q | (i+2)&3)
			s.unlink(q | (i+3)&3)
		}
	}
}

// unlink takes node j out of its column for coverSelected.
func (s *small) unlink(j uint16) {
	u, d, c := s.up[j], s.down[j], s.col[j]
	s.down[u] = d
	s.up[d] = u
	s.size[c]--
}

// removeSmall takes node j out of its column for coverSmall, pushing the
// column on the forced list when it is left with one row or none. It
// returns the new length of the list.
func (m *Matrix) removeSmall(s *small, j uint16, nf int) int {
	u, d, c := s.up[j], s.down[j], s.col[j]
	s.down[u] = d
	s.up[d] = u
	z := s.size[c] - 1
	s.size[c] = z
	if z <= 1 {
		m.forced[nf] = uint32(c)
		nf++
		if z == 0 {
			m.empty++
		}
	}
	return nf
}

// uncoverSmall undoes coverSmall(r), as uncoverRow undoes coverRow.
func (m *Matrix) uncoverSmall(r uint16) {
	s := m.small
	nf := m.nforced
	first := r &^ 3
	for t := uint16(4); t > 0; {
		t--
		k := first | t
		h := s.col[k]
		for i := s.up[h]; i != k; i = s.up[i] {
			q := i &^ 3
			nf = m.restoreSmall(s, q|(i+1)&3, nf)
			nf = m.restoreSmall(s, q|(i+2)&3, nf)
			nf = m.restoreSmall(s, q|(i+3)&3, nf)
		}
		for i := s.up[k]; i != h; i = s.up[i] {
			q := i &^ 3
			nf = m.restoreSmall(s, q|(i+1)&3, nf)
			nf = m.restoreSmall(s, q|(i+2)&3, nf)
			nf = m.restoreSmall(s, q|(i+3)&3, nf)
		}
		if int(h) < m.primary {
			s.size[h] -= coveredBias
			m.live++
		}
	}
	m.nforced = nf
}

// restoreSmall puts node j back into its column, undoing removeSmall.
func (m *Matrix) restoreSmall(s *small, j uint16, nf int) int {
	u, d, c := s.up[j], s.down[j], s.col[j]
	s.down[u] = j
	s.up[d] = j
	z := s.size[c]
	s.size[c] = z + 1
	if z <= 1 {
		nf--
		if z == 0 {
			m.empty--
		}
	}
	return nf
}
