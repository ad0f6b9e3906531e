package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// cli runs the command line args in-process and returns the exit code and
// what was written to stdout and stderr.
func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &env{stdout: &out, stderr: &errOut})
	return code, out.String(), errOut.String()
}

// wantUsageError checks a run that must fail with exit 2, nothing on
// stdout and a one-line error naming want.
func wantUsageError(t *testing.T, want string, args ...string) {
	t.Helper()
	code, stdout, stderr := cli(t, args...)
	if code != exitUsage {
		t.Errorf("%q: exit %d, want %d; stderr:\n%s", args, code, exitUsage, stderr)
	}
	if stdout != "" {
		t.Errorf("%q: wrote to stdout on a usage error:\n%s", args, stdout)
	}
	if !strings.HasPrefix(stderr, "sudoku-judge: ") || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") {
		t.Errorf("%q: stderr is not one error line: %q", args, stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("%q: stderr %q does not mention %q", args, stderr, want)
	}
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"list", "run", "solve", "gen"} {
		t.Run(cmd, func(t *testing.T) {
			code, stdout, stderr := cli(t, cmd, "--help")
			if code != exitOK || stderr != "" {
				t.Fatalf("%s --help: exit %d, stderr %q", cmd, code, stderr)
			}
			if !strings.Contains(stdout, "Usage:\n  sudoku-judge "+cmd) || !strings.Contains(stdout, "Flags:") {
				t.Errorf("%s --help does not show usage and flags:\n%s", cmd, stdout)
			}
		})
	}
}

func TestUnknownCommand(t *testing.T) {
	wantUsageError(t, `unknown command "nosuch"`, "nosuch")
}
