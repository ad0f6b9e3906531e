package checker

import (
	"context"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

// TestExternalContained runs hostile checkers in the sandbox: one that
// reads a host file beside it and one that floods its output. Neither may
// reach the file or cost the judge more than the cap.
func TestExternalContained(t *testing.T) {
	sb := sandboxtest.Full(t)
	bin, secrets := t.TempDir(), t.TempDir()
	os.Chmod(bin, 0o755)
	os.Chmod(secrets, 0o755)
	secret := filepath.Join(secrets, "other-test.ans")
	if err := os.WriteFile(secret, []byte("SECRET\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, script string
		want         contest.Verdict
		msg          string
	}{
		{"reads a host file", `cat ` + secret + ` >&2 2>/dev/null && exit 0; echo "refused" >&2; exit 1`, contest.WA, "refused"},
		{"writes a host file", `(echo pwned > ` + secret + `) 2>/dev/null && exit 0; echo "refused" >&2; exit 1`, contest.WA, "refused"},
		{"floods stderr", `yes wrong answer >&2; exit 1`, contest.IE, "ran out"},
		{"floods stdout", `yes; exit 0`, contest.IE, "output exceeded"},
		{"forks forever", `while :; do sleep 10 & done`, contest.PE, "Cannot fork"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := External{Path: writeScript(t, bin, strings.ReplaceAll(tt.name, " ", "-"), tt.script), Runner: sb, ReadOnly: []string{bin}, Allow: hostTools, Timeout: time.Second}
			got := e.Check(context.Background(), []byte("1\n"), []byte("1\n"), []byte("1\n"))
			if got.Verdict != tt.want || !strings.Contains(got.Message, tt.msg) {
				t.Errorf("%s (%q), want %s with %q", got.Verdict, got.Message, tt.want, tt.msg)
			}
			if b, _ := os.ReadFile(secret); string(b) != "SECRET\n" {
				t.Errorf("host file now %q", b)
			}
		})
	}
}
