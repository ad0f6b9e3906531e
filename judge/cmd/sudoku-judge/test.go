package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
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
	"github.com/sudoku-judge/sudoku-judge/problems/variant"
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

// builtChecker returns prob judged by its checker built in sb, when its
// checker is a program of its package (a Kattis package's output
// validator), so that a judge other than test's can use it; close removes
// the build.
func builtChecker(ctx context.Context, sb *sandbox.Sandbox, prob problems.Problem) (problems.Problem, func(), error) {
	v, ok := prob.(*variant.Problem)
	if !ok {
		return prob, func() {}, nil
	}
	if _, ok := v.CheckerFile(); !ok {
		return prob, func() {}, nil
	}
	c, closeChecker, err := checker.For(ctx, sb, v)
	if err != nil {
		return nil, nil, err
	}
	return v.WithChecker(c), closeChecker, nil
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

func newTestCmd(e *env) *cobra.Command {
	var (
		f       programFlags
		tests   string
		chk     string
		jobs    int
		jsonOut bool
		verbose bool
		groups  []string
		keep    string
		stop    bool
	)
	cmd := &cobra.Command{
		Use:   "test [--problem ID] [--tests DIR] [flags] PROGRAM [-- ARGS...]",
		Short: "Judge a contest program on a problem's tests, in the sandbox",
		Long: `test judges PROGRAM, an executable or a source file (.c, .cpp/.cc, .go, .py,
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
up to 4 times the limit. A test starved beyond that is run again, 3 times at
most, then is IE ("machine overloaded"), and test exits 2. -j defaults to one
test per core that other work leaves idle.

Diffs: a WA or PE shows the output's line diff against the expected answer
(the fewest lines removed "-" and added "+", as diff -u shows them, each line
numbered in both texts): the first hunks of the first three tests' diffs. -v
prints, for every test that did not pass, the whole diff and what the program
wrote to stderr, and for a CE the compiler's whole output; --json always
carries them ("diff", capped at 32 KiB; "stderr", capped at 8 KiB), control
bytes escaped. --keep-output DIR writes each test's output to DIR/<test>.out.`,
		Example: `  sudoku-judge test --problem poj3074 solution.cpp
  sudoku-judge test --problem poj2676 --group official sol.py
  sudoku-judge test --tests ./stress-failure --time-limit 5s ./a.out
  sudoku-judge test --problem poj3074 --checker ./chk --json sol.py -- --fast`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) (rerr error) {
			src, progArgs, err := splitProgram(cmd, args)
			if err != nil {
				return err
			}
			prob, err := f.openTask(e.stderr)
			if err != nil {
				return err
			}
			var ts []problems.Test
			var hide []string
			var cfg *problems.Config
			switch {
			case tests != "":
				// The folder the program must not see, by its real
				// name: a symbolic link on the way (to it, a parent, the
				// current folder) would name another path than the one
				// the box might show.
				real, err := program.RealPath(tests)
				if err != nil {
					return fmt.Errorf("test: --tests: %w", err)
				}
				if ts, err = program.ReadDir(real); err != nil {
					return err
				}
				hide = append(hide, real)
			case prob != nil:
				if ts, err = prob.Tests(); err != nil {
					return err
				}
				c := prob.Config()
				cfg = &c
			default:
				return fmt.Errorf("test: say which tests: --problem ID or --tests DIR")
			}
			if len(groups) > 0 {
				if cfg == nil {
					return fmt.Errorf("test: --group needs --problem: a folder of tests (--tests) has no groups")
				}
				if ts, err = cfg.SelectGroups(ts, groups); err != nil {
					return fmt.Errorf("test: --group: %s: %w", prob.ID(), err)
				}
			}
			limits, err := f.limits(prob)
			if err != nil {
				return err
			}
			build, err := f.buildOptions(prob)
			if err != nil {
				return err
			}
			keeper, err := newKeeper(keep)
			if err != nil {
				return err
			}
			sb, err := newSandbox()
			if err != nil {
				return err
			}
			defer closeInto(&rerr, "sandbox", sb)
			var c contest.Checker = contest.Tokens{}
			if prob != nil && chk == "" {
				built, closeChecker, err := checker.For(cmd.Context(), sb, prob)
				if err != nil {
					return err
				}
				defer closeChecker()
				c = built
			}
			if chk != "" {
				// Tried on every test's own answer before any program runs:
				// a checker that rejects one, or does not build, is a setup
				// error (exit 2), never a verdict on the program.
				ext, closeChecker, err := checker.Program(cmd.Context(), sb, chk)
				if err != nil {
					return fmt.Errorf("test: --checker %w", err)
				}
				defer closeChecker()
				if err := checker.Try(cmd.Context(), ext, ts, jobs); err != nil {
					return fmt.Errorf("test: --checker %s %w", chk, err)
				}
				c = ext
			}
			j := &program.Judge{Runner: sb, Limits: limits, Checker: c, Parallel: jobs, Hide: hide, Isolation: sb.Isolation().String()}
			j.StopOnFailure = stop
			if keeper != nil {
				j.Keep = keeper.keep
			}
			res, err := j.Evaluate(cmd.Context(), src, build, progArgs, ts)
			if err != nil {
				return err
			}
			res.Problem = tests
			if prob != nil {
				res.Problem = prob.ID()
			}
			res.Judge = readBuild().String()
			if cfg != nil {
				program.Group(res, *cfg)
			}
			if jsonOut {
				res.MakeSafe() // as Judge made it; again, for whatever JSON's reader shows
				if err := writeJSON(e.stdout, []*judge.Result{res}); err != nil {
					return err
				}
			} else if err := printTestResult(e.stdout, res, verbose); err != nil {
				return err
			}
			if err := keeper.err(); err != nil {
				return fmt.Errorf("test: --keep-output: %w", err)
			}
			if err := cmd.Context().Err(); err != nil {
				// The table shows what was judged; the tests the interrupt
				// stopped are IE "not run", which is no verdict on the program.
				return fmt.Errorf("interrupted: %w", err)
			}
			if err := judgeFailure(res.Tests); err != nil {
				return fmt.Errorf("test: %w", err)
			}
			if !accepted(res) {
				return errFailed
			}
			return nil
		},
	}
	f.register(cmd)
	fs := cmd.Flags()
	fs.StringVar(&tests, "tests", "", "judge on this folder of X.in with X.ans or X.out instead of the problem's tests")
	fs.StringVar(&chk, "checker", "", "external `checker`, run as CHECKER input output answer (testlib exit codes: 0 AC, 1 WA, 2 PE, 3 fail)")
	jobsFlag(fs, &jobs, "tests judged", fairJobs)
	fs.BoolVar(&jsonOut, "json", false, "print the results as JSON, like run --json")
	fs.BoolVarP(&verbose, "verbose", "v", false, "print every failing test's whole diff and stderr, and a CE's whole compiler output")
	fs.StringSliceVar(&groups, "group", nil, "judge only these test `groups` (comma-separated; default all; see the problem's problem.yaml)")
	fs.StringVar(&keep, "keep-output", "", "write each test's output to `DIR`/<test>.out")
	fs.BoolVar(&stop, "stop-on-failure", false, "stop at the first test that is not AC; the tests not run are SKIPPED")
	return cmd
}

// accepted reports whether test exits 0: the headline verdict is AC, and
// when there is no headline group, every test passed.
func accepted(res *judge.Result) bool {
	if _, ok := res.Headline(); ok {
		return res.Verdict == contest.AC
	}
	return res.Passed == res.Total && res.Total > 0
}

// A keeper writes the tests' outputs for --keep-output.
type keeper struct {
	dir   string
	mu    sync.Mutex
	first error
}

// newKeeper makes dir and returns a keeper writing there, or nil for "".
func newKeeper(dir string) (*keeper, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("test: --keep-output: %w", err)
	}
	return &keeper{dir: dir}, nil
}

// keep writes one test's output as DIR/<test>.out; test names hold "/"
// (secret/1), which become folders.
func (k *keeper) keep(test string, stdout []byte) {
	p := filepath.Join(k.dir, filepath.FromSlash(test)+".out")
	err := os.MkdirAll(filepath.Dir(p), 0o755)
	if err == nil {
		err = os.WriteFile(p, stdout, 0o644)
	}
	if err != nil {
		k.mu.Lock()
		if k.first == nil {
			k.first = err
		}
		k.mu.Unlock()
	}
}

// err returns the first write error, if any.
func (k *keeper) err() error {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.first
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// printTestResult writes the per-test table, the details of the first
// failures (of all of them with verbose, with their stderr), and a summary
// line with the groups' verdicts.
func printTestResult(w io.Writer, res *judge.Result, verbose bool) error {
	if err := table.Tests(w, res.Tests); err != nil {
		return err
	}
	shown, more := 0, 0
	for _, t := range res.Tests {
		if t.Diff == "" && (!verbose || t.Verdict.Passed() || t.Stderr == "") {
			continue
		}
		if !verbose && shown == table.MaxDiffs {
			if t.Diff != "" {
				more++
			}
			continue
		}
		shown++
		if t.Diff != "" {
			what, d := "expected (-) versus got (+)", t.Diff
			switch {
			case t.Verdict == contest.CE:
				what = "compiler output"
			case !verbose:
				if d = contest.Head(d, table.DiffLines); d != t.Diff {
					what += ", the first hunks (-v shows them all)"
				}
			}
			fmt.Fprintf(w, "\n%s: %s: %s\n%s", contest.Safe(t.Name), t.Verdict, what, table.Indent(contest.SafeLines(d)))
		}
		if verbose && t.Stderr != "" && !t.Verdict.Passed() {
			fmt.Fprintf(w, "\n%s: %s: stderr\n%s", contest.Safe(t.Name), t.Verdict, table.Indent(contest.SafeLines(t.Stderr)))
		}
	}
	if more > 0 {
		fmt.Fprintf(w, "\n%d more %s with differences not shown (-v shows every one)\n", more, plural(more, "test", "tests"))
	}
	if res.Compiled != "" {
		fmt.Fprintf(w, "\n%s\n", res.Compiled)
	}
	if g := table.Groups(*res); g != "" {
		fmt.Fprintf(w, "\n%s\n", g)
	} else {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%s\n", summary(res))
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// summary is the last line of a test run, such as
// "7/9 passed: 1 WA, 1 TLE; isolation: ...".
func summary(res *judge.Result) string {
	var counts []string
	order := []contest.Verdict{contest.WA, contest.PE, contest.TLE, contest.MLE, contest.OLE, contest.RE, contest.CE, contest.IE, contest.NA, contest.Skipped}
	for _, v := range order {
		n := 0
		for _, t := range res.Tests {
			if t.Verdict == v {
				n++
			}
		}
		if n > 0 {
			counts = append(counts, fmt.Sprintf("%d %s", n, v))
		}
	}
	s := fmt.Sprintf("%d/%d passed", res.Passed, res.Total)
	if len(counts) > 0 {
		s += ": " + strings.Join(counts, ", ")
	}
	s += fmt.Sprintf("; max CPU time %s", table.Duration(res.MaxTime()))
	if res.Isolation != "" {
		s += "; isolation: " + res.Isolation
	}
	return s
}
