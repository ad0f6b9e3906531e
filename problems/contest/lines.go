package contest

import (
	"bytes"
	"context"
	"fmt"
)

// Lines accepts output whose lines equal the answer's. By default it
// forgives what POJ, UVa and Luogu forgive: white space at the end of a line
// (so CRLF matches LF) and white space, blank lines included, at the end of
// the output. Output that equals the answer once all white space is removed,
// such as the right digits printed with spaces between them or a missing or
// extra blank line, is PE, as on POJ. Its fields make it stricter or more
// lenient, as a problem's checker_args say ([Lines.Configure]), so that a
// problem's headline tests are judged as its original judge judged them.
// It reads the output in place: no copy of it, whatever its size.
type Lines struct {
	// LineEndSpace makes spaces and tabs at the end of a line count, as
	// on HDU: a line that differs from the answer's only by them is PE.
	// A CR before the newline never counts, nor does white space at the
	// very end of the output.
	LineEndSpace bool
	// SkipBlankLines leaves out empty lines on both sides, wherever they
	// are: a lenient reading that no original judge gives.
	SkipBlankLines bool
	// NoPE makes a right answer in the wrong layout WA, as on judges
	// without a PE verdict (Luogu).
	NoPE bool
}

// Check implements Checker.
func (l Lines) Check(_ context.Context, _, output, answer []byte) Result {
	m, ok := l.FirstMismatch(output, answer)
	if !ok {
		return Result{Verdict: AC}
	}
	line := m.OutputLine
	if line == 0 {
		line = m.Index + 1 // past the output's end: count its lines on
	}
	diff := LineDiff(answer, output)
	if !m.Layout {
		return Result{Verdict: WA, Message: fmt.Sprintf("line %d: expected %s, got %s", line, quoteLine(m.Answer), quoteLine(m.Output)), Diff: diff}
	}
	msg := fmt.Sprintf("line %d: right answer, wrong layout", line)
	if p := m.layoutProblem(); p != "" {
		msg += ": " + p
	}
	if l.NoPE {
		return Result{Verdict: WA, Message: msg + " (the problem's judge has no PE: WA)", Diff: diff}
	}
	return Result{Verdict: PE, Message: msg, Diff: diff}
}

// A Mismatch is where an output first differs from the answer, as
// [Lines.FirstMismatch] reads them.
type Mismatch struct {
	// Index counts the lines compared before this one, from 0 (blank
	// lines left out under SkipBlankLines).
	Index int
	// OutputLine and AnswerLine are the lines' numbers in their texts,
	// from 1; 0 when that text had ended.
	OutputLine, AnswerLine int
	// Output and Answer are the two lines, as compared; nil when that
	// text had ended.
	Output, Answer []byte
	// Layout says the whole output equals the answer once all white space
	// is removed: the answer is right, its layout is not.
	Layout bool
}

// FirstMismatch returns the first line where output differs from answer,
// or false when l accepts output.
func (l Lines) FirstMismatch(output, answer []byte) (Mismatch, bool) {
	got, want := l.reader(output), l.reader(answer)
	for i := 0; ; i++ {
		g, gok := got.next()
		w, wok := want.next()
		if !gok && !wok {
			return Mismatch{}, false
		}
		if gok && wok && bytes.Equal(g, w) {
			continue
		}
		m := Mismatch{Index: i, Layout: equalIgnoringSpace(output, answer)}
		if gok {
			m.OutputLine, m.Output = got.n, g
		}
		if wok {
			m.AnswerLine, m.Answer = want.n, w
		}
		return m, true
	}
}

// layoutProblem says how the two lines of a layout mismatch differ, when
// it can say it in a few words.
func (m Mismatch) layoutProblem() string {
	switch {
	case m.Output != nil && m.Answer != nil && bytes.Equal(bytes.TrimRight(m.Output, " \t\r\v\f"), bytes.TrimRight(m.Answer, " \t\r\v\f")):
		return "white space at the end of the line: " + quoteLine(m.Output) + ", expected " + quoteLine(m.Answer)
	case m.Answer != nil && len(m.Answer) == 0:
		return "expected an empty line, got " + quoteLine(m.Output)
	case m.Output != nil && len(m.Output) == 0:
		return "unexpected empty line, expected " + quoteLine(m.Answer)
	}
	return ""
}

// quoteLine quotes a compared line for a message, or says the text ended.
func quoteLine(b []byte) string {
	if b == nil {
		return "end of output"
	}
	return Quote(b, 60)
}

// Configure returns l with problem.yaml's checker_args applied:
//
//	line_end_space: ignore | compare   (compare: HDU's rule)
//	blank_lines:    compare | skip     (skip: a lenient reading)
//	layout:         PE | WA            (WA: judges without PE, such as Luogu)
//
// The first value of each is the default.
func (l Lines) Configure(args Args) (Checker, error) {
	for _, k := range args.Keys() {
		v := args[k]
		var err error
		switch k {
		case "line_end_space":
			l.LineEndSpace, err = choose(k, v, "ignore", "compare")
		case "blank_lines":
			l.SkipBlankLines, err = choose(k, v, "compare", "skip")
		case "layout":
			l.NoPE, err = choose(k, v, "PE", "WA")
		default:
			err = fmt.Errorf("unknown argument %q (have line_end_space, blank_lines, layout)", k)
		}
		if err != nil {
			return nil, err
		}
	}
	return l, nil
}

// choose reads an argument that takes one of two values: false for the
// first, the default, true for the second.
func choose(key, value, first, second string) (bool, error) {
	switch value {
	case first:
		return false, nil
	case second:
		return true, nil
	}
	return false, fmt.Errorf("%s: %q: want %s or %s", key, value, first, second)
}

// lineReader yields the lines of a text in place as [Lines] compares them,
// with their numbers.
type lineReader struct {
	rest      []byte // the text after the last line returned, up to its last non-space byte
	n         int    // the number of the last line returned, from 1
	keepSpace bool   // keep spaces and tabs at a line's end
	skipBlank bool   // leave out empty lines
}

func (l Lines) reader(b []byte) *lineReader {
	b = bytes.TrimRight(b, " \t\r\n\v\f")
	if len(b) == 0 {
		b = nil
	}
	return &lineReader{rest: b, keepSpace: l.LineEndSpace, skipBlank: l.SkipBlankLines}
}

func (r *lineReader) next() ([]byte, bool) {
	for r.rest != nil {
		line := r.rest
		if i := bytes.IndexByte(r.rest, '\n'); i >= 0 {
			line, r.rest = r.rest[:i], r.rest[i+1:]
		} else {
			r.rest = nil
		}
		r.n++
		if r.keepSpace {
			line = bytes.TrimSuffix(line, []byte{'\r'})
		} else {
			line = bytes.TrimRight(line, " \t\r\v\f")
		}
		if len(line) == 0 {
			if r.skipBlank {
				continue
			}
			line = []byte{} // never nil: nil is the end of the text
		}
		return line, true
	}
	return nil, false
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
