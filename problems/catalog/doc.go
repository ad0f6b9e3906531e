// Package catalog lists sudoku-judge's contest problems by their stable ids,
// in the order tables show them.
//
// A problem with a Go package of its own is one line of [All]'s list; a
// folder of problems/ that is only data (its problem.yaml declares its
// topology, see package variant) is found without one. The command line
// and the benchmarks find both here, and [Open] also reads a problem
// package in the Kattis format from a path.
package catalog
