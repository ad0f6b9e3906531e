package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/builtin"
	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/judge/verify"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
	"github.com/sudoku-judge/sudoku-judge/problems/variant"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// verifyFlags are run's flags that apply to a problem package.
type verifyFlags struct {
	json, verbose bool
	timeLimit     time.Duration
	jobs          int
}

// openPackage returns the problem package that run's --problem names, as
// catalog.Open reads it (a sudoku problem when it declares a topology), or
// nil when --problem names problems of the catalog.
func openPackage(arg string) (problems.Task, error) {
	if arg == "" || arg == "all" || strings.Contains(arg, ",") || slices.ContainsFunc(catalog.IDs(), func(id string) bool { return strings.EqualFold(id, arg) }) {
		return nil, nil
	}
	if _, err := os.Stat(arg); err != nil {
		return nil, nil
	}
	return catalog.Open(arg)
}

// runPackage judges the built-in strategies on t when it declares a sudoku
// topology, then verifies the package as Kattis' verifyproblem does, and
// prints what it found: the strategies' table, the validators' findings,
// the time limit and each submission's verdict against its folder's.
func runPackage(ctx context.Context, e *env, t problems.Task, f verifyFlags, strats []solvers.Strategy, opts builtin.Options) (rerr error) {
	pkg, ok := t.(*kattis.Package)
	v, isVariant := t.(*variant.Problem)
	if isVariant {
		pkg, ok = v.Task.(*kattis.Package)
	}
	if !ok {
		return fmt.Errorf("run: %s is not a problem package", t.ID())
	}
	for _, w := range pkg.Warnings() {
		fmt.Fprintf(e.stderr, "sudoku-judge: %s: warning: %v\n", pkg.ID(), w)
	}
	sb, err := newSandbox()
	if err != nil {
		return err
	}
	defer closeInto(&rerr, "sandbox", sb)
	failed := false
	if isVariant {
		prob, closeChecker, err := checker.WithBuilt(ctx, sb, v)
		if err != nil {
			return err
		}
		defer closeChecker()
		rep, err := builtin.Run(ctx, []problems.Problem{prob}, strats, opts)
		if err != nil {
			return err
		}
		if !f.json {
			if err := rep.WriteText(e.stdout, f.verbose, []problems.Problem{prob}); err != nil {
				return err
			}
			fmt.Fprintln(e.stdout)
		}
		failed = rep.Failed()
	}
	vopts := verify.Options{Runner: sb, Isolation: sb.Isolation().String(), TimeLimit: f.timeLimit, Parallel: f.jobs}
	hook, clear := progress(e.stderr, "submissions", time.Second)
	if hook != nil {
		done, total := 0, len(pkg.Submissions())
		vopts.Progress = func(verify.Outcome) { done++; hook(done, total) }
	}
	rep, err := verify.Package(ctx, pkg, vopts)
	clear()
	if err != nil {
		return err
	}
	if f.json {
		if err := writeJSON(e.stdout, rep); err != nil {
			return err
		}
	} else if err := rep.WriteText(e.stdout, f.verbose); err != nil {
		return err
	}
	if failed || rep.Failed() {
		return errFailed
	}
	return nil
}
