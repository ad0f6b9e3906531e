package stress

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/hdu4069"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3074"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

// The general contest programs are those of package program's tests.
const programs = "../program/testdata"

// hdu4069Src solves HDU 4069; with the argument "first" it prints the first
// solution it finds, never "Multiple Solutions".
const hdu4069Src = "testdata/hdu4069.c"

// newJudge returns a judge on a fully isolating sandbox, or skips (fails
// in CI).
func newJudge(t *testing.T) *program.Judge {
	t.Helper()
	return &program.Judge{Runner: sandboxtest.Full(t), Limits: program.LimitsFor(nil)}
}

func build(t *testing.T, src string) *lang.Executable {
	t.Helper()
	exe, err := lang.Build(context.Background(), src, lang.Options{})
	if errors.Is(err, exec.ErrNotFound) {
		testenv.Need(t, "the compiler of "+src, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { exe.Close() })
	return exe
}

func TestStressCorrect(t *testing.T) {
	j := newJudge(t)
	exe := build(t, filepath.Join(programs, "ac.c"))
	var calls, last int
	rep, err := Run(context.Background(), Options{
		Problem: poj3074.New(), Judge: j, Program: exe, Rounds: 12, Seed: 100, Cases: 2, Parallel: 2,
		Dir:      filepath.Join(t.TempDir(), "failures"),
		Progress: func(done, total int) { calls, last = calls+1, done },
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure != nil {
		t.Fatalf("a correct program failed round %d: %s %s\n%s", rep.Failure.Round, rep.Failure.Test.Verdict, rep.Failure.Test.Message, rep.Failure.Input)
	}
	if rep.Rounds != 12 || calls != 12 || last != 12 {
		t.Errorf("%d rounds, progress called %d times up to %d, want 12", rep.Rounds, calls, last)
	}
	if len(rep.Kinds) != 1 || rep.Kinds[0] != "unique" {
		t.Errorf("kinds %q, want poj3074's declared [unique]", rep.Kinds)
	}
}

// TestStressHDU4069 is issue 12's case: a program that prints the first
// solution it finds instead of "Multiple Solutions" passed 200 rounds of
// unique puzzles. Stress now tries every kind the problem declares and
// finds it within 50 rounds, the same round whatever the parallelism and
// whether the reference or a brute force answers.
func TestStressHDU4069(t *testing.T) {
	j := newJudge(t)
	exe := build(t, hdu4069Src)
	prob := hdu4069.New()
	dir := t.TempDir()
	var found *Failure
	for _, tc := range []struct {
		name     string
		parallel int
		oracle   *Oracle
	}{
		{"reference", 1, nil},
		{"reference-j2", 2, nil},
		{"against", 2, &Oracle{Program: exe}}, // the same program, without the bug
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Run(context.Background(), Options{
				Problem: prob, Judge: j, Program: exe, Args: []string{"first"}, Oracle: tc.oracle,
				Rounds: 50, Seed: 1, Parallel: tc.parallel, Dir: dir,
			})
			if err != nil {
				t.Fatal(err)
			}
			f := rep.Failure
			if f == nil {
				t.Fatalf("no failure in %d rounds", rep.Rounds)
			}
			if f.Test.Verdict != contest.WA || f.Kind != "multiple" || rep.Rounds != f.Round+1 || f.Seed != 1+uint64(f.Round) {
				t.Errorf("round %d (seed %d, kind %s): %s %s after %d rounds", f.Round+1, f.Seed, f.Kind, f.Test.Verdict, f.Test.Message, rep.Rounds)
			}
			if !bytes.Contains(f.Expected, []byte("Multiple Solutions")) || bytes.Contains(f.Actual, []byte("Multiple Solutions")) {
				t.Errorf("expected %q, actual %q", f.Expected, f.Actual)
			}
			if found != nil && (f.Round != found.Round || !bytes.Equal(f.Input, found.Input)) {
				t.Errorf("round %d, want round %d as the first run found", f.Round+1, found.Round+1)
			}
			found = f

			// The saved folder replays as a one-test suite: the buggy
			// program fails it, the correct one passes it.
			if want := filepath.Join(dir, "hdu4069-multiple-seed"); !strings.HasPrefix(f.Dir, want) || filepath.Base(f.Dir) != f.Name {
				t.Errorf("saved in %s as %s, want %s<seed>", f.Dir, f.Name, want)
			}
			tests, err := program.ReadDir(f.Dir)
			if err != nil || len(tests) != 1 || !bytes.Equal(tests[0].Input, f.Input) || !bytes.Equal(tests[0].Answer, f.Expected) {
				t.Fatalf("reading the saved failure: %d tests, %v", len(tests), err)
			}
			jj := *j
			jj.Checker = prob.Checker()
			if o := jj.Test(context.Background(), exe, []string{"first"}, tests[0]); o.Verdict != contest.WA {
				t.Errorf("replay: %s, want WA", o.Verdict)
			}
			if o := jj.Test(context.Background(), exe, nil, tests[0]); o.Verdict != contest.AC {
				t.Errorf("replay of the correct program: %s %s", o.Verdict, o.Message)
			}
		})
	}
	// Three runs on the same seed saved three folders: none overwritten.
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 3 {
		t.Errorf("%d folders saved, want 3 (%v)", len(entries), err)
	}
}

// TestStressShrink: an input of 8 cases of every kind fails on its
// multiple-solution cases only; stress cuts it down to one of them.
func TestStressShrink(t *testing.T) {
	j := newJudge(t)
	exe := build(t, hdu4069Src)
	prob := hdu4069.New()
	for _, tc := range []struct {
		name      string
		noShrink  bool
		wantCases int
	}{
		{"shrink", false, 1},
		{"no-shrink", true, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			rep, err := Run(context.Background(), Options{
				Problem: prob, Judge: j, Program: exe, Args: []string{"first"},
				Rounds: 10, Seed: 5, Cases: 8, Kinds: []string{"mixed"}, NoShrink: tc.noShrink, Dir: dir,
			})
			if err != nil {
				t.Fatal(err)
			}
			f := rep.Failure
			if f == nil {
				t.Fatal("no failure")
			}
			original, err := prob.Parse("original", f.Original)
			if err != nil || len(original) != 8 {
				t.Fatalf("original input: %d cases, %v", len(original), err)
			}
			cases, err := prob.Parse("shrunk", f.Input)
			if err != nil || len(cases) != tc.wantCases || f.Shrunk != tc.wantCases || f.Cases != 8 {
				t.Fatalf("failing input: %d cases (Shrunk %d of %d), %v; want %d", len(cases), f.Shrunk, f.Cases, err, tc.wantCases)
			}
			if tc.noShrink {
				return
			}
			if !bytes.Equal(f.Expected, []byte("Case 1:\nMultiple Solutions\n")) || f.Test.Verdict != contest.WA {
				t.Errorf("shrunk to a case answered %q, judged %s", f.Expected, f.Test.Verdict)
			}
			for _, ext := range []string{InputExt, ExpectedExt, ActualExt, OriginalExt} {
				if _, err := os.Stat(filepath.Join(f.Dir, f.Name+ext)); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

func TestStressFindsFailure(t *testing.T) {
	j := newJudge(t)
	exe := build(t, filepath.Join(programs, "wa.c")) // wrong on solutions starting with a 9
	prob := poj3074.New()
	rep, err := Run(context.Background(), Options{Problem: prob, Judge: j, Program: exe, Rounds: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Failure
	if f == nil {
		t.Fatalf("no failure in %d rounds", rep.Rounds)
	}
	if f.Test.Verdict != contest.WA || f.Dir != "" || !bytes.HasPrefix(f.Expected, []byte("9")) {
		t.Errorf("failure %+v, expected %q", f.Test, f.Expected)
	}
	// Same seed, same failure.
	again, err := Run(context.Background(), Options{Problem: prob, Judge: j, Program: exe, Rounds: 1, Seed: f.Seed})
	if err != nil || again.Failure == nil || !bytes.Equal(again.Failure.Input, f.Input) {
		t.Errorf("replaying seed %d: %+v, %v", f.Seed, again, err)
	}
}

func TestStressCrash(t *testing.T) {
	j := newJudge(t)
	exe := build(t, filepath.Join(programs, "segv.c"))
	rep, err := Run(context.Background(), Options{Problem: poj3074.New(), Judge: j, Program: exe, Rounds: 5, Parallel: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure == nil || rep.Failure.Test.Verdict != contest.RE || rep.Rounds != 1 || rep.Failure.Dir != "" {
		t.Errorf("report %+v", rep)
	}
}

// An oracle that crashes is the judge's problem, not a verdict on the
// program.
func TestStressOracleFails(t *testing.T) {
	j := newJudge(t)
	exe := build(t, filepath.Join(programs, "ac.c"))
	segv := build(t, filepath.Join(programs, "segv.c"))
	_, err := Run(context.Background(), Options{Problem: poj3074.New(), Judge: j, Program: exe, Oracle: &Oracle{Program: segv}, Rounds: 3, Seed: 9})
	var oe *OracleError
	if !errors.As(err, &oe) || oe.Test.Verdict != contest.RE || oe.Seed != 9 || len(oe.Input) == 0 {
		t.Errorf("error %v, want an OracleError for RE on seed 9", err)
	}
}

// internalRunner fails every run as the sandbox would fail.
type internalRunner struct{}

func (internalRunner) Run(context.Context, sandbox.Spec) (*sandbox.Result, error) {
	return &sandbox.Result{Status: sandbox.Internal, ExitCode: -1, Note: "cgroup gone"}, nil
}

// A round the judge fails on (IE) is no verdict on the program: an error
// (exit 2), never a failure found, shrunk and saved (issue 23).
func TestStressJudgeFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "failures")
	j := &program.Judge{Runner: internalRunner{}}
	rep, err := Run(context.Background(), Options{Problem: poj3074.New(), Judge: j, Program: &lang.Executable{Path: "/x"}, Rounds: 3, Cases: 3, Dir: dir})
	if !errors.Is(err, errInternal) || !strings.Contains(err.Error(), "cgroup gone") {
		t.Errorf("error %v, want an internal error saying why", err)
	}
	if rep != nil && rep.Failure != nil {
		t.Errorf("a failure was reported: %+v", rep.Failure)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s was made: %v", dir, err)
	}
}

func TestStressErrors(t *testing.T) {
	if _, err := Run(context.Background(), Options{}); err == nil {
		t.Error("no error without a problem")
	}
	// A generator failure is the judge's error, not the program's.
	j := &program.Judge{}
	exe := &lang.Executable{Path: "/bin/true"}
	_, err := Run(context.Background(), Options{Problem: poj3074.New(), Judge: j, Program: exe, Kinds: []string{"multiple"}})
	if err == nil || !strings.Contains(err.Error(), "generating") {
		t.Errorf("error %v, want a generator error", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if _, err := Run(ctx, Options{Problem: poj3074.New(), Judge: j, Program: exe}); err == nil {
		t.Error("no error when cancelled")
	}
}

// Every kind a problem declares can be generated, and a problem of several
// cases per input writes back the cases it parses, as shrinking needs.
func TestDeclaredKinds(t *testing.T) {
	for _, prob := range catalogProblems() {
		kinds := prob.Config().Harness.Kinds
		if len(kinds) == 0 {
			t.Errorf("%s declares no kinds", prob.ID())
		}
		for _, kind := range kinds {
			var in bytes.Buffer
			if err := prob.Generate(context.Background(), &in, problems.GenOptions{Count: 3, Seed: 1, Kind: kind}); err != nil {
				t.Errorf("%s: kind %s: %v", prob.ID(), kind, err)
				continue
			}
			cw, ok := prob.(problems.CaseWriter)
			if !ok {
				continue
			}
			ps, err := prob.Parse("generated", in.Bytes())
			if err != nil {
				t.Fatalf("%s: kind %s: %v", prob.ID(), kind, err)
			}
			var out bytes.Buffer
			if err := cw.WriteCases(&out, ps[1:]); err != nil {
				t.Fatalf("%s: writing cases back: %v", prob.ID(), err)
			}
			again, err := prob.Parse("written", out.Bytes())
			if err != nil || len(again) != len(ps)-1 || (len(again) > 0 && again[0].String() != ps[1].String()) {
				t.Errorf("%s: kind %s: cases 2.. written back parse as %d cases, %v", prob.ID(), kind, len(again), err)
			}
		}
	}
}

// starvedRunner is a machine too busy to time any run fairly.
type starvedRunner struct{}

func (starvedRunner) Run(context.Context, sandbox.Spec) (*sandbox.Result, error) {
	return &sandbox.Result{Status: sandbox.Starved, ExitCode: -1, Note: "machine overloaded: 20s waiting for a CPU"}, nil
}

// TestStressStarved: a program the machine starves on every try has not
// failed: stress stops with an internal error naming the first round and
// the load, and saves nothing.
func TestStressStarved(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "failures")
	j := &program.Judge{Runner: starvedRunner{}, Limits: program.LimitsFor(nil)}
	rep, err := Run(context.Background(), Options{
		Problem: poj3074.New(), Judge: j, Program: &lang.Executable{Path: "/bin/true"}, Rounds: 5, Seed: 7, Parallel: 2, Dir: dir,
	})
	if !errors.Is(err, errInternal) || !strings.Contains(err.Error(), "round-1 (seed 7)") || !strings.Contains(err.Error(), "machine overloaded: 20s waiting for a CPU (3 tries)") {
		t.Errorf("error %v, want an internal error on round 1 (seed 7) saying why", err)
	}
	if rep != nil && rep.Failure != nil {
		t.Errorf("failure reported: %+v", rep.Failure.Test)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s: %v, want nothing saved", dir, err)
	}
}

// slowGenerator is a problem whose generator works until its context is
// done, saying on started that it began: a generation longer than anyone
// would wait.
type slowGenerator struct {
	problems.Problem
	started chan struct{}
}

func (g slowGenerator) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	close(g.started)
	<-ctx.Done()
	return ctx.Err()
}

// TestStressStopsMidGeneration: a stress run cancelled while its first
// round is still generating the input stops then, with the context's
// error, rather than after the generation.
func TestStressStopsMidGeneration(t *testing.T) {
	prob := slowGenerator{Problem: poj3074.New(), started: make(chan struct{})}
	j := &program.Judge{Runner: starvedRunner{}, Limits: program.LimitsFor(nil)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, Options{Problem: prob, Judge: j, Program: &lang.Executable{Path: "/bin/true"}, Rounds: 3, Parallel: 1})
		done <- err
	}()
	<-prob.started
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped after 0 rounds") {
			t.Errorf("error %v, want the run stopped after 0 rounds by its context", err)
		}
	case <-time.After(30 * time.Second): // a bound for a hang, not a speed
		t.Fatal("stress did not stop within 30 s of its context's cancellation: the generator never saw it")
	}
}
