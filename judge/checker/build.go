package checker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

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
		// The first test with an answer: a package's checker may warn on
		// other answers (see judge/verify), a contestant's may not (Try).
		if i := slices.IndexFunc(tests, func(t problems.Test) bool { return t.Answer != nil }); i >= 0 {
			err = Try(ctx, c, tests[i:i+1], 1)
		}
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
	ro := []string{exe.Dir}
	var c contest.Checker = External{Path: exe.Path, Args: exe.Args, Runner: runner, Allow: exe.Allow, ReadOnly: ro}
	if f.Kattis {
		c = Kattis{Path: exe.Path, Args: exe.Args, Flags: f.Flags, Runner: runner, Allow: exe.Allow, ReadOnly: ro}
	}
	return c, func() { exe.Close() }, nil
}

// Program returns the checker program at path (an executable, or a source
// compiled in runner's sandbox, nil: as the judge's user) as a testlib
// [External] checker that runs in runner's sandbox. close removes the
// build.
func Program(ctx context.Context, runner Runner, path string) (contest.Checker, func(), error) {
	exe, err := lang.Build(ctx, path, lang.Options{Sandbox: runner})
	if err != nil {
		var ce *lang.CompileError
		if errors.As(err, &ce) {
			return nil, nil, fmt.Errorf("%s: %w\n%s", path, ce, ce.Output)
		}
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	c := External{Path: exe.Path, Args: exe.Args, Runner: runner, Allow: exe.Allow, ReadOnly: []string{exe.Dir}}
	return c, func() { exe.Close() }, nil
}

// Try checks c on every test that has an answer, parallel at a time (0:
// one per CPU): given the test's answer as the output, c must accept it.
// A checker that rejects one, fails or cannot run is not one to judge
// with: the error names the first such test, in the order of tests, and
// how many others there are.
func Try(ctx context.Context, c contest.Checker, tests []problems.Test, parallel int) error {
	if parallel <= 0 {
		parallel = runtime.NumCPU()
	}
	bad := make([]string, len(tests)) // why each test's answer was not accepted
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(parallel, len(tests)) {
		wg.Go(func() {
			for i := range next {
				t := tests[i]
				if r := contest.Run(ctx, c, t.Input, t.Answer, t.Answer); r.Verdict != contest.AC {
					bad[i] = fmt.Sprintf("does not accept test %s's own answer: %s %s", t.Name, r.Verdict, r.Message)
				}
			}
		})
	}
	for i, t := range tests {
		if t.Answer != nil && ctx.Err() == nil {
			next <- i
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	first, n := "", 0
	for _, b := range bad {
		if b != "" {
			if n == 0 {
				first = b
			}
			n++
		}
	}
	switch {
	case n == 1:
		return errors.New(first)
	case n > 1:
		return fmt.Errorf("%s (and %d more tests' answers)", first, n-1)
	}
	return nil
}
