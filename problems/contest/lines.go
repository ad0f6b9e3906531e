package contest

import (
	"bytes"
	"context"
	"fmt"
)

// Lines accepts output whose lines equal the answer's, ignoring trailing
// white space on each line (so CRLF matches LF) and trailing blank lines.
// Output that equals the answer once all white space is removed, such as
// the right digits printed with spaces between them, is PE, as on POJ.
// It reads the output in place: no copy of it, whatever its size.
type Lines struct{}

// Check implements Checker.
func (Lines) Check(_ context.Context, _, output, answer []byte) Result {
	got, want := NewLineReader(output), NewLineReader(answer)
	for i := 0; ; i++ {
		g, gok := got.Next()
		w, wok := want.Next()
		if !gok && !wok {
			return Result{Verdict: AC}
		}
		if gok && wok && bytes.Equal(g, w) {
			continue
		}
		diff := LineDiff(answer, output)
		if equalIgnoringSpace(output, answer) {
			return Result{Verdict: PE, Message: fmt.Sprintf("line %d: right answer, wrong layout", i+1), Diff: diff}
		}
		return Result{Verdict: WA, Message: lineMismatch(i, w, wok, g, gok), Diff: diff}
	}
}

func lineMismatch(i int, want []byte, wok bool, got []byte, gok bool) string {
	q := func(b []byte, ok bool) string {
		if !ok {
			return "end of output"
		}
		return Quote(b, 60)
	}
	return fmt.Sprintf("line %d: expected %s, got %s", i+1, q(want, wok), q(got, gok))
}

// A LineReader yields the lines of a text in place, each with its trailing
// white space removed, and stops before trailing blank lines.
type LineReader struct {
	rest []byte // the text after the last line returned, up to its last non-space byte
}

// NewLineReader returns a LineReader over b.
func NewLineReader(b []byte) *LineReader {
	b = bytes.TrimRight(b, " \t\r\n\v\f")
	if len(b) == 0 {
		b = nil
	}
	return &LineReader{rest: b}
}

// Next returns the next line, or false at the end of the text.
func (r *LineReader) Next() ([]byte, bool) {
	if r.rest == nil {
		return nil, false
	}
	line := r.rest
	if i := bytes.IndexByte(r.rest, '\n'); i >= 0 {
		line, r.rest = r.rest[:i], r.rest[i+1:]
	} else {
		r.rest = nil
	}
	return bytes.TrimRight(line, " \t\r\v\f"), true
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
