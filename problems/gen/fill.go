package gen

import (
	"math/bits"
	"math/rand/v2"
)

// A filler completes a grid by randomized backtracking. At each step it
// branches on the tightest choice: the empty cell with the fewest candidate
// digits, or the digit missing from a row, column or region with the fewest
// places left in it, trying the options in random order. The second kind
// matters on jigsaw layouts, where a digit squeezed out of a region is the
// usual dead end. The filler gives up after maxNodes search nodes, because a
// few random choices can lead into a subtree without solutions that takes
// very long to exhaust; restarting with new random choices is cheaper.
type filler struct {
	size     int
	regions  []uint8
	units    [][]int // rows, columns, regions
	grid     []uint8
	cand     []uint32 // scratch: candidates per cell, valid inside tightest
	row, col []uint32 // digits used per row and column, bit v-1 for digit v
	reg      []uint32 // digits used per region
	rng      *rand.Rand
	nodes    int
	maxNodes int
}

func newFiller(rng *rand.Rand, size int, regions []uint8, maxNodes int) *filler {
	units := make([][]int, 3*size)
	for i := range size * size {
		r, c := i/size, i%size
		units[r] = append(units[r], i)
		units[size+c] = append(units[size+c], i)
		units[2*size+int(regions[i])] = append(units[2*size+int(regions[i])], i)
	}
	return &filler{
		size:     size,
		regions:  regions,
		units:    units,
		grid:     make([]uint8, size*size),
		cand:     make([]uint32, size*size),
		row:      make([]uint32, size),
		col:      make([]uint32, size),
		reg:      make([]uint32, size),
		rng:      rng,
		maxNodes: maxNodes,
	}
}

// flip adds digit v at cell i to the used sets, or removes it again.
func (f *filler) flip(i int, v uint8) {
	m := uint32(1) << (v - 1)
	f.row[i/f.size] ^= m
	f.col[i%f.size] ^= m
	f.reg[f.regions[i]] ^= m
}

func (f *filler) candidates(i int) uint32 {
	all := uint32(1)<<f.size - 1
	return all &^ (f.row[i/f.size] | f.col[i%f.size] | f.reg[f.regions[i]])
}

// A move is one option at a branch point: digit v in cell i.
type move struct {
	i int
	v uint8
}

// fill completes f.grid, reporting whether it succeeded within the node
// budget. On failure the grid is left as it was.
func (f *filler) fill() bool {
	f.nodes++
	if f.nodes > f.maxNodes {
		return false
	}
	moves, done := f.tightest()
	if done {
		return true
	}
	f.rng.Shuffle(len(moves), func(a, b int) { moves[a], moves[b] = moves[b], moves[a] })
	for _, m := range moves {
		f.grid[m.i] = m.v
		f.flip(m.i, m.v)
		if f.fill() {
			return true
		}
		f.flip(m.i, m.v)
		f.grid[m.i] = 0
		if f.nodes > f.maxNodes {
			return false
		}
	}
	return false
}

// tightest returns the options of the tightest choice, none at a dead end,
// and done when the grid is full.
func (f *filler) tightest() (moves []move, done bool) {
	bestCell, bestCount := -1, f.size+1
	cand := f.cand
	for i, v := range f.grid {
		if v != 0 {
			cand[i] = 0
			continue
		}
		cand[i] = f.candidates(i)
		if n := bits.OnesCount32(cand[i]); n < bestCount {
			bestCell, bestCount = i, n
		}
	}
	if bestCell < 0 {
		return nil, true
	}
	if bestCount == 0 {
		return nil, false
	}
	bestUnit, bestDigit := -1, uint8(0)
	if bestCount > 1 {
		for u, unit := range f.units {
			var places [32]int
			for _, i := range unit {
				for c := cand[i]; c != 0; c &= c - 1 {
					places[bits.TrailingZeros32(c)]++
				}
			}
			used := f.usedIn(u)
			for d := range f.size {
				if used&(1<<d) != 0 {
					continue
				}
				if places[d] == 0 {
					return nil, false
				}
				if places[d] < bestCount {
					bestUnit, bestDigit, bestCount = u, uint8(d+1), places[d]
				}
			}
		}
	}
	if bestUnit < 0 {
		for c := cand[bestCell]; c != 0; c &= c - 1 {
			moves = append(moves, move{bestCell, uint8(bits.TrailingZeros32(c)) + 1})
		}
		return moves, false
	}
	for _, i := range f.units[bestUnit] {
		if cand[i]&(1<<(bestDigit-1)) != 0 {
			moves = append(moves, move{i, bestDigit})
		}
	}
	return moves, false
}

// usedIn returns the digits already placed in unit u.
func (f *filler) usedIn(u int) uint32 {
	switch {
	case u < f.size:
		return f.row[u]
	case u < 2*f.size:
		return f.col[u-f.size]
	}
	return f.reg[u-2*f.size]
}
