package poj3076

import (
	"bytes"
	"context"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Checker compares the output with the expected answer line by line, like
// contest.Lines, but leaves out empty lines on both sides first: the
// judge's answer file separates grids by one empty line, while mirrors of
// the problem ask for one after every grid, and both are accepted. Messages
// name the grid and row of the first line that differs.
type Checker struct{}

// Check implements contest.Checker. It reads both texts in place.
func (Checker) Check(_ context.Context, _, output, answer []byte) contest.Result {
	got, want := nonEmptyLines{r: contest.NewLineReader(output)}, nonEmptyLines{r: contest.NewLineReader(answer)}
	for i := 0; ; i++ {
		g, gAt, gok := got.next()
		w, _, wok := want.next()
		if !gok && !wok {
			return contest.Result{Verdict: contest.AC}
		}
		if gok && wok && bytes.Equal(g, w) {
			continue
		}
		where := fmt.Sprintf("grid %d, row %d", i/side+1, i%side+1)
		if gok {
			where += fmt.Sprintf(" (output line %d)", gAt)
		}
		var msg string
		switch {
		case !gok:
			msg = fmt.Sprintf("%s: expected %s, got end of output", where, contest.Quote(w, 40))
		case !wok:
			msg = fmt.Sprintf("%s: expected end of output, got %s", where, contest.Quote(g, 40))
		default:
			msg = fmt.Sprintf("%s: expected %s, got %s", where, contest.Quote(w, 40), contest.Quote(g, 40))
		}
		v := contest.WA
		if sameLetters(output, answer) {
			v, msg = contest.PE, msg+": right letters, wrong layout"
		}
		return contest.Result{Verdict: v, Message: msg, Diff: contest.LineDiff(answer, output)}
	}
}

// nonEmptyLines yields the lines of a text that are not empty, with trailing
// white space removed, and the line number (from 1) of each.
type nonEmptyLines struct {
	r *contest.LineReader
	n int
}

func (l *nonEmptyLines) next() ([]byte, int, bool) {
	for {
		line, ok := l.r.Next()
		if !ok {
			return nil, 0, false
		}
		l.n++
		if len(line) > 0 {
			return line, l.n, true
		}
	}
}

// sameLetters reports whether a and b hold the same bytes in the same order
// once all white space is removed.
func sameLetters(a, b []byte) bool {
	for {
		a, b = bytes.TrimLeft(a, " \t\r\n\v\f"), bytes.TrimLeft(b, " \t\r\n\v\f")
		if len(a) == 0 || len(b) == 0 {
			return len(a) == len(b)
		}
		if a[0] != b[0] {
			return false
		}
		a, b = a[1:], b[1:]
	}
}
