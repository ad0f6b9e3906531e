package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/internal/suggest"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Exit codes.
const (
	exitOK     = 0 // every test passed (TLE of a built-in strategy included)
	exitFailed = 1 // a wrong answer or a crash of the program judged was reported
	// exitUsage is for bad usage, bad input and every setup error (a
	// checker that does not build or rejects an answer, unreadable tests),
	// and for a judge that failed while judging (IE): no verdict on the
	// program. A one-line error on stderr says which.
	exitUsage = 2
)

// errFailed is returned by a command that has already reported failing
// tests; main exits with exitFailed and prints nothing more.
var errFailed = errors.New("some tests failed")

// judgeFailure returns the error a command exits with when the judge
// failed on one of tests (IE: a checker that crashed, the sandbox), whose
// table it has shown: the verdicts are not the program's, so the exit is
// a setup error's, never a WA's. It is nil when no test is IE.
func judgeFailure(tests []judge.TestResult) error {
	for _, t := range tests {
		if t.Verdict == contest.IE {
			return fmt.Errorf("test %s: internal error: %s (the judge failed, not the program: no verdict)", t.Name, t.Message)
		}
	}
	return nil
}

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
	root := newRootCmd(e, args)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errFailed):
		return exitFailed
	}
	// An error can quote a file's name or a checker's output: shown safe.
	fmt.Fprintf(e.stderr, "sudoku-judge: %s\n", contest.SafeLines(commandTypo(root, err).Error()))
	return exitUsage
}

// newRootCmd returns the command tree for args: when args start with a
// command's name, the root and that command; otherwise, for help and for
// names to suggest, every command.
func newRootCmd(e *env, args []string) *cobra.Command {
	root := &cobra.Command{
		Use:   "sudoku-judge",
		Short: "Judge sudoku contest solutions and compare solver strategies",
		Long: `sudoku-judge runs sudoku contest problems through built-in solver strategies or
your own program, checks every answer, and benchmarks the strategies.

Problems (sudoku-judge list describes them): ` + strings.Join(catalog.IDs(), ", ") + ".",
		Version:       readBuild().String(),
		SilenceUsage:  true,
		SilenceErrors: true,
		// Cobra's suggestion takes three lines; commandTypo makes it one.
		DisableSuggestions: true,
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(flagError)
	cmds := subcommands()
	for _, c := range cmds {
		if len(args) > 0 && args[0] == c.name {
			// Only this one runs: building the others' flags and help is
			// a tenth of a millisecond of every start.
			root.AddCommand(c.new(e))
			return root
		}
	}
	for _, c := range cmds {
		root.AddCommand(c.new(e))
	}
	return root
}

// A subcommand is a command's name and constructor.
type subcommand struct {
	name string
	new  func(*env) *cobra.Command
}

// subcommands lists the commands (help sorts them by name).
func subcommands() []subcommand {
	return []subcommand{
		{"list", newListCmd},
		{"run", newRunCmd},
		{"solve", newSolveCmd},
		{"gen", newGenCmd},
		{"test", newTestCmd},
		{"stress", newStressCmd},
		{"bench", newBenchCmd},
		{"compare", newCompareCmd},
		{"report", newReportCmd},
		{"serve", newServeCmd},
		{"worker", newWorkerCmd},
		{"export", newExportCmd},
	}
}

// flagError words a flag parsing error of cmd: the command's name once
// (main adds "sudoku-judge: "), the closest flag to an unknown one, and
// where to read more.
func flagError(cmd *cobra.Command, err error) error {
	var unknown *pflag.NotExistError
	if errors.As(err, &unknown) {
		if s := flagTypo(cmd, unknown); s != "" {
			err = fmt.Errorf("%w; %s", err, s)
		}
	}
	if !cmd.HasParent() {
		return fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())
	}
	return fmt.Errorf("%s: %w (see %s --help)", cmd.Name(), err, cmd.CommandPath())
}

// flagTypo returns "did you mean --X?" for a flag cmd does not have, or "".
// "-problem" (one dash) is taken for the long flag it spells.
func flagTypo(cmd *cobra.Command, err *pflag.NotExistError) string {
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	name := err.GetSpecifiedName()
	if group := err.GetSpecifiedShortnames(); group != "" {
		if len(group) < 2 {
			return "" // one letter is too little to go on
		}
		name = group
	}
	return suggest.DidYouMean(name, names, "--%s")
}

// commandTypo adds to cobra's "unknown command" error the closest command,
// when there is one.
func commandTypo(root *cobra.Command, err error) error {
	var name, path string
	if _, scanErr := fmt.Sscanf(err.Error(), "unknown command %q for %q", &name, &path); scanErr != nil || path != root.Name() {
		return err
	}
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	if s := suggest.DidYouMean(name, names, "%s"); s != "" {
		return fmt.Errorf("%w; %s", err, s)
	}
	return err
}

// maxJobs bounds -j: far above any machine's CPUs, far below what would
// exhaust the judge's threads or file descriptors.
const maxJobs = 4096

// jobsFlag declares -j, --jobs, which means the same in every command that
// has it: how many workers run at once, 0 for the default. what says what
// they do, such as "tests judged"; zero what 0 means.
func jobsFlag(fs *pflag.FlagSet, p *int, what, zero string) {
	fs.VarP(flagval.NewCount(p, 0, maxJobs), "jobs", "j", "parallel workers: "+what+" at once (0: "+zero+")")
}

// closeInto closes c and adds its error, prefixed with what, to *err. A
// sandbox or a build that cannot clean up leaves cgroups, processes or
// directories behind: the user hears of it rather than sees a clean exit.
func closeInto(err *error, what string, c io.Closer) {
	if cerr := c.Close(); cerr != nil {
		*err = errors.Join(*err, fmt.Errorf("%s: %w", what, cerr))
	}
}

// Defaults of -j.
const (
	perCPU = "one per CPU"
	// Programs are timed: one per core that other work leaves idle
	// (sandbox.FairParallel), as CMS and DOMjudge judge one per core.
	fairJobs = "one per core not busy with other work"
)
