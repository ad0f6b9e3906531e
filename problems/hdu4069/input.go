package hdu4069

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const (
	side  = 9
	cells = side * side
	// MaxCases is the statement's bound on T.
	MaxCases = 2500
)

// Wall bits of a cell's value; the digit is in the low four bits.
const (
	wallUp    = 16
	wallRight = 32
	wallDown  = 64
	wallLeft  = 128
	digitMask = 15
)

// Parse reads an input: T, then T cases of 81 integers, each a cell's digit
// (0 for empty) plus its wall bits. Numbers are separated by any white space,
// so the blank lines between cases are optional.
//
// Walls must be recorded on both sides of a boundary, and must cut the grid
// into nine connected regions of nine cells. Walls on the outer border are
// optional: they separate the grid from nothing. Anything else, including
// data after the last case, is a *problems.ParseError.
func (*problem) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	return Parse(name, input)
}

// Parse is [problems.Problem.Parse] for this problem, for tools that work
// on inputs without the rest of the problem.
func Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	sc := &scanner{name: name, in: input, line: 1, col: 1}
	tok, ok := sc.next()
	if !ok {
		return nil, sc.errorf(tok, "empty input: want the number of cases T")
	}
	t, err := strconv.Atoi(tok.text)
	switch {
	case err != nil:
		return nil, sc.errorf(tok, "number of cases %q is not an integer", shorten(tok.text))
	case t < 1 || t > MaxCases:
		return nil, sc.errorf(tok, "number of cases %d out of range 1-%d", t, MaxCases)
	}
	ps := make([]*solvers.Puzzle, 0, t)
	for k := 1; k <= t; k++ {
		p, err := parseCase(sc, k, t)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	if tok, ok := sc.next(); ok {
		return nil, sc.errorf(tok, "unexpected %q after the last case (T = %d)", shorten(tok.text), t)
	}
	return ps, nil
}

// parseCase reads case k of t.
func parseCase(sc *scanner, k, t int) (*solvers.Puzzle, error) {
	var vals [cells]int
	var toks [cells]token
	for i := range vals {
		tok, ok := sc.next()
		if !ok {
			return nil, sc.errorf(tok, "input ends in case %d of %d after %d of its 81 cells", k, t, i)
		}
		v, err := strconv.Atoi(tok.text)
		switch {
		case err != nil:
			return nil, sc.errorf(tok, "case %d, cell %s: %q is not an integer 0-255", k, solvers.CellName(side, i), shorten(tok.text))
		case v < 0 || v > 255:
			return nil, sc.errorf(tok, "case %d, cell %s: value %d out of range 0-255 (digit plus wall bits 16, 32, 64, 128)", k, solvers.CellName(side, i), v)
		case v&digitMask > 9:
			return nil, sc.errorf(tok, "case %d, cell %s: value %d has digit %d, want 0-9 (value & 15)", k, solvers.CellName(side, i), v, v&digitMask)
		}
		vals[i], toks[i] = v, tok
	}
	// Walls must agree on both sides of every inner boundary.
	for i, v := range vals {
		r, c := i/side, i%side
		if c < side-1 && (v&wallRight != 0) != (vals[i+1]&wallLeft != 0) {
			return nil, sc.errorf(toks[i], "case %d: wall between %s and %s on one side only (%s right %t, %s left %t)", k,
				solvers.CellName(side, i), solvers.CellName(side, i+1),
				solvers.CellName(side, i), v&wallRight != 0, solvers.CellName(side, i+1), vals[i+1]&wallLeft != 0)
		}
		if r < side-1 && (v&wallDown != 0) != (vals[i+side]&wallUp != 0) {
			return nil, sc.errorf(toks[i], "case %d: wall between %s and %s on one side only (%s down %t, %s up %t)", k,
				solvers.CellName(side, i), solvers.CellName(side, i+side),
				solvers.CellName(side, i), v&wallDown != 0, solvers.CellName(side, i+side), vals[i+side]&wallUp != 0)
		}
	}
	regions, sizes := regionsOf(vals)
	if len(sizes) != side {
		bad := firstBadRegion(regions, sizes)
		return nil, sc.errorf(toks[bad], "case %d: walls make %d regions, want 9; the region of %s has %d cells", k,
			len(sizes), solvers.CellName(side, bad), sizes[regions[bad]])
	}
	if bad := firstBadRegion(regions, sizes); bad >= 0 {
		return nil, sc.errorf(toks[bad], "case %d: the region of %s has %d cells, want 9", k, solvers.CellName(side, bad), sizes[regions[bad]])
	}
	g := make([]uint8, cells)
	for i, v := range vals {
		g[i] = uint8(v & digitMask)
	}
	p, err := solvers.New(side, g, regions)
	if err != nil { // unreachable: every check New makes is made above
		return nil, sc.errorf(toks[0], "case %d: %v", k, err)
	}
	return p, nil
}

// regionsOf numbers the regions the walls make, in the order of their
// first cell, and returns each cell's region and each region's size.
func regionsOf(vals [cells]int) ([]uint8, []int) {
	regions := make([]uint8, cells)
	seen := make([]bool, cells)
	var sizes []int
	for start := range cells {
		if seen[start] {
			continue
		}
		id := len(sizes)
		size := 0
		seen[start] = true
		stack := []int{start}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			regions[i] = uint8(id)
			size++
			for _, j := range open(vals, i) {
				if !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		sizes = append(sizes, size)
	}
	return regions, sizes
}

// open returns the neighbours of cell i not walled off from it. Walls are
// known to be consistent, so looking at i's side is enough.
func open(vals [cells]int, i int) []int {
	r, c := i/side, i%side
	v := vals[i]
	var out []int
	if r > 0 && v&wallUp == 0 {
		out = append(out, i-side)
	}
	if c < side-1 && v&wallRight == 0 {
		out = append(out, i+1)
	}
	if r < side-1 && v&wallDown == 0 {
		out = append(out, i+side)
	}
	if c > 0 && v&wallLeft == 0 {
		out = append(out, i-1)
	}
	return out
}

// firstBadRegion returns the first cell of the first region without nine
// cells, or -1.
func firstBadRegion(regions []uint8, sizes []int) int {
	for i, r := range regions {
		if sizes[r] != side {
			return i
		}
	}
	return -1
}

// WriteInput writes ps as an input of the problem: T, then each case as 9
// lines of 9 cell values, a blank line between cases, as in the sample.
func WriteInput(w io.Writer, ps []*solvers.Puzzle) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(ps))
	for k, p := range ps {
		if p.Size() != side {
			return fmt.Errorf("%s: puzzle %d is %dx%d, want 9x9", ID, k+1, p.Size(), p.Size())
		}
		if k > 0 {
			b.WriteByte('\n')
		}
		for i := range cells {
			b.WriteString(strconv.Itoa(cellValue(p, i)))
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

// cellValue encodes cell i of p: its digit plus a wall on every side that
// borders another region or the outside.
func cellValue(p *solvers.Puzzle, i int) int {
	r, c := i/side, i%side
	reg := p.Region(i)
	v := p.Cell(i)
	if r == 0 || p.Region(i-side) != reg {
		v |= wallUp
	}
	if c == side-1 || p.Region(i+1) != reg {
		v |= wallRight
	}
	if r == side-1 || p.Region(i+side) != reg {
		v |= wallDown
	}
	if c == 0 || p.Region(i-1) != reg {
		v |= wallLeft
	}
	return v
}

// A token is one white-space separated word of the input and where it
// starts. At the end of the input text is empty and the position is the
// end's.
type token struct {
	text      string
	line, col int
}

// A scanner splits an input into tokens, counting lines and columns (bytes,
// from 1).
type scanner struct {
	name      string
	in        []byte
	pos       int
	line, col int
}

func (s *scanner) next() (token, bool) {
	for s.pos < len(s.in) && isSpace(s.in[s.pos]) {
		s.advance()
	}
	tok := token{line: s.line, col: s.col}
	start := s.pos
	for s.pos < len(s.in) && !isSpace(s.in[s.pos]) {
		s.advance()
	}
	tok.text = string(s.in[start:s.pos])
	return tok, tok.text != ""
}

func (s *scanner) advance() {
	if s.in[s.pos] == '\n' {
		s.line++
		s.col = 0
	}
	s.pos++
	s.col++
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func (s *scanner) errorf(at token, format string, args ...any) error {
	return &problems.ParseError{File: s.name, Line: at.line, Col: at.col, Msg: fmt.Sprintf(format, args...)}
}

// shorten keeps messages about long garbage short.
func shorten(s string) string {
	const max = 24
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
