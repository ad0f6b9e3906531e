package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// hdu4069Program solves HDU 4069; with the argument "first" it prints the
// first solution it finds, never "Multiple Solutions" (issue 12).
const hdu4069Program = "../../stress/testdata/hdu4069.c"

func TestStressCommand(t *testing.T) {
	needSandbox(t)
	code, stdout, stderr := cli(t, "stress", "--problem", "poj3074", "--count", "5", "--seed", "7", filepath.Join(programs, "ac.c"))
	if code != exitOK || !strings.Contains(stdout, "5/5 rounds passed (seeds 7..11; kinds unique; answers by the reference") {
		t.Errorf("correct program: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	code, stdout, _ = cli(t, "stress", "--problem", "poj3074", filepath.Join(programs, "syntax.c"))
	if code != exitFailed || !strings.HasPrefix(stdout, "CE: compilation failed: syntax.c:3:17: error: expected ';'") {
		t.Errorf("compile error: exit %d:\n%s", code, stdout)
	}
	wantUsageError(t, "--problem is required", "stress", hdu4069Program)
	wantUsageError(t, "--against", "stress", "--problem", "poj3074", "--against", filepath.Join(programs, "syntax.c"), filepath.Join(programs, "ac.c"))
}

var replayLine = regexp.MustCompile(`(?m)^replay: (.*)$`)

// TestStressFindsHDU4069Bug is issue 12's case: stress finds the program
// that never says "Multiple Solutions" within 50 rounds, saves the input
// under a name with its seed, never over an earlier one, and prints a
// replay command that judges it as stress did.
func TestStressFindsHDU4069Bug(t *testing.T) {
	needSandbox(t)
	out := filepath.Join(t.TempDir(), "failures")
	args := []string{"stress", "--problem", "hdu4069", "--count", "50", "--time-limit", "1s", "-j", "2", "--out", out, hdu4069Program, "--", "first"}
	var replays []string
	for run := range 2 {
		code, stdout, stderr := cli(t, args...)
		if code != exitFailed {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		if !strings.Contains(stdout, "kind multiple) failed: WA") || !strings.Contains(stdout, `expected "Multiple Solutions", got "`) {
			t.Errorf("run %d: stdout:\n%s", run+1, stdout)
		}
		m := replayLine.FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("no replay command:\n%s", stdout)
		}
		replays = append(replays, m[1])
	}
	want := regexp.MustCompile(`^sudoku-judge test --problem hdu4069 --time-limit 1s --tests ` + regexp.QuoteMeta(out) + `/hdu4069-multiple-seed(\d+) ` + regexp.QuoteMeta(hdu4069Program) + ` -- first$`)
	m := want.FindStringSubmatch(replays[0])
	if m == nil {
		t.Fatalf("replay command %q, want one matching %s", replays[0], want)
	}
	if replays[1] != strings.Replace(replays[0], "seed"+m[1], "seed"+m[1]+"-2", 1) {
		t.Errorf("second run's replay %q: want the seed's second folder", replays[1])
	}
	for _, r := range replays {
		dir := strings.Fields(r)[7]
		for _, ext := range []string{".in", ".ans", ".actual"} {
			if _, err := os.Stat(filepath.Join(dir, filepath.Base(dir)+ext)); err != nil {
				t.Error(err)
			}
		}
	}

	// The replay command, as printed, fails the same way; the program
	// without its bug passes it.
	words := strings.Fields(replays[0])[1:]
	code, stdout, _ := cli(t, words...)
	if code != exitFailed || !strings.Contains(stdout, "0/1 passed: 1 WA") {
		t.Errorf("replay: exit %d:\n%s", code, stdout)
	}
	code, stdout, _ = cli(t, words[:len(words)-2]...)
	if code != exitOK {
		t.Errorf("replay without the bug: exit %d:\n%s", code, stdout)
	}
}

// With --against, a brute force answers; a failing input of several cases
// is shrunk to the case that fails.
func TestStressAgainst(t *testing.T) {
	needSandbox(t)
	code, stdout, stderr := cli(t, "stress", "--problem", "hdu4069", "--count", "4", "--against", hdu4069Program, hdu4069Program)
	if code != exitOK || !strings.Contains(stdout, "4/4 rounds passed (seeds 1..4; kinds unique, multiple, none, mixed; answers by "+hdu4069Program+")") {
		t.Errorf("correct program: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	out := t.TempDir()
	code, stdout, stderr = cli(t, "stress", "--problem", "hdu4069", "--count", "10", "--cases", "6", "--kind", "mixed",
		"--against", hdu4069Program, "--out", out, hdu4069Program, "--", "first")
	if code != exitFailed {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, w := range []string{"kind mixed) failed: WA", "shrunk from 6 cases to 1\ninput:\n    1\n", `expected "Multiple Solutions", got "`, ".original\nreplay: "} {
		if !strings.Contains(stdout, w) {
			t.Errorf("stdout lacks %q:\n%s", w, stdout)
		}
	}
}
