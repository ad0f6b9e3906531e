// Command sudoku-judge judges sudoku contest solutions and compares solver
// strategies. It only wires flags to the library packages; see README.md.
package main
