// Package oracle chooses who confirms a problem's expected outputs. Every
// .ans is written by the problem's reference strategy and confirmed by a
// second, independent one: the data generators (the mkdata commands) ask
// this package which, so that changing a problem's reference never leaves
// it confirming itself.
package oracle
