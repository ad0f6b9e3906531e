// Command avo generates the amd64 assembly of package fast with avo
// (github.com/mmcloughlin/avo): `go generate` in solvers/fast runs it
// from this directory as
//
//	go run . -out ../wide16_amd64.s
//
// It is a module of its own so that avo is no dependency of the
// project's.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	// The tag purego selects the pure-Go twins (wide16_other.go).
	ConstraintExpr("!purego")
	singles16()
	pairs16()
	alone16()
	locked16()
	Generate()
}

// pairs16 writes pairs16AVX2, the AVX2 twin of state16.pairs: the cells
// with two candidates, counted as in singles16 with a third sum, three or
// more.
func pairs16() {
	TEXT("pairs16AVX2", NOSPLIT, "func(cand *[16][4]uint64, pairs *[4]uint64)")
	Doc("pairs16AVX2 stores in pairs the cells with exactly two candidates in cand.")
	cand := Mem{Base: Load(Param("cand"), GP64())}
	ones, twos, threes := YMM(), YMM(), YMM()
	VMOVDQU(cand, ones)
	VPXOR(twos, twos, twos)
	VPXOR(threes, threes, threes)
	for d := 1; d < 16; d++ {
		b := cand.Offset(32 * d)
		Comment(fmt.Sprintf("digit %d", d+1))
		x := YMM()
		VPAND(b, twos, x)
		VPOR(x, threes, threes)
		VPAND(b, ones, x)
		VPOR(x, twos, twos)
		VPOR(b, ones, ones)
	}
	VPANDN(twos, threes, twos)
	VMOVDQU(twos, Mem{Base: Load(Param("pairs"), GP64())})
	VZEROUPPER()
	RET()
}

// alone16 writes alone16AVX2, the AVX2 twin of alone16: a digit's board in
// one register is sixteen 16-bit lanes, one a row, so x&(x-1) tests every
// row at once. Lanes are summed bit-sliced (at least one, two or more)
// over a butterfly: swapping the two rows of each pair, then the pairs of
// each band sums the band's rows in every lane of the band, which the
// boxes read, four adjacent bits apart; swapping the qwords of each half
// and then the halves sums all sixteen rows in every lane: the columns.
func alone16() {
	TEXT("alone16AVX2", NOSPLIT, "func(b *[4]uint64, alone *[4]uint64) bool")
	Doc("alone16AVX2 stores in alone the cells of b alone in their row, column or box, and reports false if one of those units has no cell of b (alone is then meaningless).")
	x := YMM()
	VMOVDQU(Mem{Base: Load(Param("b"), GP64())}, x)
	zero, all, one := YMM(), YMM(), YMM()
	VPXOR(zero, zero, zero)
	VPCMPEQW(all, all, all)
	VPSRLW(U8(15), all, one)

	Comment("Rows: empty, and one cell (x&(x-1) == 0 and not empty).")
	empty, rows, t := YMM(), YMM(), YMM()
	VPCMPEQW(zero, x, empty)
	VPSUBW(one, x, t)
	VPAND(x, t, t)
	VPCMPEQW(zero, t, rows)
	VPANDN(rows, empty, rows)

	Comment("Sum the rows over the butterfly: o at least one, s two or more.")
	o, s, p, q := YMM(), YMM(), YMM(), YMM()
	VMOVDQA(x, o)
	// Swap the two rows of each pair: the 16-bit halves of each dword.
	VPSLLD(U8(16), o, p)
	VPSRLD(U8(16), o, q)
	VPOR(q, p, p)
	VPAND(p, o, s)
	VPOR(p, o, o)
	// Swap the pairs of each band: the dwords of each qword.
	VPSHUFD(U8(0xB1), o, p)
	VPSHUFD(U8(0xB1), s, q)
	VPOR(q, s, s)
	VPAND(p, o, q)
	VPOR(q, s, s)
	VPOR(p, o, o)

	Comment("Boxes: the band's rows summed, then four adjacent columns.")
	ob, sb, nib := YMM(), YMM(), YMM()
	VPSRLW(U8(1), o, p)
	VPSRLW(U8(1), s, q)
	VPOR(q, s, sb)
	VPAND(p, o, q)
	VPOR(q, sb, sb)
	VPOR(p, o, ob)
	VPSRLW(U8(2), ob, p)
	VPSRLW(U8(2), sb, q)
	VPOR(q, sb, sb)
	VPAND(p, ob, q)
	VPOR(q, sb, sb)
	VPOR(p, ob, ob)
	// nib: each box's first column, 0x1111 in every lane.
	VPSLLW(U8(4), one, p)
	VPOR(p, one, nib)
	VPSLLW(U8(8), nib, p)
	VPOR(p, nib, nib)
	boxes := YMM()
	VPANDN(ob, sb, boxes) // ob &^ sb
	VPAND(nib, boxes, boxes)
	VPSLLW(U8(4), boxes, p)
	VPSUBW(boxes, p, boxes) // times 15: the box's four columns
	VPANDN(nib, ob, ob)     // boxes without a cell, at their first column

	Comment("Columns: swap the qwords of each half, then the halves.")
	VPSHUFD(U8(0x4E), o, p)
	VPSHUFD(U8(0x4E), s, q)
	VPOR(q, s, s)
	VPAND(p, o, q)
	VPOR(q, s, s)
	VPOR(p, o, o)
	VPERMQ(U8(0x4E), o, p)
	VPERMQ(U8(0x4E), s, q)
	VPOR(q, s, s)
	VPAND(p, o, q)
	VPOR(q, s, s)
	VPOR(p, o, o)

	Comment("alone = x & (rows | boxes | o &^ s)")
	bad := YMM()
	VPXOR(all, o, bad) // columns without a cell
	VPANDN(o, s, o)
	VPOR(rows, o, o)
	VPOR(boxes, o, o)
	VPAND(x, o, o)
	VMOVDQU(o, Mem{Base: Load(Param("alone"), GP64())})

	Comment("Fail on an empty row, column or box.")
	VPOR(empty, bad, bad)
	VPOR(ob, bad, bad)
	VPTEST(bad, bad)
	ok := GP8()
	SETEQ(ok)
	VZEROUPPER()
	Store(ok, ReturnIndex(0))
	RET()
}

// butterfly sums lanes bit-sliced: it folds o (at least one) and s (two or
// more) with their lanes swapped by swap.
func butterfly(o, s reg.VecVirtual, swap func(src, dst reg.VecVirtual)) {
	p, q := YMM(), YMM()
	swap(o, p)
	swap(s, q)
	VPOR(q, s, s)
	VPAND(p, o, q)
	VPOR(q, s, s)
	VPOR(p, o, o)
}

// The lane swaps of the butterfly: the rows of each pair, the pairs of
// each band, the bands of each half, the halves.
func swapRows(src, dst reg.VecVirtual) {
	t := YMM()
	VPSLLD(U8(16), src, dst)
	VPSRLD(U8(16), src, t)
	VPOR(t, dst, dst)
}
func swapPairs(src, dst reg.VecVirtual)  { VPSHUFD(U8(0xB1), src, dst) }
func swapBands(src, dst reg.VecVirtual)  { VPSHUFD(U8(0x4E), src, dst) }
func swapHalves(src, dst reg.VecVirtual) { VPERMQ(U8(0x4E), src, dst) }

// orLanes ORs into x its lanes swapped by each of swaps.
func orLanes(x reg.VecVirtual, swaps ...func(src, dst reg.VecVirtual)) {
	p := YMM()
	for _, swap := range swaps {
		swap(x, p)
		VPOR(p, x, x)
	}
}

// locked16 writes locked16AVX2, the AVX2 twin of locked16, with a lane a
// row as in alone16: a segment (a row's four cells in a box) is marked at
// its first cell when it holds a place; bands are the qwords.
func locked16() {
	TEXT("locked16AVX2", NOSPLIT, "func(b *[4]uint64, out *[4]uint64)")
	Doc("locked16AVX2 stores in out the cells that b, a digit's board, loses by locked candidates.")
	x := YMM()
	VMOVDQU(Mem{Base: Load(Param("b"), GP64())}, x)
	all, one, nib, zero := YMM(), YMM(), YMM(), YMM()
	VPXOR(zero, zero, zero)
	VPCMPEQW(all, all, all)
	VPSRLW(U8(15), all, one)
	p := YMM()
	VPSLLW(U8(4), one, p)
	VPOR(p, one, nib)
	VPSLLW(U8(8), nib, p)
	VPOR(p, nib, nib) // 0x1111: each box's first column

	Comment("Segments holding a place.")
	seg := YMM()
	VPSRLW(U8(1), x, p)
	VPOR(p, x, seg)
	VPSRLW(U8(2), seg, p)
	VPOR(p, seg, seg)
	VPAND(nib, seg, seg)

	Comment("A box whose places lie in one row: the row loses the digit outside the box.")
	o, s := YMM(), YMM()
	VMOVDQA(seg, o)
	VPXOR(s, s, s)
	butterfly(o, s, swapRows)
	butterfly(o, s, swapPairs)
	point := YMM()
	VPANDN(o, s, point) // boxes with one row: o &^ s
	VPAND(seg, point, point)
	lose, t := YMM(), YMM()
	VPCMPEQW(zero, point, lose) // rows without a pointing segment
	VPSLLW(U8(4), point, t)
	VPSUBW(point, t, t) // the pointing segments' cells
	VPOR(t, lose, lose)
	VPXOR(all, lose, lose) // the rest of their rows

	Comment("A row whose places lie in one box: the box loses the digit outside the row.")
	u, v := YMM(), YMM()
	VPSRLW(U8(4), seg, p)
	VPOR(p, seg, u)
	VPAND(p, seg, v)
	VPSRLW(U8(8), u, p)
	VPSRLW(U8(8), v, t)
	VPOR(t, v, v)
	VPAND(p, u, t)
	VPOR(t, v, v)
	VPOR(p, u, u)
	VPANDN(u, v, u) // one segment, at bit 0 of the lane
	VPAND(one, u, u)
	VPSLLW(U8(4), u, p)
	VPOR(u, p, p)
	VPSLLW(U8(8), p, t)
	VPOR(t, p, p) // 0x1111 times one: the lane's segments
	claim, boxes := YMM(), YMM()
	VPAND(seg, p, claim)
	VMOVDQA(claim, boxes)
	orLanes(boxes, swapRows, swapPairs)
	VPANDN(boxes, claim, boxes) // the band's claimed boxes, but the claiming rows' own
	VPSLLW(U8(4), boxes, t)
	VPSUBW(boxes, t, t)
	VPOR(t, lose, lose)

	Comment("The columns holding a place, per band.")
	col := YMM()
	VMOVDQA(x, col)
	orLanes(col, swapRows, swapPairs)

	Comment("A column whose places lie in one band: the column's box loses the digit outside the column.")
	VMOVDQA(col, o)
	VPXOR(s, s, s)
	butterfly(o, s, swapBands)
	butterfly(o, s, swapHalves)
	alone := YMM()
	VPANDN(o, s, alone)
	VPAND(col, alone, alone)
	lines := YMM()
	VPSRLW(U8(1), alone, p)
	VPOR(p, alone, lines)
	VPSRLW(U8(2), lines, p)
	VPOR(p, lines, lines)
	VPAND(nib, lines, lines)
	VPSLLW(U8(4), lines, t)
	VPSUBW(lines, t, lines)
	VPANDN(lines, alone, lines)

	Comment("A box whose places lie in one column: the column loses the digit in the other bands, or in all when two bands point at it.")
	VPSRLW(U8(1), col, p)
	VPOR(p, col, o)
	VPAND(p, col, s)
	VPSRLW(U8(2), o, p)
	VPSRLW(U8(2), s, t)
	VPOR(t, s, s)
	VPAND(p, o, t)
	VPOR(t, s, s)
	VPOR(p, o, o)
	VPANDN(o, s, o) // boxes with one column, at their first column
	VPAND(nib, o, o)
	VPSLLW(U8(4), o, t)
	VPSUBW(o, t, t)
	pc := YMM()
	VPAND(col, t, pc)
	VMOVDQA(pc, o)
	VPXOR(s, s, s)
	butterfly(o, s, swapBands)
	butterfly(o, s, swapHalves)
	VPANDN(pc, s, pc) // pointed at by this band alone
	VPANDN(o, pc, o)
	VPOR(o, lines, lines)
	VPOR(lines, lose, lose)
	VMOVDQU(lose, Mem{Base: Load(Param("out"), GP64())})
	VZEROUPPER()
	RET()
}

// singles16 writes singles16AVX2, the AVX2 twin of state16.count and the
// naked singles nakedSingles reads from it: a 16x16 digit board is 256
// bits, one YMM register, so the sixteen boards are summed bit-sliced in
// sixteen steps, each reading a board from memory twice (it stays in the
// L1 cache) rather than holding it in a register; then the unsolved cells
// with one candidate, and whether one has none.
func singles16() {
	TEXT("singles16AVX2", NOSPLIT, "func(cand *[16][4]uint64, todo, singles *[4]uint64) bool")
	Doc("singles16AVX2 stores in singles the cells of todo with one candidate in cand, and reports false if a cell of todo has none.")
	cand := Mem{Base: Load(Param("cand"), GP64())}
	ones, twos := YMM(), YMM()
	VMOVDQU(cand, ones)
	VPXOR(twos, twos, twos)
	for d := 1; d < 16; d++ {
		b := cand.Offset(32 * d)
		Comment(fmt.Sprintf("digit %d", d+1))
		both := YMM()
		VPAND(b, ones, both)
		VPOR(both, twos, twos)
		VPOR(b, ones, ones)
	}
	todo := YMM()
	VMOVDQU(Mem{Base: Load(Param("todo"), GP64())}, todo)
	VPANDN(ones, twos, twos) // ones &^ twos
	VPAND(todo, twos, twos)
	VMOVDQU(twos, Mem{Base: Load(Param("singles"), GP64())})
	Comment("ok: every cell of todo has a candidate (CF: todo &^ ones == 0).")
	VPTEST(todo, ones)
	ok := GP8()
	SETCS(ok)
	VZEROUPPER()
	Store(ok, ReturnIndex(0))
	RET()
}
