// Command avo generates the amd64 assembly of package fast with avo
// (github.com/mmcloughlin/avo): `go generate` in solvers/fast runs it
// from this directory as
//
//	go run . -out ../kernels_amd64.s
//
// It is a module of its own so that avo is no dependency of the
// project's.
package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/attr"
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
	singles9()
	Generate()
}

// pairs16 writes pairs16AVX2, the AVX2 twin of state16.pairs: the cells
// with two candidates, counted as in singles16 with a third sum, three or
// more.
func pairs16() {
	TEXT("pairs16AVX2", NOSPLIT, "func(cand *[16][4]uint64, pairs *[4]uint64)")
	Doc("pairs16AVX2 stores in pairs the cells with exactly two candidates in cand.")
	ones, twos, threes := YMM(), YMM(), YMM()
	countBoards(Mem{Base: Load(Param("cand"), GP64())}, ones, twos, threes)
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
	ones, twos := YMM(), YMM()
	countBoards(Mem{Base: Load(Param("cand"), GP64())}, ones, twos, nil)
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

// countBoards emits the bit-sliced sum of the sixteen 16x16 boards at
// cand, each read from memory (it stays in the L1 cache) rather than held
// in a register: the cells with a candidate in ones, with two or more in
// twos and, unless threes is nil, with three or more in threes.
func countBoards(cand Mem, ones, twos, threes reg.VecVirtual) {
	VMOVDQU(cand, ones)
	VPXOR(twos, twos, twos)
	if threes != nil {
		VPXOR(threes, threes, threes)
	}
	for d := 1; d < 16; d++ {
		b := cand.Offset(32 * d)
		Comment(fmt.Sprintf("digit %d", d+1))
		x := YMM()
		if threes != nil {
			VPAND(b, twos, x)
			VPOR(x, threes, threes)
		}
		VPAND(b, ones, x)
		VPOR(x, twos, twos)
		VPOR(b, ones, ones)
	}
}

// The 9x9 board of package fast: cells 0-53 in the low qword, 54-80 in
// the high one, nine bits a row; each mask is {low, high}.
const (
	loCells = 54
	seg     = 1 | 1<<3 | 1<<6 // the first cell of each triplet of row 0
)

var (
	segMask = [2]uint64{ // the first cell of each triplet
		seg | seg<<9 | seg<<18 | seg<<27 | seg<<36 | seg<<45,
		seg | seg<<9 | seg<<18,
	}
	boxMask = [2]uint64{ // the first cell of each box
		1 | 1<<3 | 1<<6 | 1<<27 | 1<<30 | 1<<33,
		1 | 1<<3 | 1<<6,
	}
)

// mask128 declares a read-only 16-byte constant.
func mask128(name string, m [2]uint64) Mem {
	x := GLOBL(name, attr.RODATA|attr.NOPTR)
	DATA(0, U64(m[0]))
	DATA(8, U64(m[1]))
	return x
}

// singles9 writes singles9AVX2, the assembly of package fast's
// singles9Go, step for step. The boards stay in memory, indexed by
// digit, with VEX-encoded 128-bit instructions, a board a register when
// loaded; VPTEST does the tests: its zero flag says the operands share
// no bit, its carry flag that the first is a subset of the second.
func singles9() {
	TEXT("singles9AVX2", NOSPLIT, "func(cand *[9][2]uint64, todo *[2]uint64, peers *[81][2]uint64, redo uint32) (changed uint32, ok bool)")
	Doc("singles9AVX2 applies naked singles and box hidden singles to cand and todo until neither finds anything, and returns the digits whose boards it changed; false on a contradiction.")
	segs := mask128("singles9seg", segMask)
	boxes := mask128("singles9box", boxMask)
	cp := Load(Param("cand"), GP64())
	pp := Load(Param("peers"), GP64())
	redo := Load(Param("redo"), GP32())
	changed := GP32()
	XORL(changed, changed)
	Comment("Each board is read a qword at a time, as Go stored it (a 16-byte",
		"load of two 8-byte stores in flight is not forwarded), and written",
		"back whole: the loads below are forwarded from these stores.")
	for d := 0; d < 9; d++ {
		x := XMM()
		load128(Mem{Base: cp, Disp: 16 * d}, x)
		VMOVDQU(x, Mem{Base: cp, Disp: 16 * d})
	}
	left, solved := XMM(), XMM()
	load128(Mem{Base: Load(Param("todo"), GP64())}, left)
	VPXOR(solved, solved, solved)

	Label("naked")
	Comment("Count the candidates: ones at least one, twos two or more.")
	var c [9]reg.VecVirtual
	for d := range c {
		c[d] = XMM()
		VMOVDQU(Mem{Base: cp, Disp: 16 * d}, c[d])
	}
	ones, twos, t := XMM(), XMM(), XMM()
	VPAND(c[1], c[0], twos)
	VPOR(c[1], c[0], ones)
	for d := 2; d < 9; d++ {
		VPAND(c[d], ones, t)
		VPOR(t, twos, twos)
		VPOR(c[d], ones, ones)
	}
	Comment("A cell to solve, or just solved, without a candidate fails.")
	VPOR(left, solved, t)
	VPTEST(t, ones)
	JCC(LabelRef("fail"))
	s := XMM()
	VPANDN(ones, twos, s)
	VPAND(left, s, s)
	VPTEST(s, s)
	JEQ(LabelRef("hidden"))
	VPANDN(left, s, left)
	VMOVDQA(s, solved)
	Comment("The digits' binary planes: at a single, its digit's index.")
	VPOR(c[7], c[3], c[3]) // 3 and 7
	VPOR(c[5], c[4], c[4])
	VPOR(c[6], c[4], c[4])
	VPOR(c[7], c[4], c[4]) // plane 2: 4 to 7
	VPOR(c[5], c[1], c[1])
	VPOR(c[3], c[1], c[1]) // plane 0: 1, 3, 5, 7
	VPOR(c[6], c[2], c[2])
	VPOR(c[3], c[2], c[2]) // plane 1: 2, 3, 6, 7
	planes := [4]reg.VecVirtual{c[1], c[2], c[4], c[8]}
	nakedCells(s, planes, cp, pp, redo, changed, false)
	nakedCells(s, planes, cp, pp, redo, changed, true)
	JMP(LabelRef("naked"))

	Label("hidden")
	Comment("The marked digits' box singles, all found before any is placed;",
		"bits 16-24 of changed mark the digits that found some.")
	VPXOR(solved, solved, solved)
	alones := AllocLocal(16 * 9)
	TESTL(redo, redo)
	JEQ(LabelRef("done"))
	Label("hiddennext")
	d, off := GP32(), GP64()
	TZCNTL(redo, d)
	BLSRL(redo, redo)
	MOVL(d, off.As32())
	SHLQ(U8(4), off)
	a := XMM()
	VMOVDQU(Mem{Base: cp, Index: off, Scale: 1}, a)
	alone := boxAlone9(a, segs, boxes)
	VPAND(left, alone, alone)
	VMOVDQU(alone, alones.Idx(off, 1))
	b, w := GP8(), GP32()
	VPTEST(alone, alone)
	SETNE(b)
	MOVBLZX(b, w)
	ADDL(U32(16), d)
	SHLXL(d, w, w)
	ORL(w, changed)
	TESTL(redo, redo)
	JNE(LabelRef("hiddennext"))

	found := GP32()
	MOVL(changed, found)
	SHRL(U8(16), found)
	JEQ(LabelRef("done"))
	ANDL(U32(0xFFFF), changed)
	Label("place")
	TZCNTL(found, off.As32())
	BLSRL(found, found)
	SHLQ(U8(4), off)
	VMOVDQU(alones.Idx(off, 1), alone)
	VMOVDQU(Mem{Base: cp, Index: off, Scale: 1}, a)
	Comment("Every digit leaves the cells (d gets them back below); those",
		"that held one are marked, d included.")
	for e := 0; e < 9; e++ {
		x := XMM()
		m := Mem{Base: cp, Disp: 16 * e}
		VMOVDQU(m, x)
		VPTEST(alone, x)
		SETNE(b)
		MOVBLZX(b, w)
		if e > 0 {
			SHLL(U8(e), w)
		}
		ORL(w, redo)
		ORL(w, changed)
		VPANDN(x, alone, x)
		VMOVDQU(x, m)
	}
	VPANDN(left, alone, left)
	dropPeers(a, alone, pp, "hiddenpeers")
	Comment("Two of the cells share a row or a column, or another digit took one: fail.")
	VPTEST(alone, a)
	JCC(LabelRef("fail"))
	VMOVDQU(a, Mem{Base: cp, Index: off, Scale: 1})
	TESTL(found, found)
	JNE(LabelRef("place"))
	JMP(LabelRef("naked"))

	Label("done")
	VMOVDQU(left, Mem{Base: Load(Param("todo"), GP64())})
	Store(changed, Return("changed"))
	ok := GP8()
	MOVB(U8(1), ok)
	Store(ok, Return("ok"))
	RET()

	Label("fail")
	ANDL(U32(0x1FF), changed)
	Store(changed, Return("changed"))
	MOVB(U8(0), ok)
	Store(ok, Return("ok"))
	RET()
}

// nakedCells drops the peers of each single of s in one qword (hi: the
// high one) from the board of its digit, read from the planes, and marks
// the digit.
func nakedCells(s reg.VecVirtual, planes [4]reg.VecVirtual, cp, pp, redo, changed reg.Register, hi bool) {
	name, disp := "nakedlo", 0
	x := GP64()
	var p [4]reg.GPVirtual
	for k := range p {
		p[k] = GP64()
	}
	if hi {
		name, disp = "nakedhi", 16*loCells
		VPEXTRQ(U8(1), s, x)
		for k := range p {
			VPEXTRQ(U8(1), planes[k], p[k])
		}
	} else {
		VMOVQ(s, x)
		for k := range p {
			VMOVQ(planes[k], p[k])
		}
	}
	TESTQ(x, x)
	JEQ(LabelRef(name + "done"))
	Label(name)
	c, d, t := GP64(), GP64(), GP64()
	TZCNTQ(x, c)
	SHRXQ(c, p[0], d)
	ANDL(U32(1), d.As32())
	for k := 1; k < 4; k++ {
		SHRXQ(c, p[k], t)
		ANDL(U32(1), t.As32())
		LEAQ(Mem{Base: d, Index: t, Scale: 1 << k}, d)
	}
	BTSL(d.As32(), redo)
	BTSL(d.As32(), changed)
	SHLQ(U8(4), c)
	SHLQ(U8(4), d)
	v := XMM()
	VMOVDQU(Mem{Base: pp, Index: c, Scale: 1, Disp: disp}, v)
	VPANDN(Mem{Base: cp, Index: d, Scale: 1}, v, v)
	VMOVDQU(v, Mem{Base: cp, Index: d, Scale: 1})
	BLSRQ(x, x)
	JNZ(LabelRef(name))
	Label(name + "done")
}

// load128 loads the 16 bytes at m into x, a qword at a time.
func load128(m Mem, x reg.VecVirtual) {
	VMOVQ(m, x)
	VPINSRQ(U8(1), m.Offset(8), x, x)
}

// dropPeers removes from b the peers of the cells x: their rows of peers
// ORed, then one VPANDN. The labels start with name.
func dropPeers(b, x reg.VecVirtual, peers reg.Register, name string) {
	u := XMM()
	VPXOR(u, u, u)
	lo, hi, i := GP64(), GP64(), GP64()
	VMOVQ(x, lo)
	VPEXTRQ(U8(1), x, hi)
	TESTQ(lo, lo)
	JEQ(LabelRef(name + "hi"))
	Label(name + "lo")
	TZCNTQ(lo, i)
	SHLQ(U8(4), i)
	VPOR(Mem{Base: peers, Index: i, Scale: 1}, u, u)
	BLSRQ(lo, lo)
	JNZ(LabelRef(name + "lo"))
	Label(name + "hi")
	TESTQ(hi, hi)
	JEQ(LabelRef(name + "done"))
	Label(name + "hiloop")
	TZCNTQ(hi, i)
	SHLQ(U8(4), i)
	VPOR(Mem{Base: peers, Index: i, Scale: 1, Disp: 16 * loCells}, u, u)
	BLSRQ(hi, hi)
	JNZ(LabelRef(name + "hiloop"))
	Label(name + "done")
	VPANDN(b, u, b)
}

// boxAlone9 returns the cells of a, a digit's board, alone in their box,
// as package fast's boxAlone computes them in each qword (with shifts for
// its multiplications), and jumps to fail if a box has none.
func boxAlone9(a reg.VecVirtual, segs, boxes Mem) reg.VecVirtual {
	s1, s2, t1, t2 := XMM(), XMM(), XMM(), XMM()
	VPSRLQ(U8(1), a, s1)
	VPSRLQ(U8(2), a, s2)
	Comment("Each triplet: one candidate or more (t1), two or more (t2).")
	VPOR(s1, a, t1)
	VPOR(s2, t1, t1)
	VPAND(segs, t1, t1)
	VPOR(s1, s2, t2)
	VPAND(a, t2, t2)
	VPAND(s1, s2, s1)
	VPOR(s1, t2, t2)
	VPAND(segs, t2, t2)
	Comment("Each box, its three triplets summed: x1 one or more, w two or more.")
	v, w, x1, tmp := XMM(), XMM(), XMM(), XMM()
	VPSRLQ(U8(9), t1, v)
	VPAND(t1, v, w)
	VPOR(t1, v, x1)
	VPSRLQ(U8(18), t1, v)
	VPAND(x1, v, tmp)
	VPOR(tmp, w, w)
	VPOR(v, x1, x1)
	VPOR(t2, w, w)
	VPSRLQ(U8(9), t2, v)
	VPOR(v, w, w)
	VPSRLQ(U8(18), t2, v)
	VPOR(v, w, w)
	Comment("A box without a candidate fails.")
	VPTEST(boxes, x1)
	JCC(LabelRef("fail"))
	Comment("The boxes with one, spread over their nine cells.")
	VPANDN(x1, w, x1)
	VPAND(boxes, x1, x1)
	VPSLLQ(U8(1), x1, v)
	VPSLLQ(U8(2), x1, w)
	VPOR(v, x1, x1)
	VPOR(w, x1, x1)
	VPSLLQ(U8(9), x1, v)
	VPSLLQ(U8(18), x1, w)
	VPOR(v, x1, x1)
	VPOR(w, x1, x1)
	VPAND(a, x1, x1)
	return x1
}
