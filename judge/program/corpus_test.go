package program

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// corpus holds programs written in the styles of public solutions to each
// problem, each named after the verdict its original judge gives it (see
// its README.md).
const corpus = "testdata/original"

// compiledMark is the line by which a corpus program says it compiles only
// as its problem's original compiler, and how.
var compiledMark = regexp.MustCompile(`sudoku-judge: (compiled as .*)$`)

// TestOriginalVerdicts judges every corpus program in the sandbox, on its
// problem's headline group, as `test --problem ID PROGRAM` judges it by
// default: the problem's checker, limits and original compilers. Each must
// get the verdict its name starts with, and compile as the original
// compiler when, and only when, it says so.
func TestOriginalVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short: compiles and judges some thirty programs")
	}
	sb := sandboxtest.Full(t)
	dirs, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		prob, err := catalog.Lookup(d.Name())
		if err != nil {
			t.Fatalf("%s: %v", d.Name(), err)
		}
		cfg := prob.Config()
		all, err := prob.Tests()
		if err != nil {
			t.Fatal(err)
		}
		headline, err := cfg.SelectGroups(all, []string{cfg.Groups[0].Name})
		if err != nil {
			t.Fatal(err)
		}
		originals, err := Originals(cfg)
		if err != nil {
			t.Fatal(err)
		}
		// The problem's own limits, but for the wall clock: what is tested
		// is the verdict on the output, and a loaded machine must not turn
		// a fast program into a TLE (the TLE program runs out of CPU time).
		limits := LimitsFor(&cfg)
		limits.WallTime = 60 * time.Second
		files, err := os.ReadDir(filepath.Join(corpus, d.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src := filepath.Join(corpus, d.Name(), f.Name())
			want, _, ok := strings.Cut(f.Name(), "-")
			if !ok {
				t.Errorf("%s: want a name VERDICT-what.ext", src)
				continue
			}
			t.Run(d.Name()+"/"+f.Name(), func(t *testing.T) {
				t.Parallel()
				needTool(t, src)
				mark := compiledAs(t, src)
				j := &Judge{Runner: sb, Limits: limits, Checker: prob.Checker(), Parallel: 1, Isolation: sb.Isolation().String()}
				res, err := j.Evaluate(context.Background(), src, lang.Options{Originals: originals}, nil, headline)
				if err != nil {
					t.Fatal(err)
				}
				Group(res, cfg)
				if string(res.Verdict) != want {
					why := ""
					for _, tr := range res.Tests {
						if tr.Verdict != contest.AC {
							why = tr.Name + ": " + tr.Message
							break
						}
					}
					t.Errorf("headline verdict %s (%s), want %s", res.Verdict, why, want)
				}
				if mark == "" && res.Compiled != "" || !strings.Contains(res.Compiled, mark) {
					t.Errorf("compiled %q, want %q", res.Compiled, mark)
				}
			})
		}
	}
}

// needTool skips t (fails it in CI) when the compiler or runtime of src's
// language is missing.
func needTool(t *testing.T, src string) {
	t.Helper()
	tool := map[string]string{".c": "gcc", ".cpp": "g++", ".py": "python3", ".java": "javac"}[filepath.Ext(src)]
	if tool == "" {
		t.Fatalf("%s: no language this test knows", src)
	}
	testenv.NeedCommand(t, tool)
}

// compiledAs returns what src's compiledMark line says, or "".
func compiledAs(t *testing.T, src string) string {
	t.Helper()
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := compiledMark.FindStringSubmatch(sc.Text()); m != nil {
			return m[1]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ""
}
