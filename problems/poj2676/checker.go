package poj2676

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Checker is the problem's special judge. It accepts any output that
// completes every case of the input by the sudoku rules, keeping the givens.
// It reads the output's digits whatever the white space between them, so
// that a right grid in another layout (spaces between digits, blank lines)
// is a presentation error rather than a wrong answer. The expected answer is
// one valid completion among possibly many; it only serves to show a diff.
type Checker struct{}

// Check implements checker.Checker.
func (Checker) Check(input, output, answer []byte) checker.Result {
	puzzles, err := Parse("input", input)
	if err != nil {
		return checker.Result{Verdict: verdict.IE, Message: fmt.Sprintf("bad test input: %v", err)}
	}
	digits, bad := readDigits(output)
	if bad != nil {
		return wrong(fmt.Sprintf("line %d, column %d: %q is not a digit 1-9", bad.line, bad.col, bad.c), output, answer, bad.line-1)
	}
	want := len(puzzles) * cells
	if len(digits) < want {
		k := len(digits) / cells
		msg := fmt.Sprintf("output ends in case %d of %d after %d of its 81 digits", k+1, len(puzzles), len(digits)%cells)
		if len(digits)%cells == 0 {
			msg = fmt.Sprintf("output has %d grids, want %d (missing case %d)", k, len(puzzles), k+1)
		}
		return wrong(msg, output, answer, len(checker.SplitLines(output)))
	}
	if len(digits) > want {
		extra := digits[want]
		return wrong(fmt.Sprintf("line %d: unexpected output after the %d cases", extra.line, len(puzzles)), output, answer, extra.line-1)
	}
	for k, p := range puzzles {
		g := make(solvers.Grid, cells)
		for i := range g {
			g[i] = digits[k*cells+i].c - '0'
		}
		if err := p.Check(g); err != nil {
			at := digits[k*cells+badCell(p, g, err)]
			return wrong(fmt.Sprintf("case %d: %v", k+1, err), output, answer, at.line-1)
		}
	}
	if line, msg := layout(output, len(puzzles)); msg != "" {
		got := checker.SplitLines(output)
		return checker.Result{Verdict: verdict.PE, Message: fmt.Sprintf("line %d: %s", line+1, msg),
			Diff: checker.Diff(canonical(digits), got, line)}
	}
	return checker.Result{Verdict: verdict.AC}
}

// badCell returns the cell that err, from p.Check(g), is about: the second
// of two clashing cells, or the first cell that changes a given.
func badCell(p *solvers.Puzzle, g solvers.Grid, err error) int {
	var clash *solvers.ClashError
	if errors.As(err, &clash) {
		return clash.Second
	}
	for i, v := range g {
		if given := p.Cell(i); given != 0 && given != int(v) {
			return i
		}
	}
	return 0
}

// A digit is one non-space byte of the output and where it is (from 1).
type digit struct {
	c         byte
	line, col int
}

// readDigits returns the output's non-space bytes, or the first one that is
// not a digit 1-9.
func readDigits(b []byte) ([]digit, *digit) {
	var ds []digit
	line, col := 1, 1
	for _, c := range b {
		switch {
		case c == '\n':
			line, col = line+1, 1
			continue
		case isSpace(c):
		case c >= '1' && c <= '9':
			ds = append(ds, digit{c, line, col})
		default:
			return nil, &digit{c, line, col}
		}
		col++
	}
	return ds, nil
}

// layout checks that the output is the answer's layout: 9 lines of 9 digits
// per case and nothing else, ignoring trailing white space on a line and
// trailing blank lines. It returns the index of the first bad line and what
// is wrong with it, or "" if the layout is right.
func layout(output []byte, cases int) (int, string) {
	lines := checker.SplitLines(output)
	for i, l := range lines {
		if i >= cases*9 {
			return i, fmt.Sprintf("expected end of output, got %q", shorten(l))
		}
		if len(l) != 9 {
			return i, fmt.Sprintf("right digits, wrong layout: expected one row of 9 digits without spaces, got %q", shorten(l))
		}
	}
	if len(lines) < cases*9 {
		return len(lines), "right digits, wrong layout: fewer lines than 9 per case"
	}
	return 0, ""
}

// canonical lays out digits as the problem's output.
func canonical(ds []digit) []string {
	lines := make([]string, 0, len(ds)/9)
	var b strings.Builder
	for i, d := range ds {
		b.WriteByte(d.c)
		if i%9 == 8 {
			lines = append(lines, b.String())
			b.Reset()
		}
	}
	return lines
}

// wrong is a WA with a diff of the output against the expected answer
// around line index first, when the expected answer is there to show.
func wrong(msg string, output, answer []byte, first int) checker.Result {
	r := checker.Result{Verdict: verdict.WA, Message: msg}
	if want := checker.SplitLines(answer); len(want) > 0 {
		r.Diff = checker.Diff(want, checker.SplitLines(output), max(first, 0))
	}
	return r
}
