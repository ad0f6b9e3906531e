package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestNeed runs this test binary again with and without CI=true, asking
// for a command that does not exist: outside CI the test skips, in CI it
// fails, and both name the command.
func TestNeed(t *testing.T) {
	if os.Getenv("TESTENV_CHILD") != "" {
		NeedCommand(t, "no-such-command-testenv")
		t.Log("ran")
		return
	}
	for _, tc := range []struct {
		ci       string
		wantFail bool
		want     string
	}{
		{"", false, "--- SKIP"},
		{"false", false, "--- SKIP"},
		{"true", true, "--- FAIL"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestNeed$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTENV_CHILD=1", "CI="+tc.ci)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != tc.wantFail {
			t.Errorf("CI=%q: exit error %v, want failure %v:\n%s", tc.ci, err, tc.wantFail, out)
		}
		if !strings.Contains(string(out), tc.want) || !strings.Contains(string(out), "no-such-command-testenv") || strings.Contains(string(out), "ran") {
			t.Errorf("CI=%q: output does not show %s naming the command (and no run):\n%s", tc.ci, tc.want, out)
		}
	}
}
