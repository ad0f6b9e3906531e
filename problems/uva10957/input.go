package uva10957

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const (
	side  = 9
	cells = side * side
	// MaxCases bounds the grids of one input, so a hostile input cannot
	// make the judge build millions of puzzles.
	MaxCases = 10000
)

// Parse reads an input: grids of 9 lines of 9 digits 0-9 ('0' empty), the
// digits of a line separated by white space, grids separated by blank
// lines. Trailing white space and CR are ignored; anything else is a
// *problems.ParseError naming its line and column.
func (*problem) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	return Parse(name, input)
}

// Parse is [problems.Problem.Parse] for this problem, for tools that work
// on inputs without the rest of the problem.
func Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	lines := bytes.Split(input, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	var ps []*solvers.Puzzle
	g := make([]uint8, 0, cells)
	for n, raw := range lines {
		errorf := func(col int, format string, args ...any) error {
			return &problems.ParseError{File: name, Line: n + 1, Col: col, Msg: fmt.Sprintf(format, args...)}
		}
		line := bytes.TrimRight(raw, " \t\r")
		if len(line) == 0 {
			if len(g) != 0 {
				return nil, errorf(0, "empty line inside grid %d after %d rows, want 9", len(ps)+1, len(g)/side)
			}
			continue
		}
		row := len(g) / side
		count := 0
		for col := 0; col < len(line); col++ {
			c := line[col]
			switch {
			case c == ' ' || c == '\t':
				continue
			case c < '0' || c > '9':
				return nil, errorf(col+1, "grid %d, row %d: unexpected %s, want a digit 0-9", len(ps)+1, row+1, contest.Quote(line[col:col+1], 8))
			case col+1 < len(line) && line[col+1] >= '0' && line[col+1] <= '9':
				return nil, errorf(col+2, "grid %d, row %d: want single digits separated by spaces", len(ps)+1, row+1)
			case count == side:
				return nil, errorf(col+1, "grid %d, row %d: more than 9 digits", len(ps)+1, row+1)
			}
			g = append(g, c-'0')
			count++
		}
		if count != side {
			return nil, errorf(0, "grid %d, row %d: %d digits, want 9", len(ps)+1, row+1, count)
		}
		if len(g) == cells {
			if len(ps) == MaxCases {
				return nil, errorf(0, "more than %d grids", MaxCases)
			}
			p, err := solvers.NewStandard(side, g)
			if err != nil {
				return nil, errorf(0, "grid %d: %v", len(ps)+1, err)
			}
			ps = append(ps, p)
			g = make([]uint8, 0, cells)
		}
	}
	if len(g) != 0 {
		return nil, &problems.ParseError{File: name, Line: len(lines) + 1, Msg: fmt.Sprintf("input ends inside grid %d after %d rows, want 9", len(ps)+1, len(g)/side)}
	}
	return ps, nil
}

// WriteInput writes ps in the input format: rows of digits separated by one
// space, grids separated by one empty line.
func WriteInput(w io.Writer, ps []*solvers.Puzzle) error {
	var b strings.Builder
	for k, p := range ps {
		if p.Size() != side || !p.Standard() {
			return fmt.Errorf("%s: puzzle %d is not a standard 9x9 puzzle", ID, k+1)
		}
		if k > 0 {
			b.WriteByte('\n')
		}
		for i := range cells {
			b.WriteByte('0' + byte(p.Cell(i)))
			if i%side == side-1 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
