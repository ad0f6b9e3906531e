package contest

import (
	"context"
	"strings"
	"testing"
)

func TestLineReader(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"", nil},
		{"  \n\n", nil},
		{"\r\n", nil},
		{"a \r\n\nb\t\n\n \n", []string{"a", "", "b"}},
		{"a", []string{"a"}},
	}
	for _, tt := range tests {
		var got []string
		for r := NewLineReader([]byte(tt.text)); ; {
			l, ok := r.Next()
			if !ok {
				break
			}
			got = append(got, string(l))
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("lines of %q = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestLinesBlankLineAfterEnd checks a blank line where the answer has
// ended is reported there, not at the next non-blank line.
func TestLinesBlankLineAfterEnd(t *testing.T) {
	r := Lines{}.Check(context.Background(), nil, []byte("a\n\nb\n"), []byte("a\n"))
	if r.Verdict != WA || r.Message != `line 2: expected end of output, got ""` {
		t.Errorf("got %s %q", r.Verdict, r.Message)
	}
}
