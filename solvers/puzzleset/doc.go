// Package puzzleset reads the shared benchmark puzzle sets in the
// repository's testdata directory: one 81-character puzzle a line, '.' or
// '0' for an empty cell, '#' lines for comments.
//
// Each set has a short stable name (top95, top1465, hardest1106, ...) that
// benchmarks and the command line use; [Sets] lists them.
package puzzleset
