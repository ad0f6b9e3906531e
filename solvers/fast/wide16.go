package fast

import (
	"context"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// The 16x16 engine solves the standard 16x16 grid (4x4 boxes, no extra
// units) the way the 9x9 engine solves 9x9: one board of 256 bits per
// digit, so that singles and locked candidates are a few word operations
// per digit instead of a walk over cells and units. The wide engine
// (wide.go) keeps the other 16x16 grids.
//
// A band16 word holds one band of boxes: rows 4w to 4w+3 of the grid, 16
// bits a row. Cell c is then bit c&63 of word c>>6, every row and box lies
// in one word, and a column is the same four bits of every word.
type band16 [4]uint64

const (
	rows16    = 0x0001_0001_0001_0001 // the first cell of each row of a word
	quads16   = 0x1111_1111_1111_1111 // the first cell of each row's four cells in a box
	boxes16   = 0x1111                // the first cell of each box of a word
	row16     = 0xFFFF                // the cells of a word's first row
	box16     = 0x000F_000F_000F_000F // the cells of a word's first box
	allCells  = 1<<64 - 1
	numCell16 = 256
)

// A state16 is one node of the 16x16 search, copied by value per guess.
type state16 struct {
	// cand[d] holds the cells that may still hold digit d+1. A solved
	// cell keeps exactly the bit of its digit.
	cand [16]band16
	// todo holds the cells not yet solved.
	todo band16
	// singles has bit d set when cand[d] changed since it was last
	// searched for hidden singles, and locked bit d since it was last
	// searched for locked candidates.
	singles, locked uint16
	// near holds the cells solved since hidden singles last looked, and
	// nearDigits the digits that lost one of them to another digit: their
	// hidden singles can only lie in those cells' units. (Without AVX2
	// only: with it, such a digit's whole board is searched.)
	near       band16
	nearDigits uint16
}

// A solver16 is the mutable context of one Search of a standard 16x16
// grid.
type solver16 struct {
	tally solvers.Tally
	grid  solvers.Grid
}

// search16 visits the solutions of p, a standard 16x16 grid whose givens
// do not clash.
func search16(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	sv := solver16{tally: solvers.NewTally(ctx, "fast", opts)}
	var st state16
	for d := range st.cand {
		st.cand[d] = band16{allCells, allCells, allCells, allCells}
	}
	st.todo = band16{allCells, allCells, allCells, allCells}
	st.singles, st.locked = 1<<16-1, 1<<16-1
	for c := range numCell16 {
		if v := p.Cell(c); v != 0 {
			st.place(int(v-1), c)
		}
	}
	sv.search(st)
	return sv.tally.Result()
}

// search explores s and everything below it. The state is passed by
// value: a copy on the stack per guess, never a heap allocation.
func (sv *solver16) search(s state16) {
	st := &s
	for {
		if sv.tally.Node() {
			return
		}
		if !st.propagate() {
			return
		}
		if st.todo == (band16{}) {
			sv.visit(st)
			return
		}
		c, digits := st.choose()
		sv.tally.Stats.Guesses++
		// Try all but the last digit on copies; the last one continues
		// in st itself.
		for bits.OnesCount32(digits) > 1 {
			d := bits.TrailingZeros32(digits)
			digits &= digits - 1
			child := *st
			child.place(d, c)
			sv.search(child)
			if sv.tally.Stop {
				return
			}
		}
		st.place(bits.TrailingZeros32(digits), c)
	}
}

// choose picks the cell to guess and returns it with its candidates, bit d
// for digit d+1. It takes a bivalue cell, the one whose two choices
// between them leave the most peers with one candidate (its bivalue peers
// that share a candidate with it), counted four times, plus its unsolved
// peers: either choice then settles much at once. (Measured on a set
// generated like gen16 but from another seed, this weight needs less than
// half the guesses of the bivalue cell with the most unsolved peers.)
// Without a bivalue cell it takes the first cell with the fewest
// candidates.
func (st *state16) choose() (int, uint32) {
	var pairs band16
	if haveAVX2 {
		pairs16AVX2(&st.cand, &pairs)
	} else {
		st.pairs(&pairs)
	}
	// score[c] counts, for each candidate d of c, the bivalue peers of
	// c that have d: walked digit by digit, no cell's candidates are
	// gathered but the chosen one's.
	var score [numCell16]int16
	for d := range st.cand {
		b := &st.cand[d]
		p := band16{b[0] & pairs[0], b[1] & pairs[1], b[2] & pairs[2], b[3] & pairs[3]}
		for w, x := range p {
			for ; x != 0; x &= x - 1 {
				c := w<<6 | bits.TrailingZeros64(x)
				score[c] += int16(p.seen(w, uint(c&63)))
			}
		}
	}
	best, most := -1, -1
	for w, x := range pairs {
		for ; x != 0; x &= x - 1 {
			c := w<<6 | bits.TrailingZeros64(x)
			if n := 4*int(score[c]) + st.todo.seen(w, uint(c&63)); n > most {
				best, most = c, n
			}
		}
	}
	var digits uint32
	if best < 0 {
		fewest := 17
		for w, x := range st.todo {
			for ; x != 0; x &= x - 1 {
				c := w<<6 | bits.TrailingZeros64(x)
				if m := st.digitsAt(c); bits.OnesCount32(m) < fewest {
					best, fewest, digits = c, bits.OnesCount32(m), m
				}
			}
		}
	}
	if digits == 0 {
		digits = st.digitsAt(best)
	}
	return best, digits
}

// pairs stores in pairs the cells with exactly two candidates. (A solved
// cell has one: no need to mask by st.todo.)
func (st *state16) pairs(pairs *band16) {
	for w := range pairs {
		var ones, twos, threes uint64
		for d := range st.cand {
			x := st.cand[d][w]
			threes |= twos & x
			twos |= ones & x
			ones |= x
		}
		pairs[w] = twos &^ threes
	}
}

// seen returns the number of cells of b that share a unit with the cell
// at bit i of word w, that cell included.
func (b *band16) seen(w int, i uint) int {
	col := uint64(rows16) << (i & 15)
	w &= 3
	// The other words' cells of the column, rotated apart into one word.
	others := b[w^1]&col | bits.RotateLeft64(b[w^2]&col, 1) | bits.RotateLeft64(b[w^3]&col, 2)
	return bits.OnesCount64(b[w]&(col|row16<<(i&^15)|box16<<(i&12))) + bits.OnesCount64(others)
}

// digitsAt returns the candidates of cell c, bit d for digit d+1.
func (st *state16) digitsAt(c int) uint32 {
	return uint32(st.digits(c>>6, uint(c&63)))
}

// digits returns the candidates of the cell at bit i of word w.
// Unrolled, and digit d's bit rotated d places up as in dropCell.
func (st *state16) digits(w int, i uint) uint16 {
	b := &st.cand
	w &= 3
	m := uint64(1) << (i & 63)
	x := b[0][w] & m
	x |= bits.RotateLeft64(b[1][w]&m, 1)
	x |= bits.RotateLeft64(b[2][w]&m, 2)
	x |= bits.RotateLeft64(b[3][w]&m, 3)
	x |= bits.RotateLeft64(b[4][w]&m, 4)
	x |= bits.RotateLeft64(b[5][w]&m, 5)
	x |= bits.RotateLeft64(b[6][w]&m, 6)
	x |= bits.RotateLeft64(b[7][w]&m, 7)
	x |= bits.RotateLeft64(b[8][w]&m, 8)
	x |= bits.RotateLeft64(b[9][w]&m, 9)
	x |= bits.RotateLeft64(b[10][w]&m, 10)
	x |= bits.RotateLeft64(b[11][w]&m, 11)
	x |= bits.RotateLeft64(b[12][w]&m, 12)
	x |= bits.RotateLeft64(b[13][w]&m, 13)
	x |= bits.RotateLeft64(b[14][w]&m, 14)
	x |= bits.RotateLeft64(b[15][w]&m, 15)
	return uint16(bits.RotateLeft64(x, -int(i&63)))
}

// visit hands the solved state st to the tally.
func (sv *solver16) visit(st *state16) {
	if sv.grid == nil {
		sv.grid = make(solvers.Grid, numCell16)
	}
	for d := range st.cand {
		for w, x := range st.cand[d] {
			for ; x != 0; x &= x - 1 {
				sv.grid[w<<6|bits.TrailingZeros64(x)] = uint8(d + 1)
			}
		}
	}
	sv.tally.Solution(sv.grid)
}
