package bench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchCompareScript runs scripts/bench-compare.sh against HEAD with
// tiny settings. Until HEAD has the bench command, the script must say it
// cannot benchmark HEAD; either way it must leave no worktree behind.
func TestBenchCompareScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tool twice: skipped with -short")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("not a git checkout")
	}
	worktrees := func() string {
		out, err := exec.Command("git", "-C", root, "worktree", "list", "--porcelain").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	before := worktrees()
	headBench, _ := exec.Command("git", "-C", root, "show", "HEAD:judge/cmd/sudoku-judge/bench.go").Output()

	out := t.TempDir()
	cmd := exec.Command(filepath.Join(root, "scripts", "bench-compare.sh"), "HEAD")
	cmd.Dir = root
	cmd.Env = append(os.Environ(),
		"BENCH_ARGS=--set top95 --max 5 --strategy dlx,fast", "ROUNDS=2",
		"RUN_ARGS=--problem poj2676 --strategy fast", "OUT="+out, "FAIL_OVER=1000")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	code := cmd.ProcessState.ExitCode()

	if bytes.Contains(headBench, []byte("measure.")) {
		if err != nil {
			t.Fatalf("exit %d: %v\nstdout:\n%s\nstderr:\n%s", code, err, stdout.String(), stderr.String())
		}
		for _, want := range []string{"sec/puzzle", "strategy=fast", "no significant slowdown over 1000%"} {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, stdout.String())
			}
		}
		for _, f := range []string{"old.txt", "new.txt", "report.html", "run-new.txt"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Error(err)
			}
		}
	} else if code != 2 || !strings.Contains(stderr.String(), "has no working 'sudoku-judge bench' command") {
		t.Errorf("HEAD without the bench command: exit %d, stderr:\n%s", code, stderr.String())
	}
	if after := worktrees(); after != before {
		t.Errorf("worktrees before:\n%s\nafter:\n%s", before, after)
	}
}
