package poj2676

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Checker is the problem's special judge. It accepts any output that
// completes every case of the input by the sudoku rules, keeping the givens.
// It reads the output's digits whatever the white space between them, so
// that a right grid in another layout (spaces between digits, blank lines)
// is a presentation error rather than a wrong answer. The expected answer is
// one valid completion among possibly many; it only serves to show a diff.
type Checker struct {
	// SkipBlankLines accepts empty lines anywhere, as the contest's own
	// validator does: it reads each row as a white-space separated word
	// (see SOURCE.md). Without it an empty line is PE.
	SkipBlankLines bool
}

// Configure implements contest.Configurable: blank_lines: compare (the
// default) or skip.
func (c Checker) Configure(args contest.Args) (contest.Checker, error) {
	for _, k := range args.Keys() {
		if k != "blank_lines" {
			return nil, fmt.Errorf("unknown argument %q (have blank_lines)", k)
		}
		switch args[k] {
		case "compare":
			c.SkipBlankLines = false
		case "skip":
			c.SkipBlankLines = true
		default:
			return nil, fmt.Errorf("blank_lines: %q: want compare or skip", args[k])
		}
	}
	return c, nil
}

// Check implements contest.Checker.
func (c Checker) Check(_ context.Context, input, output, answer []byte) contest.Result {
	puzzles, err := Parse("input", input)
	if err != nil {
		return contest.Result{Verdict: contest.IE, Message: fmt.Sprintf("bad test input: %v", err)}
	}
	want := len(puzzles) * cells
	digits, bad := readDigits(output, want+1)
	if bad != nil {
		return wrong(fmt.Sprintf("line %d, column %d: %q is not a digit 1-9", bad.line, bad.col, bad.c), output, answer)
	}
	if len(digits) < want {
		k := len(digits) / cells
		msg := fmt.Sprintf("output ends in case %d of %d after %d of its 81 digits", k+1, len(puzzles), len(digits)%cells)
		if len(digits)%cells == 0 {
			msg = fmt.Sprintf("output has %d grids, want %d (missing case %d)", k, len(puzzles), k+1)
		}
		return wrong(msg, output, answer)
	}
	if len(digits) > want {
		extra := digits[want]
		return wrong(fmt.Sprintf("line %d: unexpected output after the %d cases", extra.line, len(puzzles)), output, answer)
	}
	for k, p := range puzzles {
		g := make(solvers.Grid, cells)
		for i := range g {
			g[i] = digits[k*cells+i].c - '0'
		}
		if err := p.Check(g); err != nil {
			at := digits[k*cells+badCell(p, g, err)]
			return wrong(fmt.Sprintf("case %d: %v (output line %d)", k+1, err, at.line), output, answer)
		}
	}
	if line, msg := layout(output, c.SkipBlankLines); msg != "" {
		return contest.Result{Verdict: contest.PE, Message: fmt.Sprintf("line %d: %s", line+1, msg),
			Diff: contest.LineDiff(canonical(digits), output)}
	}
	return contest.Result{Verdict: contest.AC}
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

// readDigits returns the output's non-space bytes, at most limit of them so
// a flood of output costs no more than the answer, or the first one that is
// not a digit 1-9.
func readDigits(b []byte, limit int) ([]digit, *digit) {
	var ds []digit
	line, col := 1, 1
	for _, c := range b {
		switch {
		case c == '\n':
			line, col = line+1, 1
			continue
		case isSpace(c):
		case c >= '1' && c <= '9':
			if ds = append(ds, digit{c, line, col}); len(ds) == limit {
				return ds, nil
			}
		default:
			return nil, &digit{c, line, col}
		}
		col++
	}
	return ds, nil
}

// layout checks that the output is the answer's layout: 9 lines of 9 digits
// per case and nothing else, ignoring trailing white space on a line and
// trailing blank lines, and empty lines anywhere when skipBlank. It returns
// the index of the first bad line and what is wrong with it, or "" if the
// layout is right.
func layout(output []byte, skipBlank bool) (int, string) {
	// The caller has seen exactly cases*81 digits and nothing else, so a
	// line count other than cases*9 implies a line that is not 9 long.
	lines := contest.NewLineReader(output)
	for i := 0; ; i++ {
		l, ok := lines.Next()
		if !ok {
			return 0, ""
		}
		if len(l) == 0 && skipBlank {
			continue
		}
		if len(l) != 9 {
			return i, fmt.Sprintf("right digits, wrong layout: expected one row of 9 digits without spaces, got %s", contest.Quote(l, 40))
		}
	}
}

// canonical lays out digits as the problem's output.
func canonical(ds []digit) []byte {
	b := make([]byte, 0, len(ds)+len(ds)/9)
	for i, d := range ds {
		b = append(b, d.c)
		if i%9 == 8 {
			b = append(b, '\n')
		}
	}
	return b
}

// wrong is a WA with a diff of the output against the expected answer,
// when the expected answer is there to show.
func wrong(msg string, output, answer []byte) contest.Result {
	r := contest.Result{Verdict: contest.WA, Message: msg}
	if len(answer) > 0 {
		r.Diff = contest.LineDiff(answer, output)
	}
	return r
}
