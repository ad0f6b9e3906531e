//go:build amd64 && !purego

package fast

import "golang.org/x/sys/cpu"

//go:generate go -C avo run . -out ../kernels_amd64.s

// haveAVX2 reports whether the processor runs the assembly of
// kernels_amd64.s.
var haveAVX2 = cpu.X86.HasAVX2

// pairs16AVX2 stores in pairs the cells with exactly two candidates in
// cand (kernels_amd64.s).
//
//go:noescape
func pairs16AVX2(cand *[16]band16, pairs *band16)

// alone16AVX2 is alone16 on one register (kernels_amd64.s): it stores the
// cells of b alone in their row, column or box in alone and reports false
// if one of those units has no cell of b (alone is then meaningless).
//
//go:noescape
func alone16AVX2(b, alone *band16) bool

// locked16AVX2 is locked16 on one register (kernels_amd64.s): it stores in
// out the cells that b, a digit's board, loses by locked candidates.
//
//go:noescape
func locked16AVX2(b, out *band16)

// singles16AVX2 stores in singles the cells of todo with one candidate in
// cand, and reports false if a cell of todo has none (kernels_amd64.s).
//
//go:noescape
func singles16AVX2(cand *[16]band16, todo, singles *band16) bool
