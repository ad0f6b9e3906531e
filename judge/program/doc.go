// Package program judges a contestant's program: it builds the source with
// package lang, runs the program on each test in the sandbox under the
// problem's limits, turns what the sandbox saw into a verdict (TLE, MLE,
// OLE, RE, IE) or, when the program exited cleanly, asks the checker (AC,
// WA, PE), and reports a [judge.Result] like every other way of judging.
//
// Tests come from a problem package or from a plain folder of X.in files
// with X.ans or X.out answers ([ReadDir]). The answers never reach the
// program: only the input is its stdin, and a folder the tests were read
// from is hidden from it.
package program
