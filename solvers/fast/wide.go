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
	region   []uint8 // of each cell

	// The locked candidates work on segments, the non-empty
	// intersections of a line (row or column) and a region: every line
	// and every region is split into segments, a region twice (by rows
	// and by columns). segCells[segAt[s]:segAt[s+1]] are segment s's
	// cells.
	segCells []int16
	segAt    []int32
	// splits[splitAt[k]:splitAt[k+1]] are the parts of split k, a line or
	// region cut into segments; each names the unit that crosses the
	// whole there: the region of a line's segment, the line of a
	// region's.
	splits  []part
	splitAt []int32
	whole   []int32 // the unit split k cuts
}

// A part is one segment of a split.
type part struct {
	seg   int32
	cross int32
}

// newWideTopology returns the units, peers and segments of p's grid.
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
		region:   p.Regions(),
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
			for _, q := range units[u] {
				if q != c && seen[q] != c+1 {
					seen[q] = c + 1
					t.peers = append(t.peers, int16(q))
				}
			}
		}
		t.peerAt[c+1] = int32(len(t.peers))
	}
	t.splitLines()
	return t
}

// splitLines cuts every line by the regions and every region by the
// lines, filling the segments and splits.
func (t *wideTopology) splitLines() {
	n := t.n
	// seg[l][g] is the segment of line l (rows, then columns) and
	// region g, -1 while empty.
	seg := make([][]int32, 2*n)
	var members [][]int16
	for l := range seg {
		seg[l] = make([]int32, n)
		for g := range seg[l] {
			seg[l][g] = -1
		}
		for _, c := range t.units[l*n : l*n+n] {
			g := t.region[c]
			if seg[l][g] < 0 {
				seg[l][g] = int32(len(members))
				members = append(members, nil)
			}
			members[seg[l][g]] = append(members[seg[l][g]], c)
		}
	}
	t.segAt = []int32{0}
	for _, m := range members {
		t.segCells = append(t.segCells, m...)
		t.segAt = append(t.segAt, int32(len(t.segCells)))
	}
	t.splitAt = []int32{0}
	end := func(whole int) {
		t.whole = append(t.whole, int32(whole))
		t.splitAt = append(t.splitAt, int32(len(t.splits)))
	}
	for l := range 2 * n { // a line by the regions, in region order
		for g, s := range seg[l] {
			if s >= 0 {
				t.splits = append(t.splits, part{seg: s, cross: int32(2*n + g)})
			}
		}
		end(l)
	}
	for g := range n { // a region by the rows, then by the columns
		for _, lines := range [2]int{0, n} {
			for l := lines; l < lines+n; l++ {
				if s := seg[l][g]; s >= 0 {
					t.splits = append(t.splits, part{seg: s, cross: int32(l)})
				}
			}
			end(2*n + g)
		}
	}
}

// inUnit reports whether cell c is in unit u, a row, column or region.
func (t *wideTopology) inUnit(c, u int) bool {
	n := t.n
	switch {
	case u < n:
		return c/n == u
	case u < 2*n:
		return c%n == u-n
	}
	return int(t.region[c]) == u-2*n
}

// A wideSolver is the mutable context of one Search of a wide grid. A
// state is a slice of one mask per cell followed by the count of cells not
// yet placed; the search keeps one state per depth and reuses them.
type wideSolver struct {
	t      *wideTopology
	tally  solvers.Tally
	states [][]uint32 // by depth
	queue  []int16    // solved cells whose digit is still to remove from their peers
	segOr  []uint32   // scratch of locked: each segment's candidates
	grid   solvers.Grid
	// A digit with two places in a unit, as the last search for hidden
	// singles found it; pairUnit is -1 when there is none.
	pairUnit  int
	pairDigit uint32
}

// A wideBranch is one alternative of a guess: digit bit in cell.
type wideBranch struct {
	cell int
	bit  uint32
}

// wideSearch visits the solutions of p, whose givens do not clash, on the
// layout t.
func wideSearch(ctx context.Context, t *wideTopology, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	cells := t.n * t.n
	w := &wideSolver{
		t:     t,
		tally: solvers.NewTally(ctx, "fast", opts),
		segOr: make([]uint32, len(t.segAt)-1),
		grid:  make(solvers.Grid, cells),
	}
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
	var alt [solvers.MaxSize]wideBranch
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
		bs := w.choose(st, alt[:0])
		w.tally.Stats.Guesses++
		// Try all but the last wideBranch on a copy one level down; the last
		// continues in st itself.
		child := w.state(d + 1)
		for _, b := range bs[:len(bs)-1] {
			copy(child, st)
			w.assign(child, b.cell, b.bit)
			w.search(d + 1)
			if w.tally.Stop {
				return
			}
		}
		last := bs[len(bs)-1]
		w.assign(st, last.cell, last.bit)
	}
}

// choose appends to bs the branches of the next guess: a cell with two
// candidates, else a digit with two places in a unit, else a cell with the
// fewest candidates.
func (w *wideSolver) choose(st []uint32, bs []wideBranch) []wideBranch {
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
	if bestCount > 2 && w.pairUnit >= 0 {
		n := w.t.n
		for _, c := range w.t.units[w.pairUnit*n : w.pairUnit*n+n] {
			if st[c]&w.pairDigit != 0 {
				bs = append(bs, wideBranch{int(c), w.pairDigit})
			}
		}
		return bs
	}
	for m := st[best]; m != 0; m &= m - 1 {
		bs = append(bs, wideBranch{best, m & -m})
	}
	return bs
}

// visit hands the solved state st to the tally.
func (w *wideSolver) visit(st []uint32) {
	for c := range w.grid {
		w.grid[c] = uint8(bits.TrailingZeros32(st[c]) + 1)
	}
	w.tally.Solution(w.grid)
}
