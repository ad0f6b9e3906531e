package xsudoku

import (
	"io"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/variant"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const (
	side  = 9
	cells = side * side
	// MaxCases bounds the puzzles of one input, so a hostile input cannot
	// make the judge build millions of puzzles.
	MaxCases = variant.MaxCases
)

// diagonals are the extra units of every puzzle.
var diagonals = solvers.Diagonals(side)

// lineFormat is the problem's input: one puzzle a line, as every sudoku
// variant of data alone reads it (package variant), the diagonals its
// extra units.
var lineFormat = func() *variant.LineFormat {
	f, err := variant.NewLineFormat(problems.Topology{Size: side, Units: []string{"diagonals"}})
	if err != nil {
		panic(err.Error()) // a fixed, valid topology
	}
	return f
}()

// Parse reads an input: one line of 81 cells per puzzle, '1'-'9' for a
// given and '.' for an empty cell, up to the end of the input. Trailing
// spaces and CR are ignored; anything else, an empty line included, is a
// *problems.ParseError naming its line and column.
func (*problem) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	return Parse(name, input)
}

// Parse is [problems.Problem.Parse] for this problem, for tools that work
// on inputs without the rest of the problem.
func Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	return lineFormat.Parse(name, input)
}

// WriteInput writes ps, 9x9 puzzles with the standard boxes and the two
// diagonals as their only extra units, as an input of the problem.
func WriteInput(w io.Writer, ps []*solvers.Puzzle) error { return lineFormat.WriteInput(w, ps) }

// LineFormat returns the problem's input format, which package kattis
// exports as the input validator of every one-puzzle-a-line format.
func (*problem) LineFormat() *variant.LineFormat { return lineFormat }
