package checker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"

	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// For returns the checker that judges task's outputs: the task's own, or,
// when that is a program of its package ([problems.CheckerProgram]), the
// program built (in runner's sandbox, when runner is not nil) and tried on
// the task's first test: it must accept the test's answer as an output. A
// checker that does not build or rejects an answer is the problem's fault,
// an error, never a verdict on a submission. close removes the build.
func For(ctx context.Context, runner Runner, task problems.Task) (c contest.Checker, close func(), err error) {
	cp, ok := task.(problems.CheckerProgram)
	if !ok {
		return task.Checker(), func() {}, nil
	}
	f, ok := cp.CheckerFile()
	if !ok {
		return task.Checker(), func() {}, nil
	}
	c, close, err = Build(ctx, runner, f)
	if err != nil {
		return nil, nil, fmt.Errorf("problem %s: %w", task.ID(), err)
	}
	tests, err := task.Tests()
	if err == nil {
		err = Try(ctx, c, tests)
	}
	if err != nil {
		close()
		return nil, nil, fmt.Errorf("problem %s: %s: %w", task.ID(), f.Path, err)
	}
	return c, close, nil
}

// Build compiles the checker program f, with the files beside it, in
// runner's sandbox (nil: as the judge's user) and returns it as a checker
// that runs it there: a [Kattis] validator or a testlib [External]
// checker. close removes the build.
func Build(ctx context.Context, runner Runner, f problems.CheckerFile) (contest.Checker, func(), error) {
	dir, err := os.MkdirTemp("", "sudoku-judge-checker-src-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, path.Base(f.Path))
	if err := os.WriteFile(src, f.Source, 0o644); err != nil {
		return nil, nil, err
	}
	exe, err := lang.Build(ctx, src, lang.Options{Files: f.Files, Sandbox: runner})
	if err != nil {
		var ce *lang.CompileError
		if errors.As(err, &ce) {
			return nil, nil, fmt.Errorf("%s: %w\n%s", f.Path, ce, ce.Output)
		}
		return nil, nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	ro := append([]string{exe.Dir}, exe.Toolchain...)
	var c contest.Checker = External{Path: exe.Path, Args: exe.Args, Runner: runner, ReadOnly: ro}
	if f.Kattis {
		c = Kattis{Path: exe.Path, Args: exe.Args, Flags: f.Flags, Runner: runner, ReadOnly: ro}
	}
	return c, func() { exe.Close() }, nil
}

// Try checks c on the first of tests that has an answer: given the answer
// as the output, c must accept it.
func Try(ctx context.Context, c contest.Checker, tests []problems.Test) error {
	for _, t := range tests {
		if t.Answer == nil {
			continue
		}
		if r := contest.Run(ctx, c, t.Input, t.Answer, t.Answer); r.Verdict != contest.AC {
			return fmt.Errorf("does not accept test %s's own answer: %s %s", t.Name, r.Verdict, r.Message)
		}
		return nil
	}
	return nil
}
