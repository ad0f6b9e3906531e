// Command mkdata writes the generated secret tests of HDU 4069 into
// problems/hdu4069/data/secret. Run it from the module root:
//
//	go run ./problems/hdu4069/internal/mkdata
//
// Each input comes from the problem's Generate with a fixed seed; each
// answer from the reference strategy, and mkdata refuses to write it unless
// a second, independent strategy (oracle.Second's choice) produces an output
// the checker accepts.
package main
