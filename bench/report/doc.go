// Package report draws benchmark results as one self-contained HTML page:
// tables, and charts as inline SVG made with gonum.org/v1/plot, so that the
// page opens anywhere without a network.
//
// The page has one section per question, each with its chart: how long a
// puzzle takes per strategy and set (log scale), how the per-puzzle times
// of each set are distributed (the long tail of depth-first search against
// Dancing Links), and, given two files, how the second differs from the
// first.
package report
