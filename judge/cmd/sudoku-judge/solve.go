package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func newSolveCmd(e *env) *cobra.Command {
	var (
		problem, strategy string
		timeLimit         time.Duration
	)
	cmd := &cobra.Command{
		Use:   "solve --problem ID [--strategy NAME] [FILE]",
		Short: "Solve a problem's input like a contest program",
		Long: `Solve reads an input of the problem from FILE, or from standard input when FILE
is absent or "-", and writes the problem's output to standard output, exactly as
an accepted contest program would. The default strategy is the one the
problem's expected answers come from. A malformed input is reported on standard
error as FILE:LINE:COL: message, with exit status 2.`,
		Example: `  sudoku-judge solve --problem poj2676 < input.txt
  sudoku-judge solve --problem poj3076 --strategy dlx big.in`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			prob, err := catalog.Lookup(problem)
			if err != nil {
				return fmt.Errorf("solve: --problem: %w", err)
			}
			var strat solvers.Strategy = prob.Reference()
			if strategy != "" {
				if strat, err = strategies.Lookup(strategy); err != nil {
					return fmt.Errorf("solve: --strategy: %w", err)
				}
			}
			if strat == nil {
				return fmt.Errorf("solve: problem %s has no reference strategy; pick one with --strategy", prob.ID())
			}
			if timeLimit < 0 {
				return fmt.Errorf("solve: --time-limit %s: want a positive duration", timeLimit)
			}
			name, input, err := readSolveInput(cmd.InOrStdin(), args)
			if err != nil {
				return fmt.Errorf("solve: %w", err)
			}
			ctx := cmd.Context()
			if timeLimit > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, timeLimit)
				defer cancel()
			}
			// Nothing is written unless every case is solved, as the
			// pipeline formats only once all answers are in.
			var out bytes.Buffer
			out.Grow(len(input)) // most outputs are about as long as the input
			if err := problems.Solve(ctx, prob, strat, name, input, &out); err != nil {
				if timeLimit > 0 && errors.Is(err, context.DeadlineExceeded) {
					return fmt.Errorf("solve: over the time limit of %s: %w", timeLimit, err)
				}
				return err // a *problems.ParseError reads file:line:col: message
			}
			if _, err := e.stdout.Write(out.Bytes()); err != nil {
				return fmt.Errorf("solve: writing the output: %w", err)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&problem, "problem", "", "the problem ID (see sudoku-judge list)")
	f.StringVar(&strategy, "strategy", "", "the strategy to solve with (default: the problem's reference strategy)")
	f.DurationVar(&timeLimit, "time-limit", 0, "give up after this long (default: no limit)")
	_ = cmd.MarkFlagRequired("problem")
	return cmd
}

// readSolveInput reads the file named by args, or stdin when there is none or
// it is "-", and returns the name to use in error messages with the bytes.
func readSolveInput(stdin io.Reader, args []string) (string, []byte, error) {
	if len(args) == 0 || args[0] == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return "", nil, fmt.Errorf("reading standard input: %w", err)
		}
		return "stdin", b, nil
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		return "", nil, err // *fs.PathError names the file
	}
	return args[0], b, nil
}
