package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/stress"
)

func newStressCmd(e *env) *cobra.Command {
	var (
		f      programFlags
		opts   stress.Options
		rounds int
		seed   uint64
		out    string
	)
	cmd := &cobra.Command{
		Use:   "stress --problem ID [--count N] [--seed S] [--givens K] PROGRAM [-- ARGS...]",
		Short: "Hunt for an input a contest program fails on, against the reference",
		Long: `stress generates random inputs for the problem (round i with seed S+i),
answers each with the problem's reference strategy, runs PROGRAM on it in
the sandbox and checks its output with the problem's checker. It stops at
the first input PROGRAM fails and saves it, with the expected and actual
outputs, in --out; replay it with
  sudoku-judge test --tests DIR PROGRAM
It exits 0 when every round passed, 1 when it found a failing input.`,
		Example: `  sudoku-judge stress --problem poj3074 --count 200 --seed 1 sol.cpp`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			src, progArgs, err := splitProgram(cmd, args)
			if err != nil {
				return err
			}
			if f.problem == "" {
				return fmt.Errorf("stress: --problem is required")
			}
			prob, err := f.lookupProblem()
			if err != nil {
				return err
			}
			limits, err := f.limits(prob)
			if err != nil {
				return err
			}
			build, err := f.buildOptions()
			if err != nil {
				return err
			}
			sb, err := newSandbox()
			if err != nil {
				return err
			}
			defer sb.Close()
			build.Sandbox, build.RunMemory = sb, limits.Memory
			exe, err := lang.Build(cmd.Context(), src, build)
			var ce *lang.CompileError
			if errors.As(err, &ce) {
				fmt.Fprintf(e.stdout, "CE: %s\n%s", ce.Error(), indent(program.CompilerLog(ce, 30)))
				return errFailed
			}
			if err != nil {
				return err
			}
			defer exe.Close()
			opts.Problem, opts.Program, opts.Args = prob, exe, progArgs
			opts.Judge = &program.Judge{Runner: sb, Limits: limits, Isolation: sb.Isolation().String()}
			opts.Rounds, opts.Seed, opts.Dir = rounds, seed, out
			rep, err := stress.Run(cmd.Context(), opts)
			if err != nil {
				return err
			}
			if rep.Failure == nil {
				fmt.Fprintf(e.stdout, "%d/%d rounds passed (seeds %d..%d); isolation: %s\n",
					rep.Rounds, rep.Rounds, seed, seed+uint64(rep.Rounds)-1, sb.Isolation())
				return nil
			}
			printFailure(e, rep, src)
			return errFailed
		},
	}
	f.register(cmd)
	fs := cmd.Flags()
	fs.IntVar(&rounds, "count", 100, "inputs to try")
	fs.Uint64Var(&seed, "seed", 1, "seed of the first input; input i uses seed+i")
	fs.IntVar(&opts.Givens, "givens", 0, "givens per puzzle (default: the generator's choice)")
	fs.IntVar(&opts.Cases, "cases", 1, "cases per input, for problems with several cases per file")
	fs.StringVar(&out, "out", "stress-failure", "folder to save a failing input in")
	return cmd
}

func printFailure(e *env, rep *stress.Report, src string) {
	f := rep.Failure
	t := f.Test
	fmt.Fprintf(e.stdout, "round %d (seed %d) failed: %s", f.Round+1, f.Seed, t.Verdict)
	if t.Message != "" {
		fmt.Fprintf(e.stdout, ": %s", t.Message)
	}
	fmt.Fprintln(e.stdout)
	if t.Diff != "" {
		fmt.Fprintf(e.stdout, "expected (-) versus got (+):\n%s", indent(t.Diff))
	}
	if f.Dir == "" {
		return
	}
	dir, _ := filepath.Abs(f.Dir)
	fmt.Fprintf(e.stdout, "saved in %s: %s, %s, %s\nreplay: sudoku-judge test --tests %s %s\n",
		dir, stress.InputFile, stress.ExpectedFile, stress.ActualFile, f.Dir, src)
}
