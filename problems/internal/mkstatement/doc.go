// Command mkstatement writes a problem's statement.html from its
// statement.md. Each problem package runs it with go generate in its own
// directory:
//
//	//go:generate go run ../internal/mkstatement
//
// and problems/catalog's tests fail when a statement.html is not what its
// statement.md renders to.
package main
