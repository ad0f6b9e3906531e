// Package compare tells whether two sets of benchmark results differ, the
// way benchstat does: per benchmark and unit the median of each side with
// its confidence interval, the change between the medians, and a
// Mann-Whitney U test's p-value, from which only significant changes are
// reported as changes. Results are grouped with benchproc and summarised
// with benchmath, assuming nothing about their distribution.
//
// It also answers the regression gate's question: is any time measure
// significantly slower by more than a given percentage?
package compare
