package extra

import "github.com/sudoku-judge/sudoku-judge/solvers"

// Masks holds one bit mask per extra unit, bit d-1 set while digit d is
// missing from the unit, and the extra units of every cell.
type Masks struct {
	start []int32  // units[start[c]:start[c+1]] are cell c's extra units
	units []int32  // indices into free
	free  []uint32 // digits missing from each extra unit
}

// New returns the masks of p's extra units with p's givens taken, or nil
// when p has none. The givens must not clash.
func New(p *solvers.Puzzle) *Masks {
	extra := p.ExtraUnits()
	if len(extra) == 0 {
		return nil
	}
	n := p.Size()
	cells := n * n
	m := &Masks{start: make([]int32, cells+1), free: make([]uint32, len(extra))}
	for _, u := range extra {
		for _, c := range u.Cells {
			m.start[c+1]++
		}
	}
	for c := range cells {
		m.start[c+1] += m.start[c]
	}
	m.units = make([]int32, m.start[cells])
	next := append([]int32(nil), m.start[:cells]...)
	for x, u := range extra {
		m.free[x] = 1<<n - 1
		for _, c := range u.Cells {
			m.units[next[c]] = int32(x)
			next[c]++
		}
	}
	for c := range cells {
		if v := p.Cell(c); v != 0 {
			m.Take(c, 1<<(v-1))
		}
	}
	return m
}

// Free returns the digits missing from every extra unit of cell c: all of
// them when c lies in none.
func (m *Masks) Free(c int) uint32 {
	f := ^uint32(0)
	for _, x := range m.units[m.start[c]:m.start[c+1]] {
		f &= m.free[x]
	}
	return f
}

// Take marks the digit bit as placed in every extra unit of cell c.
func (m *Masks) Take(c int, bit uint32) {
	for _, x := range m.units[m.start[c]:m.start[c+1]] {
		m.free[x] &^= bit
	}
}

// Put undoes Take.
func (m *Masks) Put(c int, bit uint32) {
	for _, x := range m.units[m.start[c]:m.start[c+1]] {
		m.free[x] |= bit
	}
}
