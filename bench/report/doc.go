// Package report draws benchmark results as one self-contained HTML page:
// tables, and charts as inline SVG drawn by bench/svgplot, so that the page
// opens anywhere without a network.
//
// The page answers the questions users bring, each in a section: where the
// numbers come from (every file's machine, Go version, build and commit);
// is strategy B faster than A, by how much and on which puzzles (a log-log
// scatter of per-puzzle times with the diagonal, the share of puzzles each
// wins, the median per-puzzle ratio, and the puzzles where they differ
// most); the mean time per puzzle of every strategy and program on each
// set; how the per-puzzle times are distributed; and, given two files, how
// the second differs from the first. Legends sit beside the charts, never
// over the data, and axes fit the data.
package report
