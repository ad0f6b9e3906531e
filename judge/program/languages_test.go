package program

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems"

	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// TestLanguages compiles a real POJ 3074 program in Java, Rust and
// JavaScript in the sandbox, and judges each of its failure modes (chosen
// by its argument), and a syntax error, with the language's own runtime.
func TestLanguages(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short: compiles with javac and rustc take seconds")
	}
	dir, tests := copyTests(t)
	// A generous wall limit: on a busy machine a runtime near its heap limit
	// collects garbage for seconds of wall time before it gives up.
	limits := sandbox.Limits{CPUTime: 2 * time.Second, WallTime: 15 * time.Second, Memory: 256 << 20, Output: 1 << 20}
	// Each language runs with full isolation and as an ordinary user
	// without cgroups gets it: rlimits alone, where RLIMIT_DATA counts
	// every thread's stack reservation and a JVM's or V8's threads must
	// still fit.
	isolations := []struct {
		name string
		open func(*testing.T) *sandbox.Sandbox
	}{
		{"full", func(t *testing.T) *sandbox.Sandbox { return sandboxtest.Full(t) }},
		{"rlimits", func(t *testing.T) *sandbox.Sandbox {
			return sandboxtest.Open(t, sandbox.Options{NoCgroups: true, NoSetuid: true})
		}},
	}
	for _, iso := range isolations {
		t.Run(iso.name, func(t *testing.T) {
			testLanguages(t, iso.open(t), dir, tests, limits)
		})
	}
}

func testLanguages(t *testing.T, sb *sandbox.Sandbox, dir string, tests []problems.Test, limits sandbox.Limits) {
	modes := []struct {
		arg  string
		want contest.Verdict
		msg  string // in the message
	}{
		{"ac", contest.AC, ""},
		{"wa", contest.WA, ""},
		{"tle", contest.TLE, ""},
		{"mle", contest.MLE, ""},
		{"re", contest.RE, ""},
	}
	for _, c := range []struct {
		lang, reMsg, ceMsg string
	}{
		{"java", "ArithmeticException: / by zero", "';' expected"},
		{"rust", "panicked", "mismatched types"},
		{"javascript", "RangeError: thrown on purpose", "SyntaxError"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			t.Parallel()
			l, err := lang.Lookup(c.lang)
			if err != nil {
				t.Fatal(err)
			}
			ext := l.Extensions[0]
			exe, err := lang.Build(context.Background(), filepath.Join("testdata", "modes"+ext), lang.Options{Sandbox: sb, RunMemory: limits.Memory})
			if lang.IsToolchainError(err) {
				testenv.Need(t, "the "+c.lang+" toolchain", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			defer exe.Close()
			j := &Judge{Runner: sb, Limits: limits, Checker: contest.Lines{}, Parallel: 1, Hide: []string{dir}}
			for _, m := range modes {
				ts := tests
				if m.want != contest.AC && m.want != contest.WA {
					ts = tests[:1]
				}
				res := j.Judge(context.Background(), exe, []string{m.arg}, ts)
				t.Logf("%s %s: %s %q %.0fms %dKB", c.lang, m.arg, res.Verdict, res.Tests[0].Message, res.Tests[0].TimeMS, res.Tests[0].MemoryKB)
				if res.Verdict != m.want {
					t.Errorf("%s %s: %s (%s), want %s", c.lang, m.arg, res.Verdict, res.Tests[0].Message, m.want)
				}
				if m.want == contest.RE && !strings.Contains(res.Tests[0].Message, c.reMsg) {
					t.Errorf("%s re: message %q, want it to hold %q", c.lang, res.Tests[0].Message, c.reMsg)
				}
			}

			res, err := j.Evaluate(context.Background(), filepath.Join("testdata", "syntax"+ext), lang.Options{}, nil, tests)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != contest.CE || len(res.Tests) != 1 {
				t.Fatalf("syntax error: %s in %d rows, want CE in one", res.Verdict, len(res.Tests))
			}
			if !strings.Contains(res.Tests[0].Message+res.Tests[0].Diff, c.ceMsg) {
				t.Errorf("syntax error: message %q, output\n%s\nwant %q", res.Tests[0].Message, res.Tests[0].Diff, c.ceMsg)
			}
		})
	}
}

// TestMissingToolchain: a compiler that is not there is the judge's
// setup error, found before any test runs, never the contestant's CE.
func TestMissingToolchain(t *testing.T) {
	sb := sandboxtest.Full(t)
	_, tests := copyTests(t)
	j := &Judge{Runner: sb, Limits: LimitsFor(nil)}
	for _, compile := range []string{"no-such-compiler-xyz -o {out} {src}", "/no/such/dir/cc -o {out} {src}"} {
		res, err := j.Evaluate(context.Background(), filepath.Join("testdata", "ac.c"), lang.Options{Compile: compile}, nil, tests)
		var te *lang.ToolchainError
		if !errors.As(err, &te) {
			t.Errorf("--compile %q: result %v, error %v; want a ToolchainError", compile, res, err)
		}
	}
}
