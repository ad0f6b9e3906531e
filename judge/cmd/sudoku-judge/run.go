package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/builtin"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func newRunCmd(e *env) *cobra.Command {
	var (
		problem, strategy string
		asJSON, verbose   bool
		opts              builtin.Options
	)
	cmd := &cobra.Command{
		Use:   "run [--problem ID,...|all] [--strategy NAME,...|all] [--json]",
		Short: "Judge the built-in strategies on every problem's tests",
		Long:  runLong,
		Example: `  sudoku-judge run
  sudoku-judge run --problem poj2676,poj3074 --strategy dlx,mrv
  sudoku-judge run --json > results.json
  sudoku-judge run --problem ./mypackage        # a Kattis package: its own submissions`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			strats, err := strategies.Select(strategy)
			if err != nil {
				return fmt.Errorf("run: --strategy: %w", err)
			}
			if pkg, err := openPackage(problem); err != nil {
				return fmt.Errorf("run: --problem: %w", err)
			} else if pkg != nil {
				return runPackage(cmd.Context(), e, pkg, verifyFlags{json: asJSON, verbose: verbose, timeLimit: opts.TimeLimit, jobs: opts.Parallel}, strats, opts)
			}
			probs, err := catalog.Select(problem)
			if err != nil {
				return fmt.Errorf("run: --problem: %w", err)
			}
			switch {
			case len(probs) == 0:
				return fmt.Errorf("run: no problem selected by --problem %q", problem)
			case len(strats) == 0:
				return fmt.Errorf("run: no strategy selected by --strategy %q", strategy)
			}
			var clear func()
			opts.OnResult, clear = runProgress(e.stderr, len(probs)*len(strats))
			rep, err := builtin.Run(cmd.Context(), probs, strats, opts)
			clear()
			if err != nil {
				return err
			}
			if asJSON {
				err = writeRunJSON(e, rep)
			} else {
				err = rep.WriteText(e.stdout, verbose, probs)
			}
			if err != nil {
				return fmt.Errorf("run: %w", err)
			}
			for _, r := range rep.Results {
				if err := judgeFailure(r.Tests); err != nil {
					return fmt.Errorf("run: %s / %s: %w", r.Problem, r.Solution, err)
				}
			}
			if rep.Failed() {
				return errFailed
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&problem, "problem", "all", "comma-separated problem IDs, or all")
	f.StringVar(&strategy, "strategy", "all", "comma-separated strategy names, or all")
	f.BoolVar(&asJSON, "json", false, "print the results as a JSON array, one object per problem and strategy")
	f.BoolVarP(&verbose, "verbose", "v", false, "also print every test of every problem and strategy")
	jobsFlag(f, &opts.Parallel, "problem-strategy pairs judged", perCPU)
	f.Var(flagval.NewCount(&opts.Parallel, 0, maxJobs), "parallel", "the old name of --jobs")
	_ = f.MarkHidden("parallel")
	f.Var(flagval.NewDuration(&opts.TimeLimit), "time-limit", "time limit per test, replacing each problem's strategy time limit (e.g. 500ms)")
	f.BoolVar(&opts.RunAfterTLE, "run-after-tle", false, "keep running a strategy's tests of a problem after its first TLE there")
	f.BoolVar(&opts.WallClock, "wall-clock", false, "time tests by the wall clock instead of the strategy's CPU time")
	return cmd
}

// runProgress returns a hook that shows on w which problem and strategy
// was judged last, "[3/25] poj2676 / dlx: AC", when w is a terminal, and a
// function that clears that line. Otherwise the hook is nil.
func runProgress(w io.Writer, total int) (func(judge.Result), func()) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil, func() {}
	}
	done := 0
	show := func(r judge.Result) {
		done++
		fmt.Fprintf(f, "\r\033[K[%d/%d] %s / %s: %s", done, total, r.Problem, r.Solution, r.Verdict)
	}
	clear := func() {
		if done > 0 {
			fmt.Fprint(f, "\r\033[K")
		}
	}
	return show, clear
}

// writeRunJSON prints the results as JSON on stdout and, since they are not
// part of that array, any disagreements on stderr.
func writeRunJSON(e *env, rep *builtin.Report) error {
	version := readBuild().String()
	for i := range rep.Results {
		rep.Results[i].Judge = version
		rep.Results[i].MakeSafe()
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep.Results); err != nil {
		return err
	}
	for _, d := range rep.Disagreements {
		fmt.Fprint(e.stderr, contest.SafeLines(d.String()))
	}
	return nil
}

const runLong = `Run solves every test of the chosen problems with each chosen built-in strategy,
under the problem's strategy time limit, and checks each output with the
problem's checker. It also checks the strategies' outputs against each other
and shows any disagreement as a diff.

A strategy that exceeds the time limit on a test is TLE and its remaining tests
of that problem are not run (SKIPPED) unless --run-after-tle is given; a
strategy that does not handle a problem (such as mrv on X-sudoku) is N/A.
Neither is a failure. Run exits 1 on a wrong answer, a crash or a
disagreement, 2 when the judge failed (IE: tests that cannot be read), and 0
otherwise.

--problem may name a problem package in the Kattis format instead, a folder or
a zip: run then checks it as Kattis' verifyproblem does. Its input validators
must accept every test's input and its checker every test's answer, and each of
its own submissions (submissions/accepted, wrong_answer, time_limit_exceeded,
run_time_error) must get the verdict its folder names: that of its first test,
in the package's order, that is not accepted. A package that sets no time limit
gets problemtools' rule, the slowest accepted submission's longest test times
the time multiplier (5 unless problem.yaml says), rounded, at least 1 s.

Times are the CPU time of the strategy (on Linux; elsewhere, or with
--wall-clock, wall-clock time), so other work on the machine does not distort
them; a test is also stopped after ten times its limit in wall-clock time.
-j 1 judges one pair at a time, for the steadiest times.`
