package checker

import (
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
)

func TestLines(t *testing.T) {
	const answer = "Case 1:\n123\n456\n"
	tests := []struct {
		name   string
		output string
		want   verdict.Verdict
		msg    string // part of the message
	}{
		{"exact", answer, verdict.AC, ""},
		{"crlf and trailing blanks", "Case 1:  \r\n123\r\n456\r\n\r\n\n", verdict.AC, ""},
		{"no final newline", strings.TrimSuffix(answer, "\n"), verdict.AC, ""},
		{"digits with spaces", "Case 1:\n1 2 3\n4 5 6\n", verdict.PE, "line 2: right answer, wrong layout"},
		{"joined lines", "Case 1:\n123456\n", verdict.PE, "line 2"},
		{"leading space", " Case 1:\n123\n456\n", verdict.PE, "line 1"},
		{"wrong digit", "Case 1:\n123\n465\n", verdict.WA, `line 3: expected "456", got "465"`},
		{"missing line", "Case 1:\n123\n", verdict.WA, `line 3: expected "456", got end of output`},
		{"extra line", answer + "789\n", verdict.WA, `line 4: expected end of output, got "789"`},
		{"empty", "", verdict.WA, "line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Lines{}.Check(nil, []byte(tt.output), []byte(answer))
			if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
				t.Fatalf("got %s %q, want %s with %q", r.Verdict, r.Message, tt.want, tt.msg)
			}
			if (r.Verdict == verdict.WA || r.Verdict == verdict.PE) && r.Diff == "" {
				t.Errorf("%s without a diff", r.Verdict)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	const answer = "1 2\n3\n"
	tests := []struct {
		output string
		want   verdict.Verdict
		msg    string
	}{
		{"1\n2 3", verdict.AC, ""},
		{"  1 2 3  \r\n", verdict.AC, ""},
		{"1 2 4", verdict.WA, `token 3: expected "3", got "4"`},
		{"1 2", verdict.WA, `token 3: expected "3", got end of output`},
		{"1 2 3 4", verdict.WA, `token 4: expected end of output, got "4"`},
	}
	for _, tt := range tests {
		r := Tokens{}.Check(nil, []byte(tt.output), []byte(answer))
		if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
			t.Errorf("Tokens(%q) = %s %q, want %s with %q", tt.output, r.Verdict, r.Message, tt.want, tt.msg)
		}
	}
}

func TestDiffBounded(t *testing.T) {
	var want, got []string
	for i := 0; i < 1000; i++ {
		want = append(want, "line")
		got = append(got, "line")
	}
	got[500] = "LINE"
	d := Diff(want, got, 500)
	if !strings.Contains(d, `"LINE"`) || !strings.Contains(d, "(from line 498)") || !strings.Contains(d, "(more lines follow)") {
		t.Errorf("Diff around line 501 lacks the change or its position:\n%s", d)
	}
	if n := strings.Count(d, "\n"); n > 30 {
		t.Errorf("Diff of one changed line in 1000 has %d lines", n)
	}
}
