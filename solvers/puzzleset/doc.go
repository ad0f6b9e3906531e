// Package puzzleset reads the shared benchmark puzzle sets in the
// repository's testdata directory: one puzzle a line, 81 characters for a
// 9x9 grid (256 for 16x16, 625 for 25x25, with letters for the digits past
// 9), '.' or '0' for an empty cell, '#' lines for comments.
//
// Each set has a short stable name (top95, top1465, hardest1106, ...) that
// benchmarks and the command line use; [Sets] lists them.
package puzzleset
