// Package checker decides whether a program's output answers a test: the
// [Checker] contract, the exact line checker most problems use, the token
// checker for plain test folders, and testlib-style external checkers.
//
// Checkers compare bytes and report a verdict with a short message and, for
// wrong answers, a readable diff of the first lines that differ. They never
// run the solution; a problem's special judge implements the same interface.
package checker
