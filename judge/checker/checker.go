package checker

import (
	"bytes"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
)

// A Checker judges one output against the test's input and expected answer.
type Checker interface {
	Check(input, output, answer []byte) Result
}

// Result is a checker's judgement.
type Result struct {
	Verdict verdict.Verdict
	Message string // one line: what is wrong, or empty when accepted
	Diff    string // for WA/PE: expected versus got around the first difference
}

// Func adapts a function to the Checker interface.
type Func func(input, output, answer []byte) Result

// Check calls f.
func (f Func) Check(input, output, answer []byte) Result { return f(input, output, answer) }

// Lines accepts output whose lines equal the answer's, ignoring trailing
// white space on each line (so CRLF matches LF) and trailing blank lines.
// Output that equals the answer once all white space is removed, such as
// the right digits printed with spaces between them, is PE, as on POJ.
type Lines struct{}

// Check implements Checker.
func (Lines) Check(_, output, answer []byte) Result {
	got, want := SplitLines(output), SplitLines(answer)
	for i := 0; i < len(got) || i < len(want); i++ {
		if i < len(got) && i < len(want) && got[i] == want[i] {
			continue
		}
		if equalIgnoringSpace(output, answer) {
			return Result{Verdict: verdict.PE, Message: fmt.Sprintf("line %d: right answer, wrong layout", i+1), Diff: Diff(want, got, i)}
		}
		return Result{Verdict: verdict.WA, Message: mismatch(want, got, i), Diff: Diff(want, got, i)}
	}
	return Result{Verdict: verdict.AC}
}

// Tokens accepts output whose white-space separated tokens equal the
// answer's, whatever the layout.
type Tokens struct{}

// Check implements Checker.
func (Tokens) Check(_, output, answer []byte) Result {
	got, want := bytes.Fields(output), bytes.Fields(answer)
	for i := 0; i < len(got) || i < len(want); i++ {
		if i < len(got) && i < len(want) && bytes.Equal(got[i], want[i]) {
			continue
		}
		gl, wl := SplitLines(output), SplitLines(answer)
		line := lineOfToken(answer, i)
		msg := fmt.Sprintf("token %d: expected %s, got %s", i+1, quoteToken(want, i), quoteToken(got, i))
		return Result{Verdict: verdict.WA, Message: msg, Diff: Diff(wl, gl, line)}
	}
	return Result{Verdict: verdict.AC}
}

func quoteToken(toks [][]byte, i int) string {
	if i >= len(toks) {
		return "end of output"
	}
	return fmt.Sprintf("%q", shorten(string(toks[i]), 40))
}

// lineOfToken returns the index of the line holding token i of b.
func lineOfToken(b []byte, i int) int {
	for n, line := range SplitLines(b) {
		k := len(bytes.Fields([]byte(line)))
		if i < k {
			return n
		}
		i -= k
	}
	return len(SplitLines(b))
}

// equalIgnoringSpace reports whether a and b hold the same bytes once every
// white-space byte is removed.
func equalIgnoringSpace(a, b []byte) bool {
	for {
		a, b = skipSpace(a), skipSpace(b)
		if len(a) == 0 || len(b) == 0 {
			return len(a) == len(b)
		}
		if a[0] != b[0] {
			return false
		}
		a, b = a[1:], b[1:]
	}
}

func skipSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func mismatch(want, got []string, i int) string {
	switch {
	case i >= len(got):
		return fmt.Sprintf("line %d: expected %q, got end of output", i+1, shorten(want[i], 60))
	case i >= len(want):
		return fmt.Sprintf("line %d: expected end of output, got %q", i+1, shorten(got[i], 60))
	}
	return fmt.Sprintf("line %d: expected %q, got %q", i+1, shorten(want[i], 60), shorten(got[i], 60))
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// SplitLines splits b into lines with trailing white space removed from each
// and trailing blank lines dropped.
func SplitLines(b []byte) []string {
	lines := bytes.Split(b, []byte("\n"))
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		out = append(out, string(bytes.TrimRight(l, " \t\r\v\f")))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}
