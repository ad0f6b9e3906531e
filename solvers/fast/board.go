package fast

import "math/bits"

// A board is a set of the 81 cells of a 9x9 grid: cells 0-53 (the top two
// bands) in lo, cells 54-80 (the bottom band) in hi. Splitting at a band
// boundary keeps every standard row and box inside one word.
type board struct{ lo, hi uint64 }

const (
	loCells = 54
	numCell = 81
)

// full is the board of all 81 cells.
var full = board{lo: 1<<loCells - 1, hi: 1<<(numCell-loCells) - 1}

func cellBoard(c int) board {
	if c < loCells {
		return board{lo: 1 << uint(c)}
	}
	return board{hi: 1 << uint(c-loCells)}
}

func (b board) and(o board) board    { return board{b.lo & o.lo, b.hi & o.hi} }
func (b board) or(o board) board     { return board{b.lo | o.lo, b.hi | o.hi} }
func (b board) andNot(o board) board { return board{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b board) isZero() bool         { return b.lo|b.hi == 0 }
func (b board) equal(o board) bool   { return b.lo == o.lo && b.hi == o.hi }
func (b board) has(c int) bool       { return !b.and(cellBoard(c)).isZero() }

func (b board) count() int {
	return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi)
}

// first returns the lowest cell of a non-empty board.
func (b board) first() int {
	if b.lo != 0 {
		return bits.TrailingZeros64(b.lo)
	}
	return loCells + bits.TrailingZeros64(b.hi)
}

// dropFirst returns b without its lowest cell.
func (b board) dropFirst() board {
	if b.lo != 0 {
		return board{b.lo & (b.lo - 1), b.hi}
	}
	return board{0, b.hi & (b.hi - 1)}
}
