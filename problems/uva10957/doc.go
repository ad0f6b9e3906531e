// Package uva10957 is UVa 10957 "So Doku Checker": for each 9x9 grid,
// say whether its givens are Illegal, or it is Unique, Ambiguous or
// Impossible. It shows the contract's promise: a new problem is this one
// package plus one catalog line.
package uva10957
