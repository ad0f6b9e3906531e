package stress

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3074"
)

func TestMain(m *testing.M) {
	if sandbox.IsHelper() {
		sandbox.RunHelper()
	}
	os.Exit(m.Run())
}

// The contest programs are those of package program's tests.
const testdata = "../program/testdata"

func setup(t *testing.T, src string) (*program.Judge, *lang.Executable) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("skipped: running programs in the sandbox needs root")
	}
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	if iso := sb.Isolation(); !iso.Full() {
		t.Skipf("skipped: the sandbox lacks full isolation here: %s", strings.Join(iso.Degraded, "; "))
	}
	exe, err := lang.Build(context.Background(), filepath.Join(testdata, src), lang.Options{})
	if errors.Is(err, exec.ErrNotFound) {
		t.Skipf("skipped: no compiler for %s here: %v", src, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { exe.Close() })
	return &program.Judge{Runner: sb, Limits: program.LimitsFor(nil)}, exe
}

func TestStressCorrect(t *testing.T) {
	j, exe := setup(t, "ac.c")
	var passed []int
	rep, err := Run(context.Background(), Options{
		Problem: poj3074.New(), Judge: j, Program: exe, Rounds: 12, Seed: 100, Cases: 2,
		Dir:      filepath.Join(t.TempDir(), "failure"),
		Progress: func(round int, tr judge.TestResult) { passed = append(passed, round) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure != nil {
		t.Fatalf("a correct program failed round %d: %s %s\n%s", rep.Failure.Round, rep.Failure.Test.Verdict, rep.Failure.Test.Message, rep.Failure.Input)
	}
	if rep.Rounds != 12 || len(passed) != 12 {
		t.Errorf("%d rounds, %d reported passed, want 12", rep.Rounds, len(passed))
	}
}

func TestStressFindsFailure(t *testing.T) {
	j, exe := setup(t, "wa.c") // wrong on solutions starting with a 9
	dir := filepath.Join(t.TempDir(), "stress-failure")
	prob := poj3074.New()
	opts := Options{Problem: prob, Judge: j, Program: exe, Rounds: 200, Seed: 1, Dir: dir}
	rep, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Failure
	if f == nil {
		t.Fatalf("no failure in %d rounds", rep.Rounds)
	}
	if f.Test.Verdict != contest.WA || f.Dir != dir || rep.Rounds != f.Round+1 || f.Seed != 1+uint64(f.Round) {
		t.Errorf("failure %+v after %d rounds", f.Test, rep.Rounds)
	}
	// The saved expected answer starts with the 9 that wa.c mishandles.
	for name, want := range map[string][]byte{InputFile: f.Input, ExpectedFile: f.Expected, ActualFile: f.Actual} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	if !bytes.HasPrefix(f.Expected, []byte("9")) || bytes.Equal(f.Expected, f.Actual) {
		t.Errorf("expected %q, actual %q", f.Expected, f.Actual)
	}

	// Same seed, same failure.
	again, err := Run(context.Background(), Options{Problem: prob, Judge: j, Program: exe, Rounds: 1, Seed: f.Seed})
	if err != nil || again.Failure == nil || !bytes.Equal(again.Failure.Input, f.Input) {
		t.Errorf("replaying seed %d: %+v, %v", f.Seed, again, err)
	}

	// The saved folder replays as a test: the wrong program fails it, a
	// correct one passes.
	tests, err := program.ReadDir(dir)
	if err != nil || len(tests) != 1 {
		t.Fatalf("reading the saved failure: %d tests, %v", len(tests), err)
	}
	if o := j.Test(context.Background(), exe, nil, tests[0]); o.Verdict != contest.WA {
		t.Errorf("replay: %s, want WA", o.Verdict)
	}
	good, err := lang.Build(context.Background(), filepath.Join(testdata, "ac.c"), lang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer good.Close()
	if o := j.Test(context.Background(), good, nil, tests[0]); o.Verdict != contest.AC {
		t.Errorf("replay with a correct program: %s %s", o.Verdict, o.Message)
	}
}

func TestStressCrash(t *testing.T) {
	j, exe := setup(t, "segv.c")
	rep, err := Run(context.Background(), Options{Problem: poj3074.New(), Judge: j, Program: exe, Rounds: 5})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure == nil || rep.Failure.Test.Verdict != contest.RE || rep.Rounds != 1 || rep.Failure.Dir != "" {
		t.Errorf("report %+v", rep)
	}
}

func TestStressErrors(t *testing.T) {
	if _, err := Run(context.Background(), Options{}); err == nil {
		t.Error("no error without a problem")
	}
	// A generator failure is the judge's error, not the program's.
	j := &program.Judge{}
	exe := &lang.Executable{Path: "/bin/true"}
	_, err := Run(context.Background(), Options{Problem: poj3074.New(), Judge: j, Program: exe, Kind: "multiple"})
	if err == nil || !strings.Contains(err.Error(), "generating") {
		t.Errorf("error %v, want a generator error", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	time.Sleep(time.Millisecond)
	if _, err := Run(ctx, Options{Problem: poj3074.New(), Judge: j, Program: exe}); err == nil {
		t.Error("no error when cancelled")
	}
}
