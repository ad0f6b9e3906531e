package kattis

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// DefaultValidator is the format's default output validator, as
// problemtools' default_validator.cc judges: the output's white-space
// separated tokens must be the answer's, compared without regard to case
// unless CaseSensitive, and with the answer's white space to the byte when
// SpaceChangeSensitive. With a float tolerance set, an answer token that
// is a finite number accepts any number within either tolerance.
//
// problemtools has no presentation error: where it says WA for a space
// change alone (the tokens all match), this checker says PE, which is a
// WA there. As in problemtools, tokens compare up to a NUL byte (C
// strings) and letters fold as ASCII.
type DefaultValidator struct {
	CaseSensitive        bool
	SpaceChangeSensitive bool
	// FloatAbs and FloatRel are float_absolute_tolerance and
	// float_relative_tolerance (float_tolerance sets both); negative when
	// not given.
	FloatAbs, FloatRel float64
}

// ParseFlags reads the default validator's flags (problem.yaml's
// validator_flags, or a test group's output_validator_flags): any of
// case_sensitive, space_change_sensitive, float_absolute_tolerance X,
// float_relative_tolerance X and float_tolerance X. Anything else is an
// error, as it is a judge error in problemtools.
func ParseFlags(flags []string) (DefaultValidator, error) {
	v := DefaultValidator{FloatAbs: -1, FloatRel: -1}
	for i := 0; i < len(flags); i++ {
		switch f := flags[i]; f {
		case "case_sensitive":
			v.CaseSensitive = true
		case "space_change_sensitive":
			v.SpaceChangeSensitive = true
		case "float_absolute_tolerance", "float_relative_tolerance", "float_tolerance":
			if i+1 == len(flags) {
				return v, fmt.Errorf("validator flag %s: no value follows", f)
			}
			i++
			x, ok := parseFloat(flags[i])
			if !ok {
				return v, fmt.Errorf("validator flag %s: %q is not a number", f, flags[i])
			}
			switch f {
			case "float_absolute_tolerance":
				v.FloatAbs = x
			case "float_relative_tolerance":
				v.FloatRel = x
			default:
				v.FloatAbs, v.FloatRel = x, x
			}
		default:
			return v, fmt.Errorf("unknown validator flag %q (the default validator takes case_sensitive, space_change_sensitive, float_absolute_tolerance, float_relative_tolerance, float_tolerance)", f)
		}
	}
	return v, nil
}

// floats reports whether numbers are compared with a tolerance.
func (v DefaultValidator) floats() bool { return v.FloatAbs >= 0 || v.FloatRel >= 0 }

// Check implements contest.Checker.
func (v DefaultValidator) Check(_ context.Context, _, output, answer []byte) contest.Result {
	ans, out := &scanner{b: answer, line: 1}, &scanner{b: output, line: 1}
	spaceChange := "" // the first space change, when SpaceChangeSensitive
	for {
		// The answer's white space, which the output must repeat byte for
		// byte when space changes matter; then the output's own.
		for ans.space() {
			c := ans.next()
			if v.SpaceChangeSensitive && spaceChange == "" {
				if d, ok := out.peek(); !ok || d != c {
					spaceChange = fmt.Sprintf("line %d: expected %s, got %s", out.line, byteName(c, true), byteName(d, ok))
				} else {
					out.next()
				}
			}
		}
		for out.space() {
			line := out.line
			d := out.next()
			if v.SpaceChangeSensitive && spaceChange == "" {
				spaceChange = fmt.Sprintf("line %d: %s more than the answer has", line, byteName(d, true))
			}
		}
		want, wantLine, ok := ans.token()
		if !ok {
			break
		}
		got, gotLine, ok := out.token()
		if !ok {
			return wrong(fmt.Sprintf("line %d: output ends where the answer has %s", out.line, contest.Quote(want, 40)), answer, output, wantLine)
		}
		if msg := v.compare(want, got); msg != "" {
			return wrong(fmt.Sprintf("line %d: %s", gotLine, msg), answer, output, wantLine)
		}
	}
	if got, gotLine, ok := out.token(); ok {
		return wrong(fmt.Sprintf("line %d: trailing output %s", gotLine, contest.Quote(got, 40)), answer, output, gotLine)
	}
	if spaceChange != "" {
		return contest.Result{Verdict: contest.PE, Message: "space change: " + spaceChange,
			Diff: contest.LineDiff(answer, output)}
	}
	return contest.Result{Verdict: contest.AC}
}

// compare returns why got does not match the answer token want, or "".
func (v DefaultValidator) compare(want, got []byte) string {
	if v.floats() {
		if w, ok := parseFloat(cString(want)); ok {
			g, ok := parseFloat(cString(got))
			if !ok {
				return fmt.Sprintf("expected a number (%s), got %s", contest.Quote(want, 40), contest.Quote(got, 40))
			}
			d := math.Abs(w - g)
			if !(d <= v.FloatAbs) && !(d <= v.FloatRel*math.Abs(w)) {
				return fmt.Sprintf("expected %s, got %s: they differ by %g", contest.Quote(want, 40), contest.Quote(got, 40), w-g)
			}
			return ""
		}
	}
	a, b := cString(want), cString(got)
	if v.CaseSensitive && a == b || !v.CaseSensitive && equalFoldASCII(a, b) {
		return ""
	}
	return fmt.Sprintf("expected %s, got %s", contest.Quote(want, 40), contest.Quote(got, 40))
}

// wrong is a WA with a diff around the answer's line (from 1).
func wrong(msg string, answer, output []byte, line int) contest.Result {
	return contest.Result{Verdict: contest.WA, Message: msg, Diff: contest.LineDiff(answer, output)}
}

// cString is b up to its first NUL byte, as C's string functions see it.
func cString(b []byte) string {
	s := string(b)
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// equalFoldASCII is strcasecmp's equality in the C locale.
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// parseFloat reads s as C's strtod would read all of it, and reports
// whether it is a finite number: decimal with an optional exponent, or
// hexadecimal with an optional binary exponent.
func parseFloat(s string) (float64, bool) {
	if s == "" || strings.ContainsRune(s, '_') {
		return 0, false
	}
	t := strings.TrimLeft(s, "+-")
	if len(s)-len(t) > 1 {
		return 0, false
	}
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		if !strings.ContainsAny(t, "pP") {
			s += "p0" // strtod takes a hexadecimal number without an exponent; Go does not
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// byteName names an output byte in a message: a space, a newline, or end
// of output.
func byteName(c byte, ok bool) string {
	switch {
	case !ok:
		return "end of output"
	case c == ' ':
		return "a space"
	case c == '\n':
		return "a newline"
	case c == '\r':
		return "a carriage return"
	case c == '\t':
		return "a tab"
	default:
		return contest.Quote([]byte{c}, 4)
	}
}

// scanner reads tokens and white space from a text, counting lines.
type scanner struct {
	b    []byte
	i    int
	line int // of the next byte, from 1
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func (s *scanner) space() bool { return s.i < len(s.b) && isSpace(s.b[s.i]) }

func (s *scanner) peek() (byte, bool) {
	if s.i < len(s.b) {
		return s.b[s.i], true
	}
	return 0, false
}

// next consumes one byte.
func (s *scanner) next() byte {
	c := s.b[s.i]
	s.i++
	if c == '\n' {
		s.line++
	}
	return c
}

// token skips white space and returns the next token and its line.
func (s *scanner) token() ([]byte, int, bool) {
	for s.space() {
		s.next()
	}
	if s.i == len(s.b) {
		return nil, s.line, false
	}
	start := s.i
	for s.i < len(s.b) && !isSpace(s.b[s.i]) {
		s.i++
	}
	return s.b[start:s.i], s.line, true
}
