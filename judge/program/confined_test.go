package program

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// plantRoots are host folders where a judge's checkout, an installed data
// folder or a contest's tests may lie, and which no language needs.
var plantRoots = []string{"/opt", "/usr/local/share", "/etc", "/srv", "/var"}

// plantedEnv names, for a run that cannot plant (not root), the folders
// planted beforehand, separated by colons (scripts/hostile-modes.sh does).
const plantedEnv = "SUDOKU_JUDGE_PLANTED"

// answerMarker starts every planted answer; walk.c, walk.py and walk.java
// look for it.
const answerMarker = "ANSWER-BYTES-"

// plant puts a folder of tests and a problem's answers, world-readable,
// under each of plantRoots, and returns the folders.
func plant(t *testing.T) []string {
	t.Helper()
	if env := os.Getenv(plantedEnv); env != "" {
		return strings.Split(env, ":")
	}
	testenv.NeedRoot(t) // to plant answers under /opt, /etc, ... (or plantedEnv)
	b := make([]byte, 8)
	rand.Read(b)
	answer := answerMarker + hex.EncodeToString(b) + "\n"
	var dirs []string
	for _, root := range plantRoots {
		if err := os.MkdirAll(root, 0o755); err != nil {
			t.Fatal(err)
		}
		dir, err := os.MkdirTemp(root, "sudoku-judge-confined-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		for name, data := range map[string]string{
			"tests/1.in":                            "1\n",
			"tests/1.ans":                           answer,
			"problems/poj3074/data/secret/1.in":     "1\n",
			"problems/poj3074/data/secret/1.ans":    answer,
			"problems/poj3074/data/secret/1.answer": answer,
		} {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Readable by anyone, so that only the box keeps the program out.
		filepath.WalkDir(dir, func(p string, d os.DirEntry, _ error) error {
			if d != nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		dirs = append(dirs, dir)
	}
	return dirs
}

// TestAnswersConfined plants a folder of tests and a problem's answers
// under /opt, /usr/local/share, /etc, /srv and /var in turn, names the
// folder to the judge directly, through a symbolic link to it, to its
// parent and as relative to a current folder reached through one, and
// judges programs in C, Python and Java that read every file they can see
// for the answers' bytes: they must find nothing. It runs in the isolation
// this process gets; scripts/hostile-modes.sh runs it as root and as an
// ordinary user.
func TestAnswersConfined(t *testing.T) {
	sb := sandboxtest.Open(t, sandbox.Options{})
	if len(sb.Isolation().Namespaces) == 0 {
		t.Skipf("skipped: without namespaces the program reads what the judge's user can, as the isolation line says: %s", sb.Isolation())
	}
	planted := plant(t)
	ctx := context.Background()
	var exes []*lang.Executable
	for _, src := range []string{"walk.c", "walk.py", "walk.java"} {
		exe, err := lang.Build(ctx, filepath.Join("testdata", src), lang.Options{Sandbox: sb, RunMemory: 256 << 20})
		if lang.IsToolchainError(err) {
			testenv.Need(t, "the toolchain of "+src, err)
		}
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		defer exe.Close()
		exes = append(exes, exe)
	}
	limits := LimitsFor(nil)
	limits.CPUTime, limits.WallTime = 20*time.Second, 60*time.Second

	// judge runs exe on the tests in dir and returns what it printed.
	judge := func(t *testing.T, exe *lang.Executable, j *Judge, dir string) string {
		t.Helper()
		ts, err := ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var out strings.Builder
		j.Runner, j.Limits, j.Checker = sb, limits, contest.Lines{}
		j.Keep = func(_ string, stdout []byte) {
			mu.Lock()
			out.Write(stdout)
			mu.Unlock()
		}
		res := j.Judge(ctx, exe, nil, ts)
		if res.Tests[0].Verdict == contest.IE || res.Tests[0].Verdict == contest.RE {
			t.Fatalf("%s: %s (%s)", exe.Language, res.Tests[0].Verdict, res.Tests[0].Message)
		}
		return out.String()
	}

	// The control: a box that allows the folder shows the walkers the
	// answers, so finding none below means they were out of reach.
	t.Run("control", func(t *testing.T) {
		dir := filepath.Join(planted[0], "tests")
		s := sandboxtest.Open(t, sandbox.Options{Allow: []string{planted[0]}})
		for _, exe := range exes {
			j := &Judge{}
			ts, _ := ReadDir(dir)
			var out []byte
			j.Runner, j.Limits, j.Checker = s, limits, contest.Lines{}
			j.Keep = func(_ string, stdout []byte) { out = stdout }
			if res := j.Judge(ctx, exe, nil, ts); !strings.Contains(string(out), answerMarker) {
				t.Errorf("%s in a box that shows %s: %s (%s), output %q; want the answers found", exe.Language, planted[0], res.Verdict, res.Tests[0].Message, out)
			}
		}
	})

	for _, base := range planted {
		links := t.TempDir()
		tests := filepath.Join(base, "tests")
		if err := os.Symlink(tests, filepath.Join(links, "tests-link")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(base, filepath.Join(links, "parent-link")); err != nil {
			t.Fatal(err)
		}
		for _, n := range []struct {
			how, name, cwd string
		}{
			{"directly", tests, ""},
			{"through a symlinked folder", filepath.Join(links, "tests-link") + "/", ""},
			{"through a symlinked parent", filepath.Join(links, "parent-link", "tests"), ""},
			{"from a symlinked current folder", "tests", filepath.Join(links, "parent-link")},
		} {
			t.Run(filepath.Dir(base)+" "+n.how, func(t *testing.T) {
				if n.cwd != "" {
					t.Chdir(n.cwd)
				}
				real, err := RealPath(n.name)
				if err != nil {
					t.Fatal(err)
				}
				for _, exe := range exes {
					out := judge(t, exe, &Judge{Hide: []string{real}}, real)
					if strings.Contains(out, answerMarker) || !strings.Contains(out, "found nothing") {
						t.Errorf("%s found the answers (--tests %s): %q", exe.Language, n.name, out)
					}
				}
			})
		}
	}
}
