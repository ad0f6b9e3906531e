package poj3076

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Parse reads an input: grids of 16 lines of 16 cells, 'A'-'P' for a given
// and '-' for an empty cell, separated by empty lines, until the end of the
// input. Trailing spaces and CR on a line are ignored, and so are extra
// empty lines between grids and at either end; a grid of the wrong size,
// two grids without an empty line between them or a bad character is a
// *problems.ParseError.
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
	var (
		ps    []*solvers.Puzzle
		cells []uint8 // of the grid being read
		gap   = true  // an empty line (or the start) precedes the next grid
	)
	for n, raw := range lines {
		line := bytes.TrimRight(raw, " \t\r")
		errorf := func(col int, format string, args ...any) error {
			return &problems.ParseError{File: name, Line: n + 1, Col: col, Msg: fmt.Sprintf(format, args...)}
		}
		grid := len(ps) + 1
		if len(line) == 0 {
			if len(cells) > 0 {
				return nil, errorf(0, "empty line inside grid %d after %d rows, want 16 rows", grid, len(cells)/side)
			}
			gap = true
			continue
		}
		if len(cells) == 0 && !gap {
			return nil, errorf(0, "grid %d has more than 16 rows, or grid %d starts without the empty line that separates grids", grid-1, grid)
		}
		gap = false
		row := len(cells)/side + 1
		for i, c := range line {
			switch {
			case i >= side:
				return nil, errorf(side+1, "grid %d, row %d has %d cells, want 16", grid, row, len(line))
			case c == '-':
				cells = append(cells, 0)
			case c >= 'A' && c <= 'P':
				cells = append(cells, c-'A'+1)
			default:
				return nil, errorf(i+1, "grid %d, row %d: want a letter A-P or '-' for an empty cell, got %q", grid, row, c)
			}
		}
		if len(line) < side {
			return nil, errorf(len(line)+1, "grid %d, row %d has %d cells, want 16", grid, row, len(line))
		}
		if len(cells) == side*side {
			p, err := solvers.NewStandard(side, cells)
			if err != nil {
				return nil, errorf(0, "%v", err)
			}
			ps = append(ps, p)
			cells = cells[:0]
		}
	}
	if len(cells) > 0 {
		return nil, &problems.ParseError{File: name, Line: len(lines) + 1,
			Msg: fmt.Sprintf("input ends inside grid %d after %d of its 16 rows", len(ps)+1, len(cells)/side)}
	}
	return ps, nil
}

// WriteInput writes ps as an input of the problem, in the judge's layout:
// an empty line between grids and none after the last.
func WriteInput(w io.Writer, ps []*solvers.Puzzle) error {
	var b strings.Builder
	for i, p := range ps {
		if p.Size() != side || !p.Standard() {
			return fmt.Errorf("%s: puzzle %d is not a standard 16x16 sudoku", ID, i+1)
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		for k := range side * side {
			b.WriteByte(letter(uint8(p.Cell(k))))
			if k%side == side-1 {
				b.WriteByte('\n')
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
