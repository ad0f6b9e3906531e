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

// hostTools are the host's commands and libraries, which the checker
// scripts use.
var hostTools = []string{"/bin", "/usr/bin", "/lib", "/lib64", "/usr/lib", "/usr/lib64"}

// writeScript writes an executable shell script into dir.
func writeScript(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExternal(t *testing.T) {
	t.Run("direct", func(t *testing.T) { testExternal(t, nil) })
	t.Run("sandboxed", func(t *testing.T) { testExternal(t, sandboxtest.Full(t)) })
}

// testExternal judges real checkers, run by runner (nil: directly).
func testExternal(t *testing.T, runner Runner) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // to see that the checker's files are removed
	bin := t.TempDir()

	// compare is a real testlib-style checker: the answer must equal the
	// output token by token; "bad" in the input makes it fail as a judge.
	compare := writeScript(t, bin, "compare", `
grep -q bad "$1" && { echo "FAIL input is broken" >&2; exit 3; }
if [ "$(tr -s ' \n' '  ' < "$2")" = "$(tr -s ' \n' '  ' < "$3")" ]; then
	echo "ok answers match" >&2; exit 0
fi
echo "wrong answer expected $(head -c 20 "$3")" >&2
exit 1`)

	tests := []struct {
		name        string
		checker     External
		input, out  string
		wantVerdict contest.Verdict
		wantMsg     string // substring of the message
	}{
		{"accepted", External{Path: compare}, "1\n", "1 2\n", contest.AC, ""},
		{"wrong answer", External{Path: compare}, "1\n", "1 3\n", contest.WA, "wrong answer expected 1 2"},
		{"judge failure", External{Path: compare}, "bad\n", "1 2\n", contest.IE, "FAIL input is broken"},
		{"presentation", External{Path: writeScript(t, bin, "pe", `echo "spaces" >&2; exit 2`)}, "", "x", contest.PE, "spaces"},
		{"dirt is PE", External{Path: writeScript(t, bin, "dirt", `exit 4`)}, "", "x", contest.PE, ""},
		{"points is WA", External{Path: writeScript(t, bin, "points", `echo "points 0.5"; exit 7`)}, "", "x", contest.WA, "points 0.5"},
		{"message on stdout", External{Path: writeScript(t, bin, "stdout", `echo; echo "  line one  "; echo two; exit 1`)}, "", "x", contest.WA, "line one"},
		{"args come first", External{Path: writeScript(t, bin, "args", `[ "$1" = "--strict" ] && [ -f "$4" ] && exit 0; exit 1`), Args: []string{"--strict"}}, "", "x", contest.AC, ""},
		{"odd status", External{Path: writeScript(t, bin, "odd", `echo "what" >&2; exit 42`)}, "", "x", contest.IE, "status 42"},
		{"killed", External{Path: writeScript(t, bin, "killed", `kill -9 $$`)}, "", "x", contest.IE, "killed"},
		{"too slow", External{Path: writeScript(t, bin, "slow", `sleep 30`), Timeout: 200 * time.Millisecond}, "", "x", contest.IE, "ran out"},
		{"missing", External{Path: filepath.Join(bin, "nope")}, "", "x", contest.IE, "no such file"},
		{"not executable", External{Path: func() string {
			p := filepath.Join(bin, "plain")
			os.WriteFile(p, []byte("exit 0"), 0o644)
			return p
		}()}, "", "x", contest.IE, "permission denied"},
	}
	os.Chmod(bin, 0o755) // for the sandbox's user
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if runner != nil {
				tt.checker.Runner, tt.checker.ReadOnly, tt.checker.Allow = runner, []string{bin}, hostTools
				if tt.checker.Timeout > 0 {
					tt.checker.Limits.WallTime = tt.checker.Timeout
				}
			}
			start := time.Now()
			got := tt.checker.Check(context.Background(), []byte(tt.input), []byte(tt.out), []byte("1 2\n"))
			if got.Verdict != tt.wantVerdict {
				t.Fatalf("verdict %s (%q), want %s", got.Verdict, got.Message, tt.wantVerdict)
			}
			if !strings.Contains(got.Message, tt.wantMsg) || (tt.wantMsg == "" && got.Message != "") {
				t.Errorf("message %q, want it to hold %q", got.Message, tt.wantMsg)
			}
			if strings.Contains(got.Message, "\n") {
				t.Errorf("message %q has more than one line", got.Message)
			}
			if time.Since(start) > 5*time.Second {
				t.Errorf("took %v", time.Since(start))
			}
		})
	}

	t.Run("diff on WA", func(t *testing.T) {
		got := External{Path: compare}.Check(context.Background(), nil, []byte("a\nb\nc\n"), []byte("a\nB\nc\n"))
		if got.Verdict != contest.WA || !diffHas(got.Diff, "-", "B") || !diffHas(got.Diff, "+", "b") {
			t.Errorf("verdict %s, diff:\n%s", got.Verdict, got.Diff)
		}
	})

	if left, _ := filepath.Glob(filepath.Join(tmp, "sudoku-judge-checker-*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// diffHas reports whether diff has a line starting with sign that holds s
// (go-cmp varies the spaces of its output on purpose).
func diffHas(diff, sign, s string) bool {
	for _, l := range strings.Split(diff, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), sign) && strings.Contains(l, s) {
			return true
		}
	}
	return false
}
