package verify

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

const packages = "../../problems/kattis/testdata"

// TestPackage verifies the hand-written sum package: every submission
// gets its folder's verdict, under the time limit found from the accepted
// ones.
func TestPackage(t *testing.T) {
	sb := sandboxtest.Full(t)
	pkg, err := kattis.OpenPath(filepath.Join(packages, "sum"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Package(context.Background(), pkg, Options{Runner: sb})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed() || len(rep.Findings) != 0 || len(rep.Inputs) != 1 {
		t.Errorf("failed %v, findings %+v, input validators %v", rep.Failed(), rep.Findings, rep.Inputs)
	}
	if rep.TimeLimit != time.Second || !strings.Contains(rep.TimeLimitFrom, "× 5") {
		t.Errorf("time limit %v from %q, want 1s found from the accepted submissions", rep.TimeLimit, rep.TimeLimitFrom)
	}
	want := map[string]string{
		"submissions/accepted/sum.c": "AC ", "submissions/accepted/sum.py": "AC ",
		"submissions/wrong_answer/overflow.c":    "WA secret/big/2",
		"submissions/time_limit_exceeded/spin.c": "TLE secret/big/2",
		"submissions/run_time_error/abort.c":     "RE secret/big/2",
	}
	for _, o := range rep.Submissions {
		if got := string(o.Verdict) + " " + o.Test; got != want[o.Path] || !o.OK {
			t.Errorf("%s: %s, ok %v; want %s", o.Path, got, o.OK, want[o.Path])
		}
	}
	if len(rep.Submissions) != len(want) || rep.Submissions[0].Expect != kattis.Accepted || rep.Submissions[1].Expect != kattis.Accepted {
		t.Errorf("%d submissions, accepted ones not first: %+v", len(rep.Submissions), rep.Submissions)
	}
}

// TestPackageFindsFaults verifies broken copies of the sum package.
func TestPackageFindsFaults(t *testing.T) {
	sb := sandboxtest.Full(t)
	tests := []struct {
		name  string
		edit  func(dir string)
		check func(t *testing.T, rep *Report, err error)
	}{
		{"wrong folder", func(dir string) {
			move(t, dir, "submissions/wrong_answer/overflow.c", "submissions/accepted/overflow.c")
		}, func(t *testing.T, rep *Report, err error) {
			o := find(t, rep, "submissions/accepted/overflow.c")
			if err != nil || o.OK || o.Verdict != contest.WA || !rep.Failed() {
				t.Errorf("%+v, %v", o, err)
			}
		}},
		{"input validator rejects a test", func(dir string) {
			write(t, dir, "data/secret/3.in", "01 2\n")
			write(t, dir, "data/secret/3.ans", "3\n")
		}, func(t *testing.T, rep *Report, err error) {
			if err != nil || len(rep.Findings) != 1 || rep.Findings[0].Test != "secret/3" || rep.Findings[0].Warning || !rep.Failed() {
				t.Errorf("findings %+v, %v", rep.Findings, err)
			}
		}},
		{"answer the checker rejects", func(dir string) {
			// The sum package judged by pair's validator: the sample's
			// answer is one of its pairs, a secret answer is not.
			os.CopyFS(filepath.Join(dir, "output_validators"), os.DirFS(filepath.Join(packages, "pair", "output_validators")))
			write(t, dir, "problem.yaml", "name: Sum\nvalidation: custom\n")
			write(t, dir, "data/sample/1.in", "3\n")
			write(t, dir, "data/sample/1.ans", "1 2\n")
			write(t, dir, "data/secret/1.in", "3\n")
			write(t, dir, "data/secret/1.ans", "0 3\n")
			os.RemoveAll(filepath.Join(dir, "data/secret/big"))
			os.RemoveAll(filepath.Join(dir, "input_validators"))
			os.RemoveAll(filepath.Join(dir, "submissions"))
			write(t, dir, "submissions/accepted/pair.py", "n = int(input())\nprint(1, n - 1)\n")
		}, func(t *testing.T, rep *Report, err error) {
			if err != nil || len(rep.Findings) != 1 || rep.Findings[0].Test != "secret/1" || !rep.Findings[0].Warning || rep.Failed() {
				t.Errorf("findings %+v, %v", rep.Findings, err)
			}
		}},
		{"compile error", func(dir string) {
			write(t, dir, "submissions/accepted/broken.c", "int main(void) { return }\n")
		}, func(t *testing.T, rep *Report, err error) {
			if o := find(t, rep, "submissions/accepted/broken.c"); err != nil || o.OK || o.Verdict != contest.CE || !rep.Failed() {
				t.Errorf("%+v, %v", o, err)
			}
		}},
		{"a language this judge lacks", func(dir string) {
			write(t, dir, "submissions/accepted/sum.kt", "fun main() {}\n")
		}, func(t *testing.T, rep *Report, err error) {
			if o := find(t, rep, "submissions/accepted/sum.kt"); err != nil || o.Verdict != contest.NA || rep.Failed() {
				t.Errorf("%+v, %v, failed %v", o, err, rep.Failed())
			}
		}},
		{"no accepted submission, no time limit", func(dir string) {
			os.RemoveAll(filepath.Join(dir, "submissions/accepted"))
		}, func(t *testing.T, rep *Report, err error) {
			if err == nil || !strings.Contains(err.Error(), "no accepted submission") {
				t.Errorf("error %v", err)
			}
		}},
		{"time limit of the package", func(dir string) {
			write(t, dir, ".timelimit", "3\n")
			os.RemoveAll(filepath.Join(dir, "submissions/time_limit_exceeded"))
		}, func(t *testing.T, rep *Report, err error) {
			if err != nil || rep.TimeLimit != 3*time.Second || rep.TimeLimitFrom != ".timelimit" || rep.Failed() {
				t.Errorf("time limit %v from %q, %v", rep.TimeLimit, rep.TimeLimitFrom, err)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "sum")
			copyDir(t, filepath.Join(packages, "sum"), dir)
			tc.edit(dir)
			pkg, err := kattis.OpenPath(dir)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Package(context.Background(), pkg, Options{Runner: sb})
			tc.check(t, rep, err)
		})
	}
}

func find(t *testing.T, rep *Report, path string) Outcome {
	t.Helper()
	if rep != nil {
		for _, o := range rep.Submissions {
			if o.Path == path {
				return o
			}
		}
	}
	t.Fatalf("no outcome for %s", path)
	return Outcome{}
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func move(t *testing.T, dir, from, to string) {
	t.Helper()
	if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
		t.Fatal(err)
	}
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	// os.CopyFS keeps no modes beyond read and write; the sandbox's user
	// must read the copies.
	filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			os.Chmod(p, map[bool]os.FileMode{true: 0o755, false: 0o644}[d.IsDir()])
		}
		return err
	})
}
