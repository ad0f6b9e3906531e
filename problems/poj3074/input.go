package poj3074

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const cells = 81

// terminator is the line that ends the input.
const terminator = "end"

// Parse reads an input: one line of 81 cells per puzzle, '1'-'9' for a
// given and '.' for an empty cell, then a line "end". Trailing spaces and
// CR on a line are ignored, and so are empty lines after "end"; anything
// else is a *problems.ParseError.
func (*problem) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	return Parse(name, input)
}

// Parse is [problems.Problem.Parse] for this problem, for tools that work
// on inputs without the rest of the problem.
func Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	ps := make([]*solvers.Puzzle, 0, bytes.Count(input, []byte("\n")))
	for p, err := range Cases(name, input) {
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// Cases implements [problems.Streamer]: solve reads the cases of a long
// input a batch at a time.
func (*problem) Cases(name string, input []byte) iter.Seq2[*solvers.Puzzle, error] {
	return Cases(name, input)
}

// Cases yields the puzzles of input one at a time, as Parse reads them,
// and in place of a malformed line its *problems.ParseError.
func Cases(name string, input []byte) iter.Seq2[*solvers.Puzzle, error] {
	return func(yield func(*solvers.Puzzle, error) bool) {
		if err := eachCase(name, input, func(p *solvers.Puzzle) bool { return yield(p, nil) }); err != nil {
			yield(nil, err)
		}
	}
}

// eachCase calls yield with each puzzle of input until it returns false,
// and returns the input's first fault, if yield got that far.
func eachCase(name string, input []byte, yield func(*solvers.Puzzle) bool) error {
	// The lines are walked in place, not split into a slice of lines:
	// inputs hold tens of thousands of them.
	var g [cells]uint8
	rest := input
	for n := 0; len(rest) > 0; n++ {
		raw, after, _ := bytes.Cut(rest, []byte("\n"))
		rest = after
		line := bytes.TrimRight(raw, " \t\r")
		errorf := func(col int, format string, args ...any) error {
			return &problems.ParseError{File: name, Line: n + 1, Col: col, Msg: fmt.Sprintf(format, args...)}
		}
		if string(line) == terminator {
			for m := n + 1; len(rest) > 0; m++ {
				var next []byte
				next, rest, _ = bytes.Cut(rest, []byte("\n"))
				if trimmed := bytes.TrimLeft(next, " \t\r"); len(trimmed) > 0 {
					col := len(next) - len(trimmed) + 1
					return &problems.ParseError{File: name, Line: m + 1, Col: col,
						Msg: fmt.Sprintf("unexpected %q after the %q line", shorten(trimmed), terminator)}
				}
			}
			return nil
		}
		if len(line) == 0 {
			return errorf(0, "empty line: want a puzzle of 81 cells or %q", terminator)
		}
		if len(line) != cells || !decode81((*[cells]byte)(line), &g) {
			// Walk the line again, a character at a time, to name the
			// first fault.
			if err := decodeSlowly(line, &g); err != nil {
				return errorf(err.col, "%s", err.msg)
			}
		}
		p, err := solvers.NewStandard(9, g[:]) // copies g
		if err != nil {
			return errorf(0, "%v", err)
		}
		if !yield(p) {
			return nil
		}
	}
	lines := lineCount(input) // each a puzzle
	return &problems.ParseError{File: name, Line: lines + 1,
		Msg: fmt.Sprintf("input ends without the %q line after %s", terminator, plural(lines, "puzzle"))}
}

// A lineFault is what decodeSlowly found wrong with a line.
type lineFault struct {
	col int
	msg string
}

// decodeSlowly is decode81 one character at a time, for any length of
// line: it returns the line's first fault, or nil with g filled.
func decodeSlowly(line []byte, g *[cells]uint8) *lineFault {
	*g = [cells]uint8{}
	for i, c := range line {
		switch {
		case i >= cells:
			return &lineFault{cells + 1, fmt.Sprintf("line has %d characters, want 81", len(line))}
		case c == '.':
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		case i == 0 && isLetter(c):
			return &lineFault{1, fmt.Sprintf("unexpected %q: want a puzzle of 81 cells or %q", shorten(line), terminator)}
		default:
			return &lineFault{i + 1, fmt.Sprintf("unexpected %q: want a digit 1-9 or '.' for an empty cell", c)}
		}
	}
	if len(line) < cells {
		return &lineFault{len(line) + 1, fmt.Sprintf("line has %d cells, want 81", len(line))}
	}
	return nil
}

// decode81 writes the cells of a puzzle line into g, '.' as 0, and reports
// whether each character is '.' or a digit 1-9. It looks at eight
// characters at a time, as inputs hold tens of thousands of lines; Parse
// walks a line it refuses again to name the fault.
func decode81(line *[cells]byte, g *[cells]uint8) bool {
	var bad uint64
	for w := 0; w+8 <= cells; w += 8 {
		// A byte below 0x80 gets no carry from its neighbours in the sums
		// below; a byte from 0x80 up makes the line bad by its top bit.
		x := binary.LittleEndian.Uint64(line[w:w+8]) ^ 0x30*ones // '1'-'9' to 1-9, '.' to 0x1e
		digit := digitBytes(x)
		dot := ^((x ^ 0x1e*ones) + 0x7f*ones) // top bit: x == 0x1e
		bad |= x | ^(digit | dot)
		keep := (digit >> 7) * 0xff // 0xff where a digit is
		binary.LittleEndian.PutUint64(g[w:w+8], x&keep)
	}
	switch c := line[cells-1]; {
	case c == '.':
		g[cells-1] = 0
	case c >= '1' && c <= '9':
		g[cells-1] = c - '0'
	default:
		return false
	}
	return bad&high == 0
}

// Eight bytes at a time: ones has 1 in each byte, high the top bit.
const (
	ones = 0x0101010101010101
	high = 0x80 * ones
)

// digitBytes returns the top bit of each byte of x that holds 1-9, for x
// whose bytes are below 0x80. (Such a byte plus 0x7f or 0x76 carries into
// no other; a byte from 0x80 up may mark a neighbour wrongly, so callers
// refuse x by that byte's own top bit.)
func digitBytes(x uint64) uint64 {
	return (x + 0x7f*ones) &^ (x + 0x76*ones) & high // at least 1, and not at least 10
}

// lineCount is the number of lines of input, the last one ended by a
// newline or by the end of the input.
func lineCount(input []byte) int {
	n := bytes.Count(input, []byte("\n"))
	if len(input) > 0 && input[len(input)-1] != '\n' {
		n++
	}
	return n
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// shorten quotes at most a few dozen bytes of b in messages.
func shorten(b []byte) string {
	const max = 24
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}

// WriteInput writes ps as an input of the problem.
func WriteInput(w io.Writer, ps []*solvers.Puzzle) error {
	var b strings.Builder
	for i, p := range ps {
		if p.Size() != 9 || !p.Standard() {
			return fmt.Errorf("%s: puzzle %d is not a standard 9x9 sudoku", ID, i+1)
		}
		b.WriteString(strings.ReplaceAll(p.String(), "\n", ""))
		b.WriteByte('\n')
	}
	b.WriteString(terminator + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// plural returns "1 puzzle", "2 puzzles" and so on.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
