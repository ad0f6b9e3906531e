package xsudoku

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const (
	side  = 9
	cells = side * side
	// MaxCases bounds the puzzles of one input, so a hostile input cannot
	// make the judge build millions of puzzles.
	MaxCases = 10000
)

// diagonals are the extra units of every puzzle.
var diagonals = solvers.Diagonals(side)

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
	lines := bytes.Split(input, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1] // the final newline ends the last line
	}
	if len(lines) > MaxCases {
		return nil, &problems.ParseError{File: name, Line: MaxCases + 1, Msg: fmt.Sprintf("more than %d puzzles", MaxCases)}
	}
	ps := make([]*solvers.Puzzle, 0, len(lines))
	for n, raw := range lines {
		errorf := func(col int, format string, args ...any) error {
			return &problems.ParseError{File: name, Line: n + 1, Col: col, Msg: fmt.Sprintf(format, args...)}
		}
		line := bytes.TrimRight(raw, " \t\r")
		g := make([]uint8, cells)
		for i, c := range line {
			switch {
			case i >= cells:
				return nil, errorf(cells+1, "line has %d characters, want 81", len(line))
			case c == '.':
			case c >= '1' && c <= '9':
				g[i] = c - '0'
			default:
				return nil, errorf(i+1, "unexpected %s: want a digit 1-9 or '.' for an empty cell", contest.Quote(line[i:i+1], 8))
			}
		}
		if len(line) < cells {
			return nil, errorf(len(line)+1, "line has %d cells, want 81", len(line))
		}
		p, err := solvers.NewWithUnits(side, g, nil, diagonals)
		if err != nil {
			return nil, errorf(0, "%v", err)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// WriteInput writes ps, 9x9 puzzles with the standard boxes and the two
// diagonals as their only extra units, as an input of the problem.
func WriteInput(w io.Writer, ps []*solvers.Puzzle) error {
	var b strings.Builder
	for i, p := range ps {
		if p.Size() != side || !p.Standard() || !isX(p) {
			return fmt.Errorf("%s: puzzle %d is not a 9x9 X-sudoku", ID, i+1)
		}
		b.WriteString(strings.ReplaceAll(p.String(), "\n", ""))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// isX reports whether p's extra units are the two diagonals.
func isX(p *solvers.Puzzle) bool {
	extra := p.ExtraUnits()
	if len(extra) != len(diagonals) {
		return false
	}
	for k, u := range extra {
		if !slices.Equal(u.Cells, diagonals[k].Cells) {
			return false
		}
	}
	return true
}
