package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSetupErrorsExit2 checks issue 23's rule that the judge's own
// failures are never a WA's exit 1: a --checker is tried on every test's
// own answer before any program runs (one that rejects the last test's
// answer is refused, exit 2, before a program is built), and a checker
// that fails while judging a program's output (IE) exits 2 too, after its
// table.
func TestSetupErrorsExit2(t *testing.T) {
	needSandbox(t)
	dir := testsDir(t) // tests 1, 2 and 3, its answer in 3.out
	last, err := os.ReadFile(filepath.Join(dir, "3.out"))
	if err != nil {
		t.Fatal(err)
	}
	lastLine, _, _ := strings.Cut(string(last), "\n")
	chkDir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(chkDir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Accepts the answers of tests 1 and 2 only (it runs in the sandbox:
	// what it knows of test 3 is in it).
	notLast := script("not-last", "grep -q "+lastLine+" \"$3\" && { echo 'wrong answer: not this one' >&2; exit 1; }\ncmp -s \"$2\" \"$3\" && exit 0\necho 'wrong answer: differs' >&2\nexit 1")
	// Accepts the answers, and fails (testlib's 3) on anything else.
	failing := script("failing", "cmp -s \"$2\" \"$3\" && exit 0\necho 'fail: cannot read the output' >&2\nexit 3")
	// A program that is never built: the checker is refused first.
	neverBuilt := filepath.Join(t.TempDir(), "never.c")
	if err := os.WriteFile(neverBuilt, []byte("this does not compile"), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := func(name string) string { return filepath.Join(programs, name) }

	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"checker rejecting the last test's answer", []string{"test", "--tests", dir, "--checker", notLast, neverBuilt}, exitUsage,
			"", "does not accept test 3's own answer: WA wrong answer: not this one"},
		{"checker failing on the program's output", []string{"test", "--tests", dir, "--checker", failing, "-j", "1", prog("wa.c")}, exitUsage,
			"| IE", "test 2: internal error: checker: fail: cannot read the output (the judge failed, not the program: no verdict)"},
		{"a checker that works", []string{"test", "--tests", dir, "--checker", failing, prog("ac.c")}, exitOK,
			"3/3 passed", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.wantCode, stderr)
			}
			if !strings.Contains(stdout, tt.wantStdout) {
				t.Errorf("stdout lacks %q:\n%s", tt.wantStdout, stdout)
			}
			if !strings.Contains(stderr, tt.wantStderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.wantStderr, stderr)
			}
			if tt.wantCode == exitUsage && strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr is not one line:\n%s", stderr)
			}
		})
	}
}
