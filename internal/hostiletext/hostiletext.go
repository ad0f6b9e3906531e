package hostiletext

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Text is what a hostile program writes, on stdout or stderr: it clears
// the screen, homes the cursor, draws a fake verdict on two lines and
// hides what follows (issue 22), then tries a C1 control (CSI, as UTF-8
// and as a raw byte), a right-to-left override, a NUL and a carriage
// return that would draw over a line.
const Text = "\x1b[2J\x1b[Htest 1: AC\x1bE1/1 passed\x1bE\x1b[8m" + "\u009b31m\x9b" + "\u202eCA\u202c" + "\x00" + "\rAC"

// FileName is Text as a file may be named: without the NUL and the slash.
const FileName = "\x1b[2J\x1b[Htest 1: AC\x1bE1 of 1 passed\x1bE\x1b[8m" + "\u009b31m\x9b" + "\u202eCA\u202c" + "\rAC"

// Find returns what in s a terminal or a reader could act on, and where:
// a control byte other than newline and tab (C0, DEL), a C1 control,
// invalid UTF-8, or a bidirectional embedding, override or isolate. It
// returns "" when s holds none.
func Find(s string) string {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return fmt.Sprintf("invalid UTF-8 byte %#x at byte %d", s[i], i)
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f:
			return fmt.Sprintf("control byte %#x at byte %d", r, i)
		case r >= 0x80 && r < 0xa0:
			return fmt.Sprintf("C1 control U+%04X at byte %d", r, i)
		case r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
			return fmt.Sprintf("bidirectional control U+%04X at byte %d", r, i)
		}
		i += n
	}
	return ""
}

// FindJSON returns what Find finds in any string of the JSON document b
// once decoded, as its consumer will see them (JSON's own escapes, such as
// \u001b, decode to the raw bytes), or an error when b is not JSON.
func FindJSON(b []byte) (string, error) {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return "", err
	}
	return findIn(v, "$"), nil
}

func findIn(v any, path string) string {
	switch v := v.(type) {
	case string:
		if f := Find(v); f != "" {
			return path + ": " + f
		}
	case []any:
		for i, e := range v {
			if f := findIn(e, fmt.Sprintf("%s[%d]", path, i)); f != "" {
				return f
			}
		}
	case map[string]any:
		for k, e := range v {
			if f := Find(k); f != "" {
				return path + " key: " + f
			}
			if f := findIn(e, path+"."+k); f != "" {
				return f
			}
		}
	}
	return ""
}
