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
	all := p.Units()
	g := &geometry{units: make([]uint16, 0, len(all)*n), numUnits: len(all), peerAt: make([]int32, n2+1)}
	unitsOf := make([][]int, n2) // the units of each cell, only while building
	for u, cells := range all {
		for _, i := range cells {
			g.units = append(g.units, uint16(i))
			unitsOf[i] = append(unitsOf[i], u)
		}
	}
	// A standard or jigsaw cell has 2(N-1) row and column peers and up to
	// N-1 more in its region; extra units add some.
	g.peers = make([]uint16, 0, n2*(3*n-3))
	seen := make([]int, n2) // seen[q] == i+1: q is already a peer of i
	for i := range n2 {
		g.peerAt[i] = int32(len(g.peers))
		for _, u := range unitsOf[i] {
			for _, q := range g.units[u*n : (u+1)*n] {
				if int(q) != i && seen[q] != i+1 {
					seen[q] = i + 1
					g.peers = append(g.peers, q)
				}
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
