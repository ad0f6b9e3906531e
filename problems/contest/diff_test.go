package contest

import (
	"strings"
	"testing"
)

func TestLineDiff(t *testing.T) {
	tests := []struct {
		name      string
		want, got string
		first     int
		diff      string
	}{
		{"changed line", "a\nb\nc\n", "a\nB\nc\n", 1,
			"--- expected\n+++ output\n@@ -1,3 +1,3 @@\n   1  1  a\n-  2     b\n+     2  B\n   3  3  c\n"},
		{"missing line", "a\nb\nc\n", "a\nc\n", 1,
			"--- expected\n+++ output\n@@ -1,3 +1,2 @@\n   1  1  a\n-  2     b\n   3  2  c\n"},
		{"extra line", "a\n", "a\nx\n", 1,
			"--- expected\n+++ output\n@@ -1,1 +1,2 @@\n   1  1  a\n+     2  x\n"},
		{"control bytes escaped", "a\n", "\x1b[2J\n", 0,
			"--- expected\n+++ output\n@@ -1,1 +1,1 @@\n-  1     a\n+     1  \\x1b[2J\n"},
		{"equal", "a\n", "a\r\n\n", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LineDiff([]byte(tt.want), []byte(tt.got), tt.first); got != tt.diff {
				t.Errorf("LineDiff =\n%s\nwant\n%s", got, tt.diff)
			}
		})
	}
}

func TestLineDiffBounded(t *testing.T) {
	var want, got strings.Builder
	for i := range 1000 {
		want.WriteString("line\n")
		if i%100 == 50 {
			got.WriteString("LINE\n")
		} else {
			got.WriteString("line\n")
		}
	}
	d := LineDiff([]byte(want.String()), []byte(got.String()), 50)
	for _, part := range []string{"@@ -48,12 +48,12 @@", "- 51     line", "+    51  LINE", "... 9 more differences from line 60 on"} {
		if !strings.Contains(d, part) {
			t.Errorf("diff lacks %q:\n%s", part, d)
		}
	}
	if n := strings.Count(d, "\n"); n > 20 {
		t.Errorf("diff of 10 changed lines in 1000 has %d lines", n)
	}
	if d2 := LineDiff([]byte(want.String()), []byte(got.String()), 50); d2 != d {
		t.Errorf("two diffs of the same texts differ")
	}
}

// TestLineDiffCountsEndOfText checks that a line where one text has ended
// counts as a difference even when the other's line there is blank.
func TestLineDiffCountsEndOfText(t *testing.T) {
	x := strings.Repeat("x\n", 20)
	d := LineDiff([]byte("d\n"+x), []byte("D\n"+x+"\ny\n"), 0)
	if !strings.Contains(d, "... 2 more differences from line 13 on") {
		t.Errorf("diff:\n%s", d)
	}
}
