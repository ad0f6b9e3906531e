// Package solverstest checks that a solvers.Strategy honours the contract of
// package solvers: valid solutions, exact counts, limits, visitors that stop,
// clashing givens, jigsaw regions, the objective, and cancellation.
//
// Every strategy's own tests call [Run] and benchmark it over the puzzle
// sets with [BenchSets]; the cross-strategy agreement tests live in package
// strategies.
package solverstest
