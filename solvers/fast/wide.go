package fast

import (
	"context"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// The wide engine solves the grids other than 9x9 (4x4, 16x16, 25x25),
// with any regions and extra units. A cell's candidates are one uint32,
// bit d for digit d+1, so a unit's hidden singles come from two masks
// folded over its cells: the digits seen once and those seen twice.

// placed marks, in a cell's mask, a solved cell whose digit has already
// been removed from its peers.
const placed = 1 << 31

// A wideTopology holds the units and peers of one grid layout, built once
// and read-only during the search.
type wideTopology struct {
	n     int    // grid side
	all   uint32 // one bit per digit
	units []int16
	// units[u*n:u*n+n] are the cells of unit u: the rows, columns and
	// regions, then the extra units.
	numUnits int
	peers    []int16 // peers[peerAt[c]:peerAt[c+1]] share a unit with cell c
	peerAt   []int32
	unitsOf  []int32 // unitsOf[unitAt[c]:unitAt[c+1]] are cell c's units
	unitAt   []int32
}

// newWideTopology returns the units and peers of p's grid.
func newWideTopology(p *solvers.Puzzle) *wideTopology {
	n := p.Size()
	cells := n * n
	units := p.Units()
	t := &wideTopology{
		n:        n,
		all:      1<<n - 1,
		units:    make([]int16, 0, len(units)*n),
		numUnits: len(units),
		peerAt:   make([]int32, cells+1),
		unitAt:   make([]int32, cells+1),
	}
	memberOf := make([][]int32, cells)
	for u, unit := range units {
		for _, c := range unit {
			t.units = append(t.units, int16(c))
			memberOf[c] = append(memberOf[c], int32(u))
		}
	}
	seen := make([]int, cells) // last cell + 1 that listed the peer
	for c := range cells {
		for _, u := range memberOf[c] {
			t.unitsOf = append(t.unitsOf, u)
			for _, q := range units[u] {
				if q != c && seen[q] != c+1 {
					seen[q] = c + 1
					t.peers = append(t.peers, int16(q))
				}
			}
		}
		t.unitAt[c+1] = int32(len(t.unitsOf))
		t.peerAt[c+1] = int32(len(t.peers))
	}
	return t
}

// A wideSolver is the mutable context of one Search of a wide grid. A
// state is a slice of one mask per cell followed by the count of cells not
// yet placed; the search keeps one state per depth and reuses them.
type wideSolver struct {
	t      *wideTopology
	tally  solvers.Tally
	states [][]uint32 // by depth
	queue  []int16    // solved cells whose digit is still to remove from their peers
	grid   solvers.Grid
}

// wideSearch visits the solutions of p, whose givens do not clash, on the
// layout t.
func wideSearch(ctx context.Context, t *wideTopology, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	cells := t.n * t.n
	w := &wideSolver{t: t, tally: solvers.NewTally(ctx, "fast", opts), grid: make(solvers.Grid, cells)}
	st := w.state(0)
	for c := range cells {
		st[c] = t.all
	}
	st[cells] = uint32(cells)
	for c := range cells {
		if v := p.Cell(c); v != 0 {
			w.assign(st, c, 1<<(v-1))
		}
	}
	w.search(0)
	return w.tally.Result()
}

// state returns the state of depth d, allocating it on first use.
func (w *wideSolver) state(d int) []uint32 {
	for len(w.states) <= d {
		w.states = append(w.states, make([]uint32, w.t.n*w.t.n+1))
	}
	return w.states[d]
}

// search explores the state of depth d and everything below it.
func (w *wideSolver) search(d int) {
	st := w.state(d)
	cells := w.t.n * w.t.n
	for {
		if w.tally.Node() {
			return
		}
		if !w.propagate(st) {
			return
		}
		if st[cells] == 0 {
			w.visit(st)
			return
		}
		c, digits := w.choose(st)
		w.tally.Stats.Guesses++
		// Try all but the last digit on a copy one level down; the last
		// continues in st itself.
		child := w.state(d + 1)
		for digits&(digits-1) != 0 {
			bit := digits & -digits
			digits ^= bit
			copy(child, st)
			w.assign(child, c, bit)
			w.search(d + 1)
			if w.tally.Stop {
				return
			}
		}
		w.assign(st, c, digits)
	}
}

// assign sets cell c of st to the digit bit, one of its candidates, and
// queues it for propagate.
func (w *wideSolver) assign(st []uint32, c int, bit uint32) {
	st[c] = bit
	w.queue = append(w.queue, int16(c))
}

// propagate removes the digits of the queued cells from their peers and
// fills naked and hidden singles until neither finds more. It reports
// false when a cell or a unit runs out of candidates.
func (w *wideSolver) propagate(st []uint32) bool {
	t := w.t
	n, all := t.n, t.all
	left := &st[n*n]
	for {
		for len(w.queue) > 0 {
			c := w.queue[len(w.queue)-1]
			w.queue = w.queue[:len(w.queue)-1]
			m := st[c]
			if m&placed != 0 {
				continue
			}
			st[c] = m | placed
			*left--
			for _, q := range t.peers[t.peerAt[c]:t.peerAt[c+1]] {
				x := st[q]
				if x&m == 0 {
					continue
				}
				x &^= m
				st[q] = x
				if x&all == 0 {
					w.queue = w.queue[:0]
					return false
				}
				if x&(x-1) == 0 {
					w.queue = append(w.queue, q)
				}
			}
		}
		if *left == 0 {
			return true
		}
		// Hidden singles: a digit seen once in a unit, not yet solved there.
		found := false
		for u := 0; u < t.numUnits; u++ {
			unit := t.units[u*n : u*n+n]
			var once, twice, solved uint32
			for _, c := range unit {
				m := st[c]
				solved |= m & -(m >> 31)
				m &= all
				twice |= once & m
				once |= m
			}
			if once != all {
				w.queue = w.queue[:0]
				return false
			}
			hidden := once &^ twice &^ solved
			if hidden == 0 {
				continue
			}
			for _, c := range unit {
				m := st[c]
				x := m & hidden
				if x == 0 || x == m {
					continue
				}
				if x&(x-1) != 0 { // two digits need this one cell
					w.queue = w.queue[:0]
					return false
				}
				w.assign(st, int(c), x)
				found = true
			}
		}
		if !found {
			return true
		}
	}
}

// choose returns an unsolved cell with the fewest candidates and its
// candidates.
func (w *wideSolver) choose(st []uint32) (int, uint32) {
	best, bestCount := -1, 33
	for c, m := range st[:w.t.n*w.t.n] {
		if m&placed != 0 {
			continue
		}
		if k := bits.OnesCount32(m); k < bestCount {
			best, bestCount = c, k
			if k == 2 {
				break
			}
		}
	}
	return best, st[best]
}

// visit hands the solved state st to the tally.
func (w *wideSolver) visit(st []uint32) {
	for c := range w.grid {
		w.grid[c] = uint8(bits.TrailingZeros32(st[c]) + 1)
	}
	w.tally.Solution(w.grid)
}
