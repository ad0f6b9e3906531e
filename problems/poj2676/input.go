package poj2676

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const cells = 81

// Parse reads an input: the number of cases T on a line of its own, then
// for each case 9 rows of 9 digits, one row a line, '0' for an empty cell.
// Like the judge's own reader it ignores white space around the tokens,
// empty lines and CR, but it insists on one token per line, exactly T cases
// and nothing after them; anything else is a *problems.ParseError.
func (*problem) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	return Parse(name, input)
}

// Parse is [problems.Problem.Parse] for this problem, for tools that work
// on inputs without the rest of the problem.
func Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	toks := tokenize(input)
	errorf := func(line, col int, format string, args ...any) error {
		return &problems.ParseError{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	if len(toks) == 0 {
		return nil, errorf(1, 0, "empty input: want the number of test cases")
	}
	first := toks[0]
	for i, c := range first.text {
		if c < '0' || c > '9' {
			return nil, errorf(first.line, first.col+i, "want the number of test cases, got %q", shorten(first.text))
		}
	}
	t, err := strconv.Atoi(first.text)
	if err != nil {
		return nil, errorf(first.line, first.col, "number of test cases %s is too large", shorten(first.text))
	}
	toks = toks[1:]
	prevLine := first.line
	var ps []*solvers.Puzzle
	for k := 1; k <= t; k++ {
		g := make([]uint8, 0, cells)
		for r := 1; r <= 9; r++ {
			if len(toks) == 0 {
				return nil, errorf(lastLine(input), 0, "input ends in case %d of %d, before row %d", k, t, r)
			}
			tok := toks[0]
			toks = toks[1:]
			if tok.line == prevLine {
				return nil, errorf(tok.line, tok.col, "case %d, row %d: want one row per line, got %q after another token", k, r, shorten(tok.text))
			}
			prevLine = tok.line
			for i, c := range []byte(tok.text) {
				if i == 9 {
					return nil, errorf(tok.line, tok.col+i, "case %d, row %d has %d digits, want 9", k, r, len(tok.text))
				}
				if c < '0' || c > '9' {
					return nil, errorf(tok.line, tok.col+i, "case %d, row %d: want a digit 0-9 (0 for empty), got %q", k, r, c)
				}
				g = append(g, c-'0')
			}
			if len(tok.text) < 9 {
				return nil, errorf(tok.line, tok.col+len(tok.text), "case %d, row %d has %d digits, want 9", k, r, len(tok.text))
			}
		}
		p, err := solvers.NewStandard(9, g)
		if err != nil {
			return nil, fmt.Errorf("%s: case %d: %w", name, k, err)
		}
		ps = append(ps, p)
	}
	if len(toks) > 0 {
		tok := toks[0]
		return nil, errorf(tok.line, tok.col, "unexpected %q after the %d cases the first line announces", shorten(tok.text), t)
	}
	return ps, nil
}

// A token is a run of non-space bytes and where it starts (from 1).
type token struct {
	text      string
	line, col int
}

func tokenize(b []byte) []token {
	var toks []token
	line, col := 1, 1
	start := -1
	for i := 0; i <= len(b); i++ {
		space := i == len(b) || isSpace(b[i])
		if !space && start < 0 {
			start = i
			toks = append(toks, token{line: line, col: col})
		}
		if space && start >= 0 {
			toks[len(toks)-1].text = string(b[start:i])
			start = -1
		}
		if i < len(b) && b[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return toks
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// lastLine returns the number of the input's last line, where an input
// that ends too early is reported.
func lastLine(b []byte) int {
	n := strings.Count(string(b), "\n")
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return max(n, 1)
}

// shorten keeps messages about long junk readable.
func shorten(s string) string {
	const max = 24
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// WriteInput writes ps as an input of the problem.
func WriteInput(w io.Writer, ps []*solvers.Puzzle) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(ps))
	for i, p := range ps {
		if p.Size() != 9 || !p.Standard() {
			return fmt.Errorf("%s: puzzle %d is not a standard 9x9 sudoku", ID, i+1)
		}
		for k := range cells {
			b.WriteByte('0' + byte(p.Cell(k)))
			if k%9 == 8 {
				b.WriteByte('\n')
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
