package bench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// TestBenchCompareScript runs scripts/bench-compare.sh against HEAD with
// tiny settings. Until HEAD has the bench command, the script must say it
// cannot benchmark HEAD; either way it must leave no worktree behind.
func TestBenchCompareScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tool twice: skipped with -short")
	}
	testenv.NeedCommand(t, "git")
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	_, err = os.Stat(filepath.Join(root, ".git"))
	testenv.Need(t, "a git checkout", err)
	// The script makes its worktree under TMPDIR: give it one of the
	// test's own, and look only there afterwards, since other checkouts
	// of the repository add and remove worktrees while the test runs.
	tmpdir := t.TempDir()
	leftOver := func() []string {
		out, err := exec.Command("git", "-C", root, "worktree", "list", "--porcelain").Output()
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, line := range strings.Split(string(out), "\n") {
			if p, ok := strings.CutPrefix(line, "worktree "); ok && strings.HasPrefix(p, tmpdir) {
				paths = append(paths, p)
			}
		}
		entries, _ := os.ReadDir(tmpdir)
		for _, e := range entries {
			paths = append(paths, filepath.Join(tmpdir, e.Name()))
		}
		return paths
	}
	headBench, _ := exec.Command("git", "-C", root, "show", "HEAD:judge/cmd/sudoku-judge/bench.go").Output()

	out := t.TempDir()
	cmd := exec.Command(filepath.Join(root, "scripts", "bench-compare.sh"), "HEAD")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "TMPDIR="+tmpdir,
		"BENCH_ARGS=--set top95 --max 5 --strategy dlx,fast", "ROUNDS=6", // the fewest with finite 95% intervals
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
	if left := leftOver(); len(left) > 0 {
		t.Errorf("the script left behind %v", left)
	}
}

// TestBenchCompareProbe runs the script's "has a bench command" probe many
// times: piped into `grep -q` under pipefail it failed about one run in
// eight (SIGPIPE), which made the whole test suite flaky.
func TestBenchCompareProbe(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sj := filepath.Join(t.TempDir(), "sudoku-judge")
	build := exec.Command("go", "build", "-o", sj, "./judge/cmd/sudoku-judge")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script := filepath.Join(root, "scripts", "bench-compare.sh")
	runs := 200
	if testing.Short() {
		runs = 40
	}
	for i := range runs {
		if out, err := exec.Command(script, "--has-bench", sj).CombinedOutput(); err != nil {
			t.Fatalf("run %d: the probe failed on a binary with a bench command: %v\n%s", i, err, out)
		}
	}
	if err := exec.Command(script, "--has-bench", "/bin/true").Run(); err == nil {
		t.Error("the probe accepted /bin/true")
	}
}

// TestScriptsNoEarlyExitPipes: under `set -o pipefail`, a pipe into a
// reader that may exit before the writer finishes (grep -q, grep -m, head)
// fails when the writer gets SIGPIPE. No script may use one, unless it
// ignores the pipeline's status (`|| true`).
func TestScriptsNoEarlyExitPipes(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "scripts", "*"))
	files = append(files, filepath.Join(root, ".ci", "run"))
	bad := regexp.MustCompile(`\|\s*(grep\s+(-[a-zA-Z]*[qm]|--quiet|--max-count)|head\b)`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // a directory
		}
		if !strings.Contains(string(data), "pipefail") {
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			// A pipeline whose status is ignored on purpose is harmless.
			if bad.MatchString(line) && !strings.HasSuffix(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), ")")), "|| true") {
				t.Errorf("%s:%d: a pipe into an early-exiting reader under pipefail: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
