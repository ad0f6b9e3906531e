// Package table prints judgements and catalogs as plain-text tables: one
// row per (problem, solution) result, one row per test, one row per problem
// or strategy. It formats and never judges: every figure comes from the
// judge.Result or problems.Problem it is given.
//
// Tables are ASCII, written to an io.Writer, with times in human units
// ([Duration]: "0.045 ms", "12.3 ms", "2.0 s").
package table
