// Command avo generates the amd64 assembly of package fast with avo
// (github.com/mmcloughlin/avo): `go generate` in solvers/fast runs it
// from this directory as
//
//	go run . -out ../count16_amd64.s
//
// It is a module of its own so that avo is no dependency of the
// project's.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

func main() {
	// The tag purego selects the pure-Go twins (count16_other.go).
	ConstraintExpr("!purego")
	count16()
	pairs16()
	Generate()
}

// count16 writes count16AVX2, the AVX2 twin of state16.count over the
// whole grid: a 16x16 digit board is 256 bits, one YMM register, so the
// sixteen boards are summed bit-sliced in sixteen steps, each reading a
// board from memory twice (it stays in the L1 cache) rather than holding
// it in a register.
func count16() {
	TEXT("count16AVX2", NOSPLIT, "func(cand *[16][4]uint64, ones, twos *[4]uint64)")
	Doc("count16AVX2 stores in ones the cells with at least one candidate in cand and in twos those with two or more.")
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
	VMOVDQU(ones, Mem{Base: Load(Param("ones"), GP64())})
	VMOVDQU(twos, Mem{Base: Load(Param("twos"), GP64())})
	VZEROUPPER()
	RET()
}

// pairs16 writes pairs16AVX2, the AVX2 twin of the bivalue cells that
// state16.choose finds: the cells with two candidates, counted as in
// count16 with a third sum, three or more.
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
