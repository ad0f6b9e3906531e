package hostiletext

import (
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	tests := []struct {
		s    string
		want string // a part of what Find says; "" for nothing found
	}{
		{"plain text, tabs\tand\nnewlines, héllo ✓", ""},
		{`escaped \x1b[2J and \u{202e}`, ""},
		{"a\x1b[2J", "control byte 0x1b at byte 1"},
		{"nul\x00", "control byte 0x0 at byte 3"},
		{"cr\r", "control byte 0xd"},
		{"del\x7f", "control byte 0x7f"},
		{"c1 \u009b", "C1 control U+009B at byte 3"},
		{"raw \x9b", "invalid UTF-8 byte 0x9b at byte 4"},
		{"rlo \u202e", "bidirectional control U+202E"},
		{"isolate \u2066", "bidirectional control U+2066"},
		{Text, "control byte 0x1b at byte 0"},
		{FileName, "control byte 0x1b at byte 0"},
	}
	for _, tt := range tests {
		got := Find(tt.s)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("Find(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
	// Each hostile part alone is found.
	for _, part := range []string{"\x1b", "\u009b", "\x9b", "\u202e", "\x00", "\r"} {
		if !strings.Contains(Text, part) || Find(part) == "" {
			t.Errorf("Text lacks %q or Find misses it", part)
		}
	}
}

func TestFindJSON(t *testing.T) {
	tests := []struct {
		doc, want string
	}{
		{`{"a": ["x", {"b": "y"}], "n": 1}`, ""},
		{`{"a": ["x", {"b": "\u001b[2J"}]}`, "$.a[1].b: control byte 0x1b"},
		{`["\u202e"]`, "$[0]: bidirectional control"},
		{`{"\u0007": 1}`, "$ key: control byte 0x7"},
	}
	for _, tt := range tests {
		got, err := FindJSON([]byte(tt.doc))
		if err != nil || tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("FindJSON(%s) = %q, %v, want %q", tt.doc, got, err, tt.want)
		}
	}
	if _, err := FindJSON([]byte("{")); err == nil {
		t.Errorf("FindJSON of bad JSON: no error")
	}
}
