package poj3076

import (
	"context"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Checker compares the output with the expected answer line by line as its
// contest.Lines does, and names the grid and row of the first line that
// differs. Its zero value judges as POJ did: the empty line between grids
// is part of the answer, so output without it, or with one before the
// first grid, is PE; white space at the end of a line or of the output is
// forgiven, so an empty line after the last grid too is AC (see SOURCE.md).
type Checker struct {
	Lines contest.Lines
}

// Configure implements contest.Configurable with the settings of
// contest.Lines.
func (c Checker) Configure(args contest.Args) (contest.Checker, error) {
	l, err := c.Lines.Configure(args)
	if err != nil {
		return nil, err
	}
	return Checker{Lines: l.(contest.Lines)}, nil
}

// AsLines returns the contest.Lines whose verdicts this checker gives: it
// differs only in naming the grid and row, so an exported package judges
// with the program that stands for Lines (package kattis).
func (c Checker) AsLines() contest.Lines { return c.Lines }

// Check implements contest.Checker. It reads both texts in place.
func (c Checker) Check(ctx context.Context, input, output, answer []byte) contest.Result {
	m, bad := c.Lines.FirstMismatch(output, answer)
	if !bad {
		return contest.Result{Verdict: contest.AC}
	}
	r := c.Lines.Check(ctx, input, output, answer)
	where := locate(answer, m.AnswerLine)
	if m.OutputLine > 0 {
		where += fmt.Sprintf(" (output line %d)", m.OutputLine)
	}
	quote := func(b []byte) string {
		if b == nil {
			return "end of output"
		}
		return contest.Quote(b, 40)
	}
	switch {
	case !m.Layout:
		r.Message = fmt.Sprintf("%s: expected %s, got %s", where, quote(m.Answer), quote(m.Output))
	case len(m.Answer) == 0 && m.Answer != nil:
		r.Message = fmt.Sprintf("%s: expected the empty line between grids, got %s: right letters, wrong layout", where, quote(m.Output))
	case len(m.Output) == 0 && m.Output != nil:
		r.Message = fmt.Sprintf("%s: expected %s, got an empty line: right letters, wrong layout", where, quote(m.Answer))
	default:
		r.Message = fmt.Sprintf("%s: expected %s, got %s: right letters, wrong layout", where, quote(m.Answer), quote(m.Output))
	}
	return r
}

// locate names the place of answer's line n (from 1; 0 past its end) by
// grid and row, counting the grids' rows: every non-empty line is a row.
func locate(answer []byte, n int) string {
	rows, line := 0, 0
	for r := contest.NewLineReader(answer); ; {
		l, ok := r.Next()
		if !ok {
			break
		}
		line++
		if line == n {
			if len(l) == 0 {
				return fmt.Sprintf("between grids %d and %d", rows/side, rows/side+1)
			}
			return fmt.Sprintf("grid %d, row %d", rows/side+1, rows%side+1)
		}
		if len(l) > 0 {
			rows++
		}
	}
	return fmt.Sprintf("after grid %d", rows/side)
}
