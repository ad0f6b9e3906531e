package poj3076

import (
	"fmt"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
)

// Checker compares the output with the expected answer line by line, like
// checker.Lines, but leaves out empty lines on both sides first: the
// judge's answer file separates grids by one empty line, while mirrors of
// the problem ask for one after every grid, and both are accepted. Messages
// name the grid and row of the first line that differs.
type Checker struct{}

// Check implements checker.Checker.
func (Checker) Check(_, output, answer []byte) checker.Result {
	got, gotAt := nonEmpty(output)
	want, _ := nonEmpty(answer)
	for i := 0; i < len(got) || i < len(want); i++ {
		if i < len(got) && i < len(want) && got[i] == want[i] {
			continue
		}
		where := fmt.Sprintf("grid %d, row %d", i/side+1, i%side+1)
		if i < len(got) {
			where += fmt.Sprintf(" (output line %d)", gotAt[i])
		}
		var msg string
		switch {
		case i >= len(got):
			msg = fmt.Sprintf("%s: expected %q, got end of output", where, want[i])
		case i >= len(want):
			msg = fmt.Sprintf("%s: expected end of output, got %q", where, shorten(got[i]))
		default:
			msg = fmt.Sprintf("%s: expected %q, got %q", where, want[i], shorten(got[i]))
		}
		v := verdict.WA
		if sameLetters(got, want) {
			v, msg = verdict.PE, msg+": right letters, wrong layout"
		}
		return checker.Result{Verdict: v, Message: msg, Diff: checker.Diff(want, got, i)}
	}
	return checker.Result{Verdict: verdict.AC}
}

// nonEmpty returns the lines of b that are not empty, with trailing white
// space removed, and the line number (from 1) of each.
func nonEmpty(b []byte) ([]string, []int) {
	var lines []string
	var at []int
	for n, l := range checker.SplitLines(b) {
		if l != "" {
			lines, at = append(lines, l), append(at, n+1)
		}
	}
	return lines, at
}

// sameLetters reports whether a and b hold the same characters in the same
// order once all white space is removed.
func sameLetters(a, b []string) bool {
	squeeze := func(lines []string) string { return strings.Join(strings.Fields(strings.Join(lines, "")), "") }
	return squeeze(a) == squeeze(b)
}

func shorten(s string) string {
	const max = 40
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
