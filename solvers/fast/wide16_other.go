//go:build !amd64 || purego

package fast

// haveAVX2 is false: kernels_amd64.s is amd64 assembly.
const haveAVX2 = false

// pairs16AVX2 is never called without AVX2.
func pairs16AVX2(cand *[16]band16, pairs *band16) {
	panic("fast: pairs16AVX2 without AVX2")
}

// alone16AVX2 is never called without AVX2.
func alone16AVX2(b, alone *band16) bool {
	panic("fast: alone16AVX2 without AVX2")
}

// locked16AVX2 is never called without AVX2.
func locked16AVX2(b, out *band16) {
	panic("fast: locked16AVX2 without AVX2")
}

// singles16AVX2 is never called without AVX2.
func singles16AVX2(cand *[16]band16, todo, singles *band16) bool {
	panic("fast: singles16AVX2 without AVX2")
}
