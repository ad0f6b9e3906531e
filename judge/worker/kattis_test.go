package worker

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

const pairPackage = "../../problems/kattis/testdata/pair"

// TestJudgeKattisPackage judges submissions to a package whose checker is
// its output validator, which the worker builds in the sandbox once.
func TestJudgeKattisPackage(t *testing.T) {
	sb := sandboxtest.Full(t)
	pkg, err := kattis.OpenPath(pairPackage)
	if err != nil {
		t.Fatal(err)
	}
	w := &Worker{Name: "w", Runner: sb, Problems: map[string]problems.Task{pkg.ID(): pkg}}
	defer w.closeCheckers()
	for src, want := range map[string]contest.Verdict{
		"n = int(input())\nprint(1, n - 1)\n": contest.AC,
		"n = int(input())\nprint(0, n)\n":     contest.WA,
	} {
		job := queue.Job{ID: "s", Attempt: 1, Problem: pkg.ID(), Language: "python", Source: src}
		res, err := w.Judge(context.Background(), job, func(judge.TestResult) {})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != want {
			t.Errorf("%q: %s (%+v), want %s", src, res.Verdict, res.Tests, want)
		}
	}
	if len(w.checkers) != 1 {
		t.Errorf("%d checkers built, want the one, once", len(w.checkers))
	}
}

// TestDataHashSeesTheValidator checks that two packages differing only in
// their output validator hash apart: a worker must not judge with another
// validator than the server's.
func TestDataHashSeesTheValidator(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pair")
	if err := os.CopyFS(dir, os.DirFS(pairPackage)); err != nil {
		t.Fatal(err)
	}
	hash := func() string {
		pkg, err := kattis.OpenPath(dir)
		if err != nil {
			t.Fatal(err)
		}
		h, err := DataHash([]problems.Task{pkg})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	before := hash()
	v := filepath.Join(dir, "output_validators", "pair", "validate.cpp")
	b, err := os.ReadFile(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(v, append(b, "// changed\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if hash() == before {
		t.Error("the hash did not change with the validator")
	}
}
