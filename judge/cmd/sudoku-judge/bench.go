package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/bench/measure"
	"github.com/sudoku-judge/sudoku-judge/bench/workload"
	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

// benchCmd is the bench command's flags.
type benchCmd struct {
	e                      *env
	problem, strategy, set string
	programs               []string
	count, max             int
	out, testdata          string
	full, instructions     bool
	programsPerPuzzle      bool
}

func newBenchCmd(e *env) *cobra.Command {
	c := &benchCmd{e: e}
	cmd := &cobra.Command{
		Use:   "bench [--problem sudoku|ID,...|all] [--strategy NAME,...] [--set NAME,...] [--count N] [--program PROGRAM ...] [-o FILE]",
		Short: "Benchmark the strategies (and contest programs) on the puzzle sets",
		Long:  benchLong,
		Example: `  sudoku-judge bench --set top95,hardest1106 -o new.txt
  sudoku-judge bench --problem poj3074 --set tests,top1465 --program sol.cpp --strategy dlx,fast`,
		Args: cobra.NoArgs,
		RunE: c.run,
	}
	f := cmd.Flags()
	f.StringVar(&c.problem, "problem", workload.Sudoku, `"sudoku" (the public sets, counting to 2), comma-separated problem IDs, or all`)
	f.StringVar(&c.strategy, "strategy", "all", "comma-separated strategy names, or all")
	f.StringVar(&c.set, "set", "", `comma-separated sets: tests (a problem's own), `+strings.Join(workload.SetNames(), ", ")+`, or all (default: top95,hardest1106 for sudoku, tests and those for a problem)`)
	c.count = 10
	f.Var(flagval.NewCount(&c.count, 1, 1<<20), "count", "passes of each solver over each set (10 or more for finite 95% intervals)")
	f.Var(flagval.NewCount(&c.max, 0, math.MaxInt), "max", "use at most this many puzzles of each set (0: all)")
	f.StringArrayVar(&c.programs, "program", nil, "a contest program to time as well (repeatable): an executable or a .c/.cpp/.go/.py source")
	f.StringVarP(&c.out, "output", "o", "", "write the results in Go benchmark format to this file, and per-puzzle times to FILE.puzzles.json")
	f.StringVar(&c.testdata, "testdata", "", "read the puzzle sets from this directory instead of those built into the binary")
	f.BoolVar(&c.full, "full", false, "also run the pairs that take minutes (naive on the hard sets)")
	f.BoolVar(&c.programsPerPuzzle, "programs-per-puzzle", false, "also time each --program on each puzzle alone, one process per puzzle (start-up included), so that report draws programs puzzle by puzzle too")
	f.BoolVar(&c.instructions, "instructions", false, "also count each strategy's instructions per puzzle with valgrind's cachegrind (Linux): a figure machine load does not move, which compare --fail-over gates on first")
	cmd.AddCommand(newBenchProbeCmd())
	return cmd
}

const benchLong = `bench times every chosen strategy on every chosen problem and set, --count
passes each, interleaved (A B A B) so that changes in the machine's load hit all
alike, and prints the median µs/puzzle with the ratio to the fastest.

Problem "sudoku" counts up to two solutions of each puzzle of the public sets
in testdata (the uniqueness check); a contest problem solves its own tests
(set "tests") or a public set written in its input format, case by case.
--program adds contest programs (executables, or .c/.cpp/.go/.py sources that
are compiled first, inside the sandbox as 'test' compiles them), timed as whole
processes on the same inputs, every output checked; they need a contest --problem.
A program is named program=NAME (its file's name), never strategy=NAME, so a
program called fast stays apart from the strategy fast; two inputs that would
share a name (two programs called alike, a strategy or set given twice) are
refused before anything is measured.
--programs-per-puzzle also runs each program on each puzzle alone (one process
per puzzle, start-up included), so that report draws it puzzle by puzzle. Pairs that take minutes (naive on the hard sets) are
skipped unless --full.

With -o, the results are written in Go's benchmark format, readable by
benchstat and 'sudoku-judge compare', and the per-puzzle times beside it in
FILE.puzzles.json, for 'sudoku-judge report'. The file records the machine,
the Go version, the build's version and commit (the binary's own when the
build recorded it, else the checkout's), and whether the tree was dirty.

--instructions also counts each strategy's instructions per puzzle under
valgrind (cachegrind), a figure that does not move with the machine's load:
see the README.`

// run measures the strategies and programs on the workloads the flags
// choose and prints (and with -o, writes) the results.
func (c *benchCmd) run(cmd *cobra.Command, _ []string) error {
	ctx := cmd.Context()
	strats, err := strategies.Select(c.strategy)
	if err != nil {
		return fmt.Errorf("bench: --strategy: %w", err)
	}
	sets, err := workload.Sets(c.testdata)
	if err != nil {
		return fmt.Errorf("bench: --testdata %w", err)
	}
	ws, err := workload.Select(sets, c.problem, c.set, c.max)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	progs, cleanup, err := buildPrograms(ctx, c.programs)
	defer cleanup()
	if err != nil {
		return err
	}
	opts := measure.Options{Workloads: ws, Strategies: strats, Programs: progs, Count: c.count, Full: c.full, ProgramsPerPuzzle: c.programsPerPuzzle}
	if c.instructions {
		if opts.Probe, err = instructionProbe(c.testdata, c.max); err != nil {
			return fmt.Errorf("bench: %w", err)
		}
	}
	var done func()
	opts.Progress, done = progressLog(c.e.stderr, "bench", "passes", time.Second, 10*time.Second)
	res, err := measure.Run(ctx, opts)
	done()
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	for _, s := range res.Skipped {
		fmt.Fprintf(c.e.stderr, "skipped %s: %s\n", s.Name, s.Reason)
	}
	if err := measure.WriteTable(c.e.stdout, res); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if c.out != "" {
		if err := writeBenchFiles(ctx, c.e, c.out, res); err != nil {
			return err
		}
	}
	if !res.Failed() {
		return nil
	}
	for _, m := range res.Measurements {
		for _, f := range m.Failures {
			fmt.Fprintf(c.e.stderr, "failed: %s\n", contest.SafeLines(f.Error()))
		}
	}
	if err := res.JudgeFailure(); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return errFailed
}

// instructionProbe returns how bench --instructions runs this binary's
// hidden "bench probe" command for a strategy on a workload, or an error
// when valgrind is missing.
func instructionProbe(testdata string, max int) (func(*workload.Workload, solvers.Strategy) measure.Probe, error) {
	if _, err := exec.LookPath("valgrind"); err != nil {
		return nil, measure.ErrNoValgrind
	}
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("--instructions: cannot find this program to run under valgrind: %w", err)
	}
	return func(w *workload.Workload, s solvers.Strategy) measure.Probe {
		return func(k int) []string {
			args := []string{self, "bench", "probe", "--problem", w.Problem, "--set", w.Set, "--strategy", s.Name(),
				"--max", strconv.Itoa(max), "--solve", strconv.Itoa(k)}
			if testdata != "" {
				args = append(args, "--testdata", testdata)
			}
			return args
		}
	}, nil
}

// newBenchProbeCmd is the process bench --instructions counts under
// valgrind: it loads one workload and solves its first --solve puzzles
// with one strategy, and does nothing else.
func newBenchProbeCmd() *cobra.Command {
	var problem, set, strategy, testdata string
	var max, solve int
	cmd := &cobra.Command{
		Use:    "probe",
		Short:  "Solve the first puzzles of one workload with one strategy, for bench --instructions",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			files, err := workload.Sets(testdata)
			if err != nil {
				return fmt.Errorf("bench probe: --testdata %w", err)
			}
			w, err := workload.Load(files, problem, set, max)
			if err != nil {
				return fmt.Errorf("bench probe: %w", err)
			}
			strats, err := strategies.Select(strategy)
			if err != nil || len(strats) != 1 {
				return fmt.Errorf("bench probe: --strategy %q: want one strategy (%v)", strategy, err)
			}
			if solve < 0 || solve > w.Len() {
				return fmt.Errorf("bench probe: --solve %d: want 0 to %d", solve, w.Len())
			}
			for i := range solve {
				if _, err := w.Solve(cmd.Context(), strats[0], i); err != nil {
					return fmt.Errorf("bench probe: %w", err)
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&problem, "problem", workload.Sudoku, "")
	f.StringVar(&set, "set", "", "")
	f.StringVar(&strategy, "strategy", "", "")
	f.StringVar(&testdata, "testdata", "", "")
	f.IntVar(&max, "max", 0, "")
	f.IntVar(&solve, "solve", 0, "")
	return cmd
}

// buildPrograms builds each contest program, compiling sources inside
// the sandbox as test does: a source can make the compiler read any file
// it sees. cleanup removes the builds.
func buildPrograms(ctx context.Context, srcs []string) (_ []measure.Program, _ func(), rerr error) {
	var exes []*lang.Executable
	cleanup := func() {
		for _, x := range exes {
			x.Close()
		}
	}
	if len(srcs) == 0 {
		return nil, cleanup, nil
	}
	sb, err := newSandbox()
	if err != nil {
		return nil, cleanup, fmt.Errorf("bench: --program: compiling needs the sandbox: %w", err)
	}
	defer closeInto(&rerr, "sandbox", sb)
	var progs []measure.Program
	for _, src := range srcs {
		x, err := lang.Build(ctx, src, lang.Options{Sandbox: sb})
		var ce *lang.CompileError
		if errors.As(err, &ce) {
			return nil, cleanup, fmt.Errorf("bench: --program %s: %w\n%s", src, ce, program.CompilerLog(ce, 30))
		}
		if err != nil {
			return nil, cleanup, fmt.Errorf("bench: --program %s: %w", src, err)
		}
		exes = append(exes, x)
		// Named program=NAME: measure.Run refuses two that would share one.
		progs = append(progs, measure.Program{Name: filepath.Base(src), Source: src, Path: x.Path, Args: x.Args})
	}
	return progs, cleanup, nil
}

// writeBenchFiles writes the results and the per-puzzle times.
func writeBenchFiles(ctx context.Context, e *env, out string, res *measure.Results) error {
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	h, warnings := measure.Describe(ctx, wd)
	for _, w := range warnings {
		fmt.Fprintf(e.stderr, "bench: warning: %v\n", w)
	}
	if err := writeFile(out, func(w io.Writer) error { return measure.Write(w, h, res) }); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if err := writeFile(out+measure.TimesSuffix, func(w io.Writer) error { return measure.WriteTimes(w, measure.PuzzleTimes(res)) }); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}

// writeFile creates name and writes it with write.
func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
