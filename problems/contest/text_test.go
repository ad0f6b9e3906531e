package contest

import (
	"strings"
	"testing"
)

func TestSafe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain 123", "plain 123"},
		{"tab\there", `tab\there`},
		{"cr\rnl\n", `cr\rnl\n`},
		{"\x1b[2J1/1 passed", `\x1b[2J1/1 passed`},
		{"bell\x07del\x7f", `bell\x07del\x7f`},
		{"bad \xff utf8", `bad \xff utf8`},
		{"c1 \u009b", `c1 \u{009b}`},
		{"bidi \u202eevil", `bidi \u{202e}evil`},
		{"héllo ✓", "héllo ✓"},
	}
	for _, tt := range tests {
		if got := Safe(tt.in); got != tt.want {
			t.Errorf("Safe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShortAndMessage(t *testing.T) {
	if got := Short("héllo", 2); got != "h..." {
		t.Errorf("Short cut inside a rune: %q", got)
	}
	if got := Short("abc", 3); got != "abc" {
		t.Errorf("Short(abc, 3) = %q", got)
	}
	long := strings.Repeat("ab ", 200)
	if got := Message(long); len(got) != MaxMessage+3 || !strings.HasSuffix(got, "...") {
		t.Errorf("Message of %d bytes gave %d bytes", len(long), len(got))
	}
	if got := Message("  a \n\t b\x1b "); got != `a b\x1b` {
		t.Errorf("Message = %q", got)
	}
}

func TestSafeLines(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain\nlines\n", "plain\nlines\n"},
		{"\tat Main.main(Main.java:5)\n", "\tat Main.main(Main.java:5)\n"},
		{"a\x1b[2J\nb\rc\n", "a\\x1b[2J\nb\\rc\n"},
		{"nul\x00 c1 \u009b \x9b bidi \u202e\n", "nul\\x00 c1 \\u{009b} \\x9b bidi \\u{202e}\n"},
		{"", ""},
	}
	for _, tt := range tests {
		got := SafeLines(tt.in)
		if got != tt.want {
			t.Errorf("SafeLines(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again := SafeLines(got); again != got {
			t.Errorf("SafeLines is not idempotent: %q, then %q", got, again)
		}
	}
}
