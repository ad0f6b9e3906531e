//go:build !amd64 || purego

package fast

// haveAVX2 is false: count16AVX2 is amd64 assembly.
const haveAVX2 = false

// count16AVX2 is never called without AVX2.
func count16AVX2(cand *[16]band16, ones, twos *band16) {
	panic("fast: count16AVX2 without AVX2")
}

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
