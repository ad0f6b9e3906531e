package fast

// digitTotal bounds the score of every solution below st digit by digit:
// each digit takes one cell per row, column and region, so its share is at
// most its value times the heaviest such set of cells among its
// candidates. Cells shared between digits are ignored, which the unit
// bounds account for instead: the two bounds miss different things.
func (s *scorer) digitTotal(st *state) int {
	total := 0
	for d := range st.cand {
		b := s.digitBound(d, st.cand[d])
		if b < 0 {
			return -1 // no solution below st
		}
		total += (d + 1) * b
	}
	return total
}

// digitNodes caps the search of one digit's placements; past it the
// bound falls back to each row's heaviest candidate.
const digitNodes = 1000

// digitBound returns the heaviest total weight of a set of cells of b, one
// per row, no two in a column or region, or -1 if there is none. The
// answers are cached by digit and board.
func (s *scorer) digitBound(d int, b board) int {
	key := memoKey{lo: b.lo, hi: b.hi | uint64(d+1)<<32}
	slot := &s.digitMemo[(key.lo*0x9E3779B97F4A7C15^key.hi*0xC2B2AE3D27D4EB4F)>>(64-digitMemoBits)]
	if slot.key == key {
		return int(slot.value)
	}
	var p placement
	for r := 8; r >= 0; r-- {
		n := 0
		for _, c := range s.byWeight[r] { // rows are units 0-8; heaviest first
			if b.has(int(c)) {
				p.cells[r][n] = c
				n++
			}
		}
		p.n[r] = uint8(n)
		best := 0
		if n > 0 {
			best = s.weights[p.cells[r][0]]
		}
		p.rest[r] = p.rest[r+1] + best
	}
	p.s = s
	p.best = -1
	p.search(0, 0, 0)
	v := p.best
	if p.nodes > digitNodes {
		v = p.rest[0]
	}
	*slot = memoEntry{key: key, value: int32(v)}
	return v
}

// A placement is the state of digitBound's search.
type placement struct {
	s     *scorer
	cells [9][9]uint8 // the candidates of each row, heaviest first
	n     [9]uint8
	rest  [10]int // rest[r]: the heaviest candidates of rows r.. summed
	best  int
	nodes int
}

// search places the digit in rows r.. given the columns and regions used
// (one bit each, columns in bits 0-8 and regions in bits 16-24).
func (p *placement) search(r int, used uint32, sum int) {
	if r == 9 {
		p.best = max(p.best, sum)
		return
	}
	if p.nodes++; p.nodes > digitNodes || sum+p.rest[r] <= p.best {
		return
	}
	for _, c := range p.cells[r][:p.n[r]] {
		if m := p.s.lines[c]; used&m == 0 {
			p.search(r+1, used|m, sum+p.s.weights[c])
		}
	}
}
