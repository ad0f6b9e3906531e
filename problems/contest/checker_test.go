package contest

import (
	"context"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	const answer = "Case 1:\n123\n456\n"
	tests := []struct {
		name   string
		output string
		want   Verdict
		msg    string // part of the message
	}{
		{"exact", answer, AC, ""},
		{"crlf and trailing blanks", "Case 1:  \r\n123\r\n456\r\n\r\n\n", AC, ""},
		{"no final newline", strings.TrimSuffix(answer, "\n"), AC, ""},
		{"digits with spaces", "Case 1:\n1 2 3\n4 5 6\n", PE, "line 2: right answer, wrong layout"},
		{"joined lines", "Case 1:\n123456\n", PE, "line 2"},
		{"leading space", " Case 1:\n123\n456\n", PE, "line 1"},
		{"wrong digit", "Case 1:\n123\n465\n", WA, `line 3: expected "456", got "465"`},
		{"missing line", "Case 1:\n123\n", WA, `line 3: expected "456", got end of output`},
		{"extra line", answer + "789\n", WA, `line 4: expected end of output, got "789"`},
		{"empty", "", WA, "line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Lines{}.Check(context.Background(), nil, []byte(tt.output), []byte(answer))
			if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
				t.Fatalf("got %s %q, want %s with %q", r.Verdict, r.Message, tt.want, tt.msg)
			}
			if (r.Verdict == WA || r.Verdict == PE) && r.Diff == "" {
				t.Errorf("%s without a diff", r.Verdict)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	const answer = "1 2\n3\n"
	tests := []struct {
		output string
		want   Verdict
		msg    string
	}{
		{"1\n2 3", AC, ""},
		{"  1 2 3  \r\n", AC, ""},
		{"1 2 4", WA, `token 3: expected "3", got "4"`},
		{"1 2", WA, `token 3: expected "3", got end of output`},
		{"1 2 3 4", WA, `token 4: expected end of output, got "4"`},
	}
	for _, tt := range tests {
		r := Tokens{}.Check(context.Background(), nil, []byte(tt.output), []byte(answer))
		if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
			t.Errorf("Tokens(%q) = %s %q, want %s with %q", tt.output, r.Verdict, r.Message, tt.want, tt.msg)
		}
	}
}

func TestRun(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		c    Checker
		want Verdict
		msg  string
	}{
		{"nil checker", context.Background(), nil, IE, "no checker"},
		{"panic", context.Background(), Func(func(context.Context, []byte, []byte, []byte) Result { panic("bug\x1b[2J") }), IE, `checker panicked: bug\x1b[2J`},
		{"no verdict", context.Background(), Func(func(context.Context, []byte, []byte, []byte) Result { return Result{} }), IE, "no verdict"},
		{"canceled before", canceled, Lines{}, IE, "not checked: context canceled"},
		{"message made safe", context.Background(), Func(func(context.Context, []byte, []byte, []byte) Result {
			return Result{Verdict: WA, Message: "a\nb\x07" + strings.Repeat("x", 1000), Diff: "- \x1b[31m\n"}
		}), WA, `a b\x07xxx`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Run(tt.ctx, tt.c, nil, []byte("1\n"), []byte("1\n"))
			if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
				t.Fatalf("Run = %s %q, want %s with %q", r.Verdict, r.Message, tt.want, tt.msg)
			}
			if len(r.Message) > MaxMessage+3 || strings.ContainsAny(r.Message+r.Diff[:max(0, len(r.Diff)-1)], "\x1b\x07\n") {
				t.Errorf("unsafe or long result: %q / %q", r.Message, r.Diff)
			}
		})
	}
}

// TestRunInterrupted checks a checker that sees its context end mid-check
// is IE, whatever it returned, so Ctrl-C never turns into a verdict.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := Func(func(ctx context.Context, _, _, _ []byte) Result {
		cancel()
		return Result{Verdict: AC}
	})
	if r := Run(ctx, c, nil, nil, nil); r.Verdict != IE || !strings.Contains(r.Message, "interrupted") {
		t.Errorf("Run with the context canceled during the check = %s %q, want IE interrupted", r.Verdict, r.Message)
	}
}
