package fast

// Hidden singles, all the units of a kind at once. A board word holds
// whole rows of 9 bits (six in lo, three in hi), so rows, columns and
// standard boxes are sets of strided bits: shifting a word lines up the
// cells of many units, and adding the slices bit-sliced (at least one, at
// least two) counts every unit's candidates in a few dozen operations per
// word, without branches.

const (
	rowLo    = 1 | 1<<9 | 1<<18 | 1<<27 | 1<<36 | 1<<45 // first cell of each row in lo
	rowHi    = 1 | 1<<9 | 1<<18                         // first cell of each row in hi
	rowCells = 0x1FF                                    // the cells of row 0
	boxLo    = 1 | 1<<3 | 1<<6 | 1<<27 | 1<<30 | 1<<33  // first cell of each box in lo
	boxHi    = 1 | 1<<3 | 1<<6                          // first cell of each box in hi
	boxCells = 7 | 7<<9 | 7<<18                         // the cells of box 0
	segLo    = seg | seg<<9 | seg<<18 | seg<<27 | seg<<36 | seg<<45
	segHi    = seg | seg<<9 | seg<<18 // first cell of each row's box triplets
)

// triplets returns, at the first cell of each triplet of w marked in segs
// (the three cells a row shares with a box), whether the triplet holds one
// candidate or more (t1) and two or more (t2).
func triplets(w, segs uint64) (t1, t2 uint64) {
	a, b, c := w, w>>1, w>>2
	return (a | b | c) & segs, (a&b | a&c | b&c) & segs
}

// rowAlone returns the candidates of w that are alone in their row, and
// whether some row has none; rows marks the first cell of each row of w.
func rowAlone(w, rows, segs uint64) (alone uint64, empty bool) {
	t1, t2 := triplets(w, segs)
	r1 := t1 | t1>>3 | t1>>6
	r2 := t2 | t2>>3 | t2>>6 | t1&(t1>>3) | t1>>6&(t1|t1>>3)
	return w & ((r1 &^ r2 & rows) * rowCells), r1&rows != rows
}

// colAlone returns the candidates of b that are alone in their column, and
// whether some column has none. The rows are summed pairwise, as a tree.
func colAlone(b board) (alone board, empty bool) {
	a := b.lo                                  // rows 0-5
	p1, p2 := a|a>>9, a&(a>>9)                 // rows 0-1, 2-3, 4-5
	q1, q2 := p1|p1>>18, p2|p2>>18|p1&(p1>>18) // rows 0-3
	r1, r2 := q1|p1>>36, q2|p2>>36|q1&(p1>>36) // rows 0-5
	h := b.hi                                  // rows 6-8
	s1 := h | h>>9 | h>>18
	s2 := h&(h>>9) | h&(h>>18) | (h>>9)&(h>>18)
	ones := (r1 | s1) & rowCells
	twos := (r2 | s2 | r1&s1) & rowCells
	one := ones &^ twos
	return board{b.lo & (one * rowLo), b.hi & (one * rowHi)}, ones != rowCells
}

// boxAlone is hiddenSingles on a standard grid, boxes only: the triads
// (and, under an objective, the locked candidates) confine a digit alone
// in a row or a column to its box, where boxAlone finds it. Rows and
// columns would double the work of the commonest call. It returns the
// cells of todo alone in a box of b, and false if a box of b is empty.
func boxAlone(b, todo board) (board, bool) {
	a, h := b.lo, b.hi
	t1 := (a | a>>1 | a>>2) & segLo
	t2 := (a&(a>>1) | a&(a>>2) | (a>>1)&(a>>2)) & segLo
	x1 := t1 | t1>>9 | t1>>18
	x2 := t2 | t2>>9 | t2>>18 | t1&(t1>>9) | t1>>18&(t1|t1>>9)
	lo := a & ((x1 &^ x2 & boxLo) * boxCells)
	bad := x1&boxLo != boxLo
	t1 = (h | h>>1 | h>>2) & segHi
	t2 = (h&(h>>1) | h&(h>>2) | (h>>1)&(h>>2)) & segHi
	x1 = t1 | t1>>9 | t1>>18
	x2 = t2 | t2>>9 | t2>>18 | t1&(t1>>9) | t1>>18&(t1|t1>>9)
	hi := h & ((x1 &^ x2 & boxHi) * boxCells)
	if bad || x1&boxHi != boxHi {
		return board{}, false
	}
	return board{lo & todo.lo, hi & todo.hi}, true
}

// hiddenSingles returns the unsolved cells where digit d is the only place
// for d in one of their units, and false if some unit has no place for d.
// Standard grids use boxAlone.
func (sv *solver) hiddenSingles(st *state, d int) (board, bool) {
	b := st.cand[d]
	cols, e3 := colAlone(b)
	rl, e1 := rowAlone(b.lo, rowLo, segLo)
	rh, e2 := rowAlone(b.hi, rowHi, segHi)
	if e1 || e2 || e3 {
		return board{}, false
	}
	// Jigsaw regions: one unit at a time.
	alone := board{rl, rh}.or(cols)
	for u := 2 * 9; u < numUnit; u++ {
		x := b.and(sv.topo.unit[u])
		switch x.count() {
		case 0:
			return board{}, false
		case 1:
			alone = alone.or(x)
		}
	}
	return alone.and(st.todo), true
}
