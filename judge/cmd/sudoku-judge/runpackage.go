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
	"github.com/sudoku-judge/sudoku-judge/judge/table"
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
			if err := writeRunReport(e.stdout, rep, f.verbose, []problems.Problem{prob}); err != nil {
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
	} else if err := printVerifyReport(e, rep, f.verbose); err != nil {
		return err
	}
	if failed || rep.Failed() {
		return errFailed
	}
	return nil
}

func printVerifyReport(e *env, rep *verify.Report, verbose bool) error {
	w := e.stdout
	fmt.Fprintf(w, "%s: checker %s; time limit %s (%s)\n", rep.Problem, rep.Checker, table.Duration(rep.TimeLimit), rep.TimeLimitFrom)
	if len(rep.Inputs) == 0 {
		fmt.Fprintf(w, "no input validators\n")
	} else {
		fmt.Fprintf(w, "input validators: %s\n", strings.Join(rep.Inputs, ", "))
	}
	for _, f := range rep.Findings {
		kind := "error"
		if f.Warning {
			kind = "warning"
		}
		test := ""
		if f.Test != "" {
			test = " " + f.Test
		}
		fmt.Fprintf(w, "%s: %s%s: %s\n", kind, f.Validator, test, f.Message)
	}
	rows := make([][]string, 0, len(rep.Submissions))
	bad := 0
	for _, o := range rep.Submissions {
		ok := "ok"
		switch {
		case o.Verdict == "N/A":
			ok = "not judged"
		case !o.OK:
			ok, bad = "FAILED", bad+1
		}
		rows = append(rows, []string{o.Path, string(o.Expect), string(o.Verdict), o.Test, table.Duration(o.MaxTime), ok, o.Message})
	}
	if err := table.Render(w, []string{"submission", "folder", "verdict", "on test", "max cpu", "", "message"},
		[]bool{false, false, false, false, true, false, false}, rows); err != nil {
		return err
	}
	if verbose {
		for _, o := range rep.Submissions {
			if o.Result == nil {
				continue
			}
			fmt.Fprintf(w, "\n%s:\n", o.Path)
			if err := table.Tests(w, o.Result.Tests); err != nil {
				return err
			}
		}
	}
	summary := fmt.Sprintf("%d submissions, %d as their folders name", len(rep.Submissions), len(rep.Submissions)-bad)
	if rep.Failed() {
		summary += "; FAILED"
	}
	_, err := fmt.Fprintf(w, "\n%s\n", summary)
	return err
}
