package contest

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxMessage bounds a one-line message, in bytes.
const MaxMessage = 240

// Safe returns s with everything a terminal, a table or a JSON reader could
// act on escaped, so text a program controls can be shown as it is: control
// bytes (C0, DEL, C1) and invalid UTF-8 become \xHH, tab \t, carriage return
// \r, newline \n, and the bidirectional overrides and isolates (which can
// make a line read differently from its bytes) \u{HHHH}. A backslash stays a
// backslash: the output is for reading, not for unquoting.
func Safe(s string) string {
	if isSafe(s, "") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0, isBidi(r):
			fmt.Fprintf(&b, `\u{%04x}`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// SafeLines returns s, text shown as a block of lines (a program's stderr,
// a compiler's output, a diff), made [Safe] but for its newlines and tabs,
// which it keeps.
func SafeLines(s string) string {
	if isSafe(s, "\n\t") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		for j, part := range strings.Split(line, "\t") {
			if j > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(Safe(part))
		}
	}
	return b.String()
}

// isSafe reports whether s is printable ASCII but for the bytes of keep.
func isSafe(s, keep string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 || c >= 0x7f) && strings.IndexByte(keep, c) < 0 {
			return false
		}
	}
	return true
}

// isBidi reports whether r is a bidirectional embedding, override or isolate.
func isBidi(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c
}

// Short cuts s to at most n bytes (plus "..." when cut), on a rune boundary.
func Short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := max(n, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// Message is the one rule for a one-line message made of text a program may
// control: white space runs fold to one space, the rest is made [Safe], and
// the result is cut to [MaxMessage] bytes.
func Message(s string) string {
	s = strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
	return Short(Safe(s), MaxMessage)
}

// Quote returns b as a short, safe, double-quoted string for messages such
// as `expected "1", got "2"`.
func Quote(b []byte, n int) string {
	return `"` + Short(Safe(head(b, n)), n) + `"`
}

// head returns the first n bytes of b (and a few more, so [Short] still
// sees that it must cut) as a string, without copying the rest of b.
func head(b []byte, n int) string {
	return string(b[:min(len(b), n+4)])
}
