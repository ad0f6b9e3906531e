package propagate

import "github.com/sudoku-judge/sudoku-judge/solvers"

// geometry holds the units and peers of every cell of one puzzle. Regions
// and extra units vary from puzzle to puzzle, so it is built per search, in
// O(N^3), as flat tables the search reads without indirection.
type geometry struct {
	// units lists every unit, N cells each: rows, columns, regions, then
	// the extra units, as [solvers.Puzzle.Units] orders them.
	units    []uint16
	numUnits int
	// peers lists, for each cell, the other cells sharing a unit with it:
	// the peers of cell i are peers[peerAt[i]:peerAt[i+1]].
	peers  []uint16
	peerAt []int32
}

func newGeometry(p *solvers.Puzzle) *geometry {
	n := p.Size()
	n2 := n * n
	extra := p.ExtraUnits() // empty, without allocating, for most puzzles
	g := &geometry{
		units:    make([]uint16, (3*n+len(extra))*n),
		numUnits: 3*n + len(extra),
		peerAt:   make([]int32, n2+1),
	}
	var fill [solvers.MaxSize]int // cells placed so far in each region
	for i := range n2 {
		r, c := i/n, i%n
		g.units[r*n+c] = uint16(i)
		g.units[n2+c*n+r] = uint16(i)
		reg := p.Region(i)
		g.units[2*n2+reg*n+fill[reg]] = uint16(i)
		fill[reg]++
	}
	// extraOf lists the extra units of each cell, only when there are any.
	var extraOf [][]int
	if len(extra) > 0 {
		extraOf = make([][]int, n2)
		for x, u := range extra {
			for k, i := range u.Cells {
				g.units[(3*n+x)*n+k] = uint16(i)
				extraOf[i] = append(extraOf[i], 3*n+x)
			}
		}
	}
	// A standard or jigsaw cell has 2(N-1) row and column peers and up to
	// N-1 more in its region; extra units add some.
	g.peers = make([]uint16, 0, n2*(3*n-3))
	seen := make([]int, n2) // seen[q] == i+1: q is already a peer of i
	addPeers := func(i, u int) {
		for _, q := range g.units[u*n : (u+1)*n] {
			if int(q) != i && seen[q] != i+1 {
				seen[q] = i + 1
				g.peers = append(g.peers, q)
			}
		}
	}
	for i := range n2 {
		g.peerAt[i] = int32(len(g.peers))
		for _, u := range [3]int{i / n, n + i%n, 2*n + p.Region(i)} {
			addPeers(i, u)
		}
		if extraOf != nil {
			for _, u := range extraOf[i] {
				addPeers(i, u)
			}
		}
	}
	g.peerAt[n2] = int32(len(g.peers))
	return g
}

// peersOf returns the peers of cell c.
func (g *geometry) peersOf(c uint16) []uint16 {
	return g.peers[g.peerAt[c]:g.peerAt[c+1]]
}
