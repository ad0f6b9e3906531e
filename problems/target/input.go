package target

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const side = 9

// Parse reads an input: 9 lines of 9 digits 0-9 separated by white space,
// 0 for an empty cell. Trailing white space, CR and empty lines after the
// grid are ignored; anything else is a *problems.ParseError. The input is a
// single case.
func (*problem) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	p, err := Parse(name, input)
	if err != nil {
		return nil, err
	}
	return []*solvers.Puzzle{p}, nil
}

// Parse is [problems.Problem.Parse] for this problem, for tools that work
// on inputs without the rest of the problem.
func Parse(name string, input []byte) (*solvers.Puzzle, error) {
	lines := bytes.Split(input, []byte("\n"))
	errorf := func(line, col int, format string, args ...any) error {
		return &problems.ParseError{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	g := make([]uint8, side*side)
	for r := range side {
		if r >= len(lines) || r == len(lines)-1 && len(lines[r]) == 0 {
			return nil, errorf(r+1, 0, "input ends after %d of the 9 grid lines", r)
		}
		line := lines[r]
		n := 0
		for col := 0; col < len(line); {
			if isSpace(line[col]) {
				col++
				continue
			}
			end := col
			for end < len(line) && !isSpace(line[end]) {
				end++
			}
			tok := line[col:end]
			switch {
			case n == side:
				return nil, errorf(r+1, col+1, "unexpected %q after the 9 digits of the line", shorten(tok))
			case len(tok) != 1 || tok[0] < '0' || tok[0] > '9':
				return nil, errorf(r+1, col+1, "%q: want a digit 0-9 (0 for an empty cell)", shorten(tok))
			}
			g[r*side+n] = tok[0] - '0'
			n++
			col = end
		}
		if n < side {
			return nil, errorf(r+1, len(bytes.TrimRight(line, " \t\r"))+1, "line has %d digits, want 9", n)
		}
	}
	for r := side; r < len(lines); r++ {
		if rest := bytes.TrimLeft(lines[r], " \t\r\v\f"); len(rest) > 0 {
			return nil, errorf(r+1, len(lines[r])-len(rest)+1, "unexpected %q after the 9 grid lines", shorten(rest))
		}
	}
	p, err := solvers.NewStandard(side, g)
	if err != nil { // unreachable: the digits and their number are checked
		return nil, errorf(1, 0, "%v", err)
	}
	return p, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// shorten keeps messages about long garbage short.
func shorten(b []byte) string {
	const max = 24
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}

// WriteInput writes p as an input of the problem: 9 lines of 9 digits
// separated by single spaces.
func WriteInput(w io.Writer, p *solvers.Puzzle) error {
	if p.Size() != side || !p.Standard() {
		return fmt.Errorf("%s: want a standard 9x9 puzzle", ID)
	}
	var b strings.Builder
	for i := range side * side {
		b.WriteByte('0' + byte(p.Cell(i)))
		if i%side == side-1 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
