//go:build !amd64 || purego

package fast

// haveSingles9 is false: singles9AVX2 is amd64 assembly.
const haveSingles9 = false

// singles9AVX2 is never called without the assembly.
func singles9AVX2(cand *[9]board, todo *board, peers *[numCell]board, redo uint32) (changed uint32, ok bool) {
	panic("fast: singles9AVX2 without AVX")
}
