package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStressCommand(t *testing.T) {
	needSandbox(t)
	out := filepath.Join(t.TempDir(), "stress-failure")

	code, stdout, stderr := cli(t, "stress", "--problem", "poj3074", "--count", "5", "--seed", "7", filepath.Join(programs, "ac.c"))
	if code != exitOK || !strings.Contains(stdout, "5/5 rounds passed (seeds 7..11)") {
		t.Errorf("correct program: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	wa := filepath.Join(programs, "wa.c")
	code, stdout, stderr = cli(t, "stress", "--problem", "poj3074", "--count", "200", "--out", out, wa)
	if code != exitFailed {
		t.Fatalf("wrong program: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, w := range []string{"failed: WA: line 1", "expected (-) versus got (+)", "saved in " + out, "replay: sudoku-judge test --tests " + out + " " + wa} {
		if !strings.Contains(stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, stdout)
		}
	}
	for _, f := range []string{"failure.in", "failure.ans", "failure.actual"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// The replay fails the same way.
	code, stdout, _ = cli(t, "test", "--tests", out, wa)
	if code != exitFailed || !strings.Contains(stdout, "0/1 passed: 1 WA") {
		t.Errorf("replay: exit %d:\n%s", code, stdout)
	}

	code, stdout, _ = cli(t, "stress", "--problem", "poj3074", filepath.Join(programs, "syntax.c"))
	if code != exitFailed || !strings.HasPrefix(stdout, "CE: compilation failed: syntax.c:3:17: error: expected ';'") {
		t.Errorf("compile error: exit %d:\n%s", code, stdout)
	}

	wantUsageError(t, "--problem is required", "stress", wa)
}
