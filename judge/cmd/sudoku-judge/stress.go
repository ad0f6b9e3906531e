package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/judge/stress"
	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// stressCmd is the stress command's flags.
type stressCmd struct {
	e           *env
	f           programFlags
	opts        stress.Options
	seed        uint64
	against     string
	againstTime time.Duration
}

func newStressCmd(e *env) *cobra.Command {
	c := &stressCmd{e: e}
	cmd := &cobra.Command{
		Use:   "stress --problem ID [--count N] [--seed S] [--kind K] [--against BRUTE] [-j N] PROGRAM [-- ARGS...]",
		Short: "Hunt for an input a contest program fails on, against the reference or a brute force",
		Long:  stressLong,
		Example: `  sudoku-judge stress --problem hdu4069 --count 200 sol.cpp
  sudoku-judge stress --problem hdu4069 --cases 10 --against brute.py -j 2 sol.cpp
  sudoku-judge stress --problem poj2676 --kind multiple --seed 100 sol.py`,
		Args: cobra.MinimumNArgs(1),
		RunE: c.run,
	}
	c.f.register(cmd)
	fs := cmd.Flags()
	c.opts.Rounds = 100
	fs.Var(flagval.NewCount(&c.opts.Rounds, 1, math.MaxInt), "count", "inputs to try")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the first input; input i uses seed+i")
	fs.StringSliceVar(&c.opts.Kinds, "kind", nil, "input `kinds` to generate in turn, comma-separated (default: every kind the problem declares)")
	fs.Var(flagval.NewCount(&c.opts.Givens, 0, 1<<16), "givens", "givens per puzzle (default: the generator's choice)")
	c.opts.Cases = 1
	fs.Var(flagval.NewCount(&c.opts.Cases, 1, 1<<20), "cases", "cases per input, for problems with several cases per file")
	fs.StringVar(&c.against, "against", "", "answer with this trusted `program` (a brute force: an executable or a source) instead of the reference strategy")
	fs.Var(flagval.NewDuration(&c.againstTime), "against-time-limit", "CPU time of the --against program per input (default: 10 × the time limit)")
	jobsFlag(fs, &c.opts.Parallel, "rounds run", fairJobs)
	fs.BoolVar(&c.opts.NoShrink, "no-shrink", false, "keep a failing input whole instead of cutting it down to the fewest failing cases")
	fs.StringVar(&c.opts.Dir, "out", "stress-failures", "folder to save failing inputs in, each in a folder of its own")
	return cmd
}

const stressLong = `stress generates random inputs for the problem, answers each with the
problem's reference strategy, or with --against BRUTE (a program or a source,
compiled and run in the sandbox like PROGRAM), runs PROGRAM on it in the
sandbox, and lets the problem's checker decide (so any valid answer passes
where the problem accepts several).

Inputs: round i uses seed S+i and kind K[i mod len(K)], where the kinds are
those of --kind or else every kind the problem's answers tell apart (its
problem.yaml's kinds: unique, multiple, none, ...); -j rounds run at once.
The first failing round is the same whatever -j is.

A failure: stress stops at the first failing round, cuts an input of several
cases (--cases) down to the fewest cases that still fail, and saves it in a
folder of its own under --out, named after the problem, kind and seed, never
overwriting an earlier one: NAME.in, NAME.ans (the expected answer), NAME.actual
(PROGRAM's output) and, if shrunk, NAME.original. It prints the command that
replays it. The oracle gets ` + "`--against-time-limit`" + ` of CPU time; an oracle
that fails is a setup error (exit 2).

It exits 0 when every round passed, 1 when it found a failing input, and 2 on a
setup error or when the judge failed on a round (IE): no verdict.`

// run judges PROGRAM in rounds, as the flags say.
func (c *stressCmd) run(cmd *cobra.Command, args []string) (rerr error) {
	src, progArgs, err := splitProgram(cmd, args)
	if err != nil {
		return err
	}
	if c.f.problem == "" {
		return fmt.Errorf("stress: --problem is required")
	}
	prob, err := c.f.lookupProblem()
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
	prob, closeChecker, err := checker.WithBuilt(cmd.Context(), sb, prob)
	if err != nil {
		return err
	}
	defer closeChecker()
	build.Sandbox, build.RunMemory = sb, limits.Memory
	exe, err := lang.Build(cmd.Context(), src, build)
	var ce *lang.CompileError
	if errors.As(err, &ce) {
		fmt.Fprintf(c.e.stdout, "CE: %s\n%s", contest.Message(ce.Error()), table.Indent(contest.SafeLines(program.CompilerLog(ce, 30))))
		return errFailed
	}
	if err != nil {
		return err
	}
	defer closeInto(&rerr, "build", exe)
	if exe.Compiled != "" {
		fmt.Fprintln(c.e.stdout, exe.Compiled)
	}
	opts := c.opts
	if c.against != "" {
		oracle, err := buildOracle(cmd.Context(), c.against, build, limits, c.againstTime)
		if err != nil {
			return err
		}
		defer closeInto(&rerr, "--against build", oracle.Program)
		opts.Oracle = oracle
	}
	opts.Problem, opts.Program, opts.Args, opts.Seed = prob, exe, progArgs, c.seed
	opts.Judge = &program.Judge{Runner: sb, Limits: limits, Isolation: sb.Isolation().String()}
	var finish func()
	opts.Progress, finish = progress(c.e.stderr, "stress", 500*time.Millisecond,
		progressbar.OptionSetItsString("rounds"), progressbar.OptionShowIts(), progressbar.OptionSetPredictTime(true))
	rep, err := stress.Run(cmd.Context(), opts)
	finish()
	var oe *stress.OracleError
	if errors.As(err, &oe) {
		return fmt.Errorf("%w (see the input: sudoku-judge gen --problem %s --seed %d --kind %s --count %d)",
			err, prob.ID(), oe.Seed, oe.Kind, opts.Cases)
	}
	if err != nil {
		return err
	}
	if rep.Failure == nil {
		fmt.Fprintf(c.e.stdout, "%s; isolation: %s\n", rep.Summary(c.seed, c.against, prob.Reference().Name()), sb.Isolation())
		return nil
	}
	if err := rep.Failure.Print(c.e.stdout, rep.Failure.Replay(prob.ID(), replayFlagsSet(cmd), src, progArgs)); err != nil {
		return err
	}
	return errFailed
}

// buildOracle compiles the --against program, by its own extension, under
// the same compile limits as PROGRAM, and returns it with its limits.
func buildOracle(ctx context.Context, src string, build lang.Options, limits sandbox.Limits, cpu time.Duration) (*stress.Oracle, error) {
	ob := lang.Options{Limits: build.Limits, Sandbox: build.Sandbox, RunMemory: build.RunMemory, Originals: build.Originals}
	exe, err := lang.Build(ctx, src, ob)
	var ce *lang.CompileError
	if errors.As(err, &ce) {
		return nil, fmt.Errorf("stress: --against %s: %w", src, ce)
	}
	if err != nil {
		return nil, fmt.Errorf("stress: --against: %w", err)
	}
	if cpu < 0 {
		exe.Close()
		return nil, fmt.Errorf("stress: --against-time-limit must be positive")
	}
	if cpu == 0 {
		cpu = 10 * limits.CPUTime
	}
	limits.CPUTime = cpu
	return &stress.Oracle{Program: exe, Limits: limits}, nil
}

// replayFlagsSet returns the flags given to stress that test takes too and
// that change the verdict besides --problem (the limits and how to
// compile), as "--name", "value" in turn.
func replayFlagsSet(cmd *cobra.Command) []string {
	var set []string
	for _, name := range []string{"time-limit", "memory-limit", "output-limit", "lang", "compile", "compile-time-limit", "compile-memory-limit"} {
		if fl := cmd.Flags().Lookup(name); fl != nil && fl.Changed {
			set = append(set, "--"+name, fl.Value.String())
		}
	}
	return set
}
