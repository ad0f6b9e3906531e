package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

// programFlags are the flags of the commands that run a contestant's
// program: test and stress.
type programFlags struct {
	problem     string
	timeLimit   time.Duration
	memoryLimit int64
	outputLimit int64
	compile     string
	language    string
	// The compile's own limits (zero: lang.DefaultLimits').
	compileTime   time.Duration
	compileMemory int64
}

func (f *programFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.problem, "problem", "", "problem ID (see sudoku-judge list)")
	fs.Var(flagval.NewDuration(&f.timeLimit), "time-limit", "CPU time per test (default: the problem's, or 2s)")
	fs.Var(flagval.NewSize(&f.memoryLimit), "memory-limit", "memory per test, such as 256M or 1G (default: the problem's, or 256M)")
	fs.Var(flagval.NewSize(&f.outputLimit), "output-limit", "output per test, such as 64M (default: the problem's, or 64M)")
	fs.StringVar(&f.compile, "compile", "", "compile command instead of the language's, with {src} and {out}, e.g. 'gcc -O2 -o {out} {src}'")
	fs.Var(flagval.NewDuration(&f.compileTime), "compile-time-limit", "CPU time of the compile, which runs in the sandbox (default 60s; wall time 1.5x)")
	fs.Var(flagval.NewSize(&f.compileMemory), "compile-memory-limit", "memory of the compile, such as 1G (default 2G)")
	fs.StringVar(&f.language, "lang", "", "language of PROGRAM instead of its extension's: c, c89, c99, c++ (cpp), c++98, c++11, c++14, c++20, go, python (py), java, rust (rs), javascript (js)")
}

// limits returns the limits of prob (nil: the defaults) overridden by the
// flags.
func (f *programFlags) limits(prob problems.Task) (sandbox.Limits, error) {
	var l sandbox.Limits
	if prob != nil {
		cfg := prob.Config()
		l = program.LimitsFor(&cfg)
	} else {
		l = program.LimitsFor(nil)
	}
	// The flags refuse zero, so zero here means not given.
	if f.timeLimit > 0 {
		l.CPUTime = f.timeLimit
	}
	if f.memoryLimit > 0 {
		l.Memory = f.memoryLimit
	}
	if f.outputLimit > 0 {
		l.Output = f.outputLimit
	}
	return l, nil
}

// buildOptions returns the compile options the flags say, with prob's
// original compilers (nil: none) to fall back on.
func (f *programFlags) buildOptions(prob problems.Task) (lang.Options, error) {
	opts := lang.Options{Compile: f.compile}
	if prob != nil {
		var err error
		if opts.Originals, err = program.Originals(prob.Config()); err != nil {
			return opts, fmt.Errorf("%s: %w", prob.ID(), err)
		}
	}
	if f.compileTime > 0 {
		opts.Limits.CPUTime, opts.Limits.WallTime = f.compileTime, f.compileTime*3/2
	}
	if f.compileMemory > 0 {
		opts.Limits.Memory = f.compileMemory
	}
	if f.language != "" {
		l, err := lang.Lookup(f.language)
		if err != nil {
			return opts, err
		}
		opts.Language = l
	}
	return opts, nil
}

// lookupProblem returns the problem named by --problem, or nil without it.
func (f *programFlags) lookupProblem() (problems.Problem, error) {
	if f.problem == "" {
		return nil, nil
	}
	return catalog.OpenProblem(f.problem)
}

// openTask returns the problem or problem package --problem names, or nil
// without it, and says on w what the package's format would warn of and
// when it sets no time limit.
func (f *programFlags) openTask(w io.Writer) (problems.Task, error) {
	if f.problem == "" {
		return nil, nil
	}
	t, err := catalog.Open(f.problem)
	if err != nil {
		return nil, err
	}
	if pkg, ok := t.(*kattis.Package); ok {
		for _, warn := range pkg.Warnings() {
			fmt.Fprintf(w, "sudoku-judge: %s: warning: %v\n", pkg.ID(), warn)
		}
		if pkg.TimeLimitFrom() == "" && f.timeLimit == 0 {
			fmt.Fprintf(w, "sudoku-judge: %s sets no time limit (the format finds one from its accepted submissions: run --problem %s); judging with %s (--time-limit sets one)\n",
				pkg.ID(), f.problem, program.DefaultTimeLimit)
		}
	}
	return t, nil
}

// splitProgram separates PROGRAM from the ARGS after "--".
func splitProgram(cmd *cobra.Command, args []string) (string, []string, error) {
	dash := cmd.ArgsLenAtDash()
	if dash == -1 {
		dash = len(args)
	}
	if dash != 1 {
		return "", nil, fmt.Errorf("%s: want one PROGRAM before \"--\", got %d arguments", cmd.Name(), dash)
	}
	return args[0], args[1:], nil
}

// newSandbox opens the sandbox with everything the machine allows.
func newSandbox() (*sandbox.Sandbox, error) {
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	return sb, nil
}

// testCmd is the test command's flags.
type testCmd struct {
	e       *env
	f       programFlags
	tests   string
	checker string
	jobs    int
	json    bool
	verbose bool
	groups  []string
	keep    string
	stop    bool
}

func newTestCmd(e *env) *cobra.Command {
	c := &testCmd{e: e}
	cmd := &cobra.Command{
		Use:   "test [--problem ID] [--tests DIR] [flags] PROGRAM [-- ARGS...]",
		Short: "Judge a contest program on a problem's tests, in the sandbox",
		Long:  testLong,
		Example: `  sudoku-judge test --problem poj3074 solution.cpp
  sudoku-judge test --problem poj2676 --group official sol.py
  sudoku-judge test --tests ./stress-failure --time-limit 5s ./a.out
  sudoku-judge test --problem poj3074 --checker ./chk --json sol.py -- --fast`,
		Args: cobra.MinimumNArgs(1),
		RunE: c.run,
	}
	c.f.register(cmd)
	fs := cmd.Flags()
	fs.StringVar(&c.tests, "tests", "", "judge on this folder of X.in with X.ans or X.out instead of the problem's tests")
	fs.StringVar(&c.checker, "checker", "", "external `checker`, run as CHECKER input output answer (testlib exit codes: 0 AC, 1 WA, 2 PE, 3 fail)")
	jobsFlag(fs, &c.jobs, "tests judged", fairJobs)
	fs.BoolVar(&c.json, "json", false, "print the results as JSON, like run --json")
	fs.BoolVarP(&c.verbose, "verbose", "v", false, "print every failing test's whole diff and stderr, and a CE's whole compiler output")
	fs.StringSliceVar(&c.groups, "group", nil, "judge only these test `groups` (comma-separated; default all; see the problem's problem.yaml)")
	fs.StringVar(&c.keep, "keep-output", "", "write each test's output to `DIR`/<test>.out")
	fs.BoolVar(&c.stop, "stop-on-failure", false, "stop at the first test that is not AC; the tests not run are SKIPPED")
	return cmd
}

const testLong = `test judges PROGRAM, an executable or a source file (.c, .cpp/.cc, .go, .py,
.java, .rs, .js, compiled first; a compile failure is one CE row), on the tests
of --problem, or on a plain folder of X.in files with X.ans or X.out answers
(--tests DIR; without --problem it is judged by comparing tokens). Every test
runs in the sandbox under the time, memory and output limits, and gets a
verdict: AC, WA, PE, TLE, MLE, OLE, RE, CE, IE, or SKIPPED when it was not
run (--stop-on-failure stops at the first test that is not AC, as many judges
do).

Test groups: a problem's tests are split into groups (see sudoku-judge list
and each problem's problem.yaml). The first group is the headline: the
original judge's own data where it is public ("official"), and the verdict
printed first and returned in JSON's "verdict" is the verdict on it, "as the
original judge would". The other groups are extended data (harder public sets,
generated tests), reported beside it: "official AC · extended: top1465 TLE".
--group chooses groups. test exits 0 when the headline verdict is AC (when
--group leaves the headline group out, when every chosen test is AC), 1 when
it is not, and 2 on a setup error (a --checker that does not build or
rejects a test's own answer: it is tried on every test's before any program
runs) or when the judge failed on a test (IE), after the table.

Time: each test shows its CPU time (user+sys of the program's processes) and
its wall-clock time. The time limit is on CPU time; a program is also stopped
at a wall-clock limit of 3 × the time limit + 1 s, so that one that sleeps or
waits for input cannot hang the judge. A TLE says which limit fired. The
machine's load decides no verdict: the wall-clock limit counts no time the
program spent waiting for a CPU (the kernel's run delay; JSON's cpu_wait_ms),
up to 10 times the limit. A test starved beyond that is run again, 3 times at
most, then is IE ("machine overloaded"), and test exits 2. -j defaults to one
test per core that other work leaves idle.

Diffs: a WA or PE shows the output's line diff against the expected answer
(the fewest lines removed "-" and added "+", as diff -u shows them, each line
numbered in both texts): the first hunks of the first three tests' diffs. -v
prints, for every test that did not pass, the whole diff and what the program
wrote to stderr, and for a CE the compiler's whole output; --json always
carries them ("diff", capped at 32 KiB; "stderr", capped at 8 KiB), control
bytes escaped. --keep-output DIR writes each test's output to DIR/<test>.out.`

// run judges PROGRAM on the tests the flags choose and prints the result.
func (c *testCmd) run(cmd *cobra.Command, args []string) (rerr error) {
	ctx := cmd.Context()
	src, progArgs, err := splitProgram(cmd, args)
	if err != nil {
		return err
	}
	prob, err := c.f.openTask(c.e.stderr)
	if err != nil {
		return err
	}
	ts, hide, cfg, err := c.loadTests(prob)
	if err != nil {
		return err
	}
	limits, err := c.f.limits(prob)
	if err != nil {
		return err
	}
	build, err := c.f.buildOptions(prob)
	if err != nil {
		return err
	}
	sb, err := newSandbox()
	if err != nil {
		return err
	}
	defer closeInto(&rerr, "sandbox", sb)
	j := &program.Judge{Runner: sb, Limits: limits, Checker: contest.Tokens{}, Parallel: c.jobs, Hide: hide, Isolation: sb.Isolation().String(), StopOnFailure: c.stop}
	var closeChecker func()
	switch {
	case c.checker != "":
		j.Checker, closeChecker, err = checker.Tried(ctx, sb, c.checker, ts, c.jobs)
		if err != nil {
			return fmt.Errorf("test: --checker %w", err)
		}
	case prob != nil:
		if j.Checker, closeChecker, err = checker.For(ctx, sb, prob); err != nil {
			return err
		}
	}
	if closeChecker != nil {
		defer closeChecker()
	}
	var kept *program.OutputDir
	if c.keep != "" {
		if kept, err = program.NewOutputDir(c.keep); err != nil {
			return fmt.Errorf("test: --keep-output: %w", err)
		}
		j.Keep = kept.Keep
	}
	res, err := j.Evaluate(ctx, src, build, progArgs, ts)
	if err != nil {
		return err
	}
	res.Problem, res.Judge = c.tests, readBuild().String()
	if prob != nil {
		res.Problem = prob.ID()
	}
	if cfg != nil {
		program.Group(res, *cfg)
	}
	return c.report(ctx, res, kept)
}

// loadTests returns the tests of --tests or else of the problem, those of
// --group, the folders the program must not see, and the problem's
// configuration (nil for a folder of tests).
func (c *testCmd) loadTests(prob problems.Task) ([]problems.Test, []string, *problems.Config, error) {
	var ts []problems.Test
	var hide []string
	var cfg *problems.Config
	switch {
	case c.tests != "":
		// The folder the program must not see, by its real name: a
		// symbolic link on the way (to it, a parent, the current folder)
		// would name another path than the one the box might show.
		real, err := program.RealPath(c.tests)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("test: --tests: %w", err)
		}
		if ts, err = program.ReadDir(real); err != nil {
			return nil, nil, nil, err
		}
		hide = append(hide, real)
	case prob != nil:
		var err error
		if ts, err = prob.Tests(); err != nil {
			return nil, nil, nil, err
		}
		pc := prob.Config()
		cfg = &pc
	default:
		return nil, nil, nil, fmt.Errorf("test: say which tests: --problem ID or --tests DIR")
	}
	if len(c.groups) > 0 {
		if cfg == nil {
			return nil, nil, nil, fmt.Errorf("test: --group needs --problem: a folder of tests (--tests) has no groups")
		}
		var err error
		if ts, err = cfg.SelectGroups(ts, c.groups); err != nil {
			return nil, nil, nil, fmt.Errorf("test: --group: %s: %w", prob.ID(), err)
		}
	}
	return ts, hide, cfg, nil
}

// report prints res as --json or -v say, and returns the error test exits
// with: a failed --keep-output, an interrupt, a judge failure (IE) or a
// result that is not accepted.
func (c *testCmd) report(ctx context.Context, res *judge.Result, kept *program.OutputDir) error {
	if c.json {
		res.MakeSafe() // as Judge made it; again, for whatever JSON's reader shows
		if err := writeJSON(c.e.stdout, []*judge.Result{res}); err != nil {
			return err
		}
	} else if err := table.TestReport(c.e.stdout, res, c.verbose); err != nil {
		return err
	}
	if kept != nil {
		if err := kept.Err(); err != nil {
			return fmt.Errorf("test: --keep-output: %w", err)
		}
	}
	if err := ctx.Err(); err != nil {
		// The table shows what was judged; the tests the interrupt
		// stopped are IE "not run", which is no verdict on the program.
		return fmt.Errorf("interrupted: %w", err)
	}
	if err := judgeFailure(res.Tests); err != nil {
		return fmt.Errorf("test: %w", err)
	}
	if !res.Accepted() {
		return errFailed
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
