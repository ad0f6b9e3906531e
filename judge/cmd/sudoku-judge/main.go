package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
)

// Exit codes.
const (
	exitOK     = 0 // every test passed (TLE of a built-in strategy included)
	exitFailed = 1 // a wrong answer, a crash or a judge failure was reported
	exitUsage  = 2 // bad usage or bad input: a one-line error on stderr
)

// errFailed is returned by a command that has already reported failing
// tests; main exits with exitFailed and prints nothing more.
var errFailed = errors.New("some tests failed")

// env is what every command writes to.
type env struct {
	stdout, stderr io.Writer
}

func main() {
	if sandbox.IsHelper() {
		sandbox.RunHelper() // the sandbox re-executes this binary to set up a run; never returns
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], &env{stdout: os.Stdout, stderr: os.Stderr})
	stop()
	os.Exit(code)
}

// run executes the command line args and returns the exit code.
func run(ctx context.Context, args []string, e *env) int {
	root := newRootCmd(e)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errFailed):
		return exitFailed
	}
	fmt.Fprintf(e.stderr, "sudoku-judge: %v\n", err)
	return exitUsage
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "sudoku-judge",
		Short: "Judge sudoku contest solutions and compare solver strategies",
		Long: `sudoku-judge runs sudoku contest problems (POJ2676, POJ3074, POJ3076, HDU4069,
NOIP2009 target sudoku) through built-in solver strategies or your own program,
checks every answer, and benchmarks the strategies.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return fmt.Errorf("%s: %w (see %s --help)", c.CommandPath(), err, c.CommandPath())
	})
	root.AddCommand(
		newListCmd(e),
		newRunCmd(e),
		newSolveCmd(e),
		newGenCmd(e),
		newTestCmd(e),
		newStressCmd(e),
		newBenchCmd(e),
		newCompareCmd(e),
		newReportCmd(e),
		newServeCmd(e),
		newWorkerCmd(e),
	)
	return root
}
