package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func newSolveCmd(e *env) *cobra.Command {
	var (
		problem, strategy string
		timeLimit         time.Duration
		jobs              int
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
			prob, err := catalog.OpenProblem(problem)
			if err != nil {
				return fmt.Errorf("solve: --problem: %w", err)
			}
			var strat solvers.Strategy
			if strategy == "" {
				strat = prob.Reference()
			} else if strat, err = strategies.Lookup(strategy); err != nil {
				return fmt.Errorf("solve: --strategy: %w", err)
			}
			if strat == nil {
				return fmt.Errorf("solve: problem %s has no reference strategy; pick one with --strategy", prob.ID())
			}
			defer collectLess()()
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
			// Nothing is written unless every case is solved: SolveJobs
			// writes the whole output once all answers are in.
			if jobs == 0 {
				jobs = runtime.GOMAXPROCS(0)
			}
			if err := problems.SolveJobs(ctx, prob, strat, name, input, e.stdout, jobs); err != nil {
				if timeLimit > 0 && errors.Is(err, context.DeadlineExceeded) {
					return fmt.Errorf("solve: over the time limit of %s: %w", timeLimit, err)
				}
				return err // a *problems.ParseError reads file:line:col: message
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&problem, "problem", "", "the problem ID (see sudoku-judge list)")
	f.StringVar(&strategy, "strategy", "", "the strategy to solve with (default: the problem's reference strategy)")
	f.Var(flagval.NewDuration(&timeLimit), "time-limit", "give up after this long (default: no limit)")
	jobsFlag(f, &jobs, "cases solved", perCPU)
	_ = cmd.MarkFlagRequired("problem")
	return cmd
}

// readSolveInput reads the file named by args, or stdin when there is none or
// it is "-", and returns the name to use in error messages with the bytes.
func readSolveInput(stdin io.Reader, args []string) (string, []byte, error) {
	if len(args) == 0 || args[0] == "-" {
		b, err := readAll(stdin)
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

// readAll is io.ReadAll with the buffer sized at once when r is a regular
// file (standard input redirected from one), as os.ReadFile sizes a named
// file: no copies while it grows, and no garbage of the sizes it outgrew.
func readAll(r io.Reader) ([]byte, error) {
	f, ok := r.(*os.File)
	if !ok {
		return io.ReadAll(r)
	}
	var buf bytes.Buffer
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if off, err := f.Seek(0, io.SeekCurrent); err == nil && fi.Size() > off {
			buf.Grow(int(fi.Size()-off) + bytes.MinRead) // ReadFrom grows unless MinRead bytes are free
		}
	}
	_, err := buf.ReadFrom(f)
	return buf.Bytes(), err
}

// collectLess lets the heap grow to five times its live size between
// collections instead of twice, unless the user set GOGC. Solve keeps the
// input, and every answer or (for a problems.Streamer) the output, until it
// writes, so the live heap only grows and the default pacing marks it over
// and over: before POJ 3074 streamed, that was a tenth of a run on the
// 49,158 17-clue puzzles. The Go compiler raises its own starting heap for
// the same reason. The returned function puts the
// setting back: the command may run inside a longer-lived process, such as
// its tests.
func collectLess() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(400)
	return func() { debug.SetGCPercent(old) }
}
