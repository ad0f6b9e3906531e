package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
)

// compareCmd is the compare command's flags.
type compareCmd struct {
	e             *env
	failOver      float64
	opts          compare.Options
	otherMachines bool
}

func newCompareCmd(e *env) *cobra.Command {
	c := &compareCmd{e: e}
	cmd := &cobra.Command{
		Use:   "compare [--fail-over PCT] [-filter QUERY] [-row PROJ] [-col PROJ] OLD NEW | -col PROJ FILE",
		Short: "Compare two benchmark files, or two strategies of one file, like benchstat, and gate on slowdowns",
		Long:  compareLong,
		Example: `  sudoku-judge compare bench/baselines/amd-epyc-2core.txt new.txt
  sudoku-judge compare --fail-over 10 -filter /problem:sudoku old.txt new.txt
  sudoku-judge compare -col /strategy -filter '/strategy:(mrv OR dlx)' new.txt`,
		// Flags are parsed in RunE so that benchstat's one-dash spelling
		// (-col) works: pflag would read it as -c -o -l.
		DisableFlagParsing: true,
		RunE:               c.run,
	}
	f := cmd.Flags()
	f.Var(flagval.NewPercent(&c.failOver), "fail-over", "exit 1 when a benchmark is significantly slower by more than this percentage")
	f.BoolVar(&c.otherMachines, "other-machines", false, "compare results from different machines (times are then not comparable)")
	f.StringVar(&c.opts.Filter, "filter", "", "compare only the results matching this benchproc filter, such as /problem:sudoku or '/set:(top95 OR tests)'")
	f.StringVar(&c.opts.Row, "row", "", "split rows by this benchproc projection (default .fullname)")
	f.StringVar(&c.opts.Col, "col", "", "the two sides: a benchproc projection such as /strategy (default .file, the two files)")
	f.BoolP("help", "h", false, "help for compare")
	return cmd
}

// run compares the files as the flags say, which it parses itself (see
// DisableFlagParsing), and gates with --fail-over.
func (c *compareCmd) run(cmd *cobra.Command, args []string) error {
	f := cmd.Flags()
	if err := f.Parse(benchstatFlags(func(name string) bool { return f.Lookup(name) != nil }, args)); err != nil {
		return flagError(cmd, err)
	}
	if help, _ := f.GetBool("help"); help {
		return cmd.Help()
	}
	args = f.Args()
	switch {
	case len(args) == 1 && c.opts.Col == "":
		return fmt.Errorf("compare: one file: give OLD and NEW, or -col PROJECTION (such as -col /strategy) to compare within it")
	case len(args) < 1 || len(args) > 2:
		return fmt.Errorf("compare: want OLD NEW, or -col PROJECTION FILE; got %d files", len(args))
	}
	files, warnings, err := compare.ReadFiles(args)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(c.e.stderr, "compare: warning: %v\n", w)
	}
	var configs []compare.Config
	for _, file := range files {
		configs = append(configs, compare.FileConfig(file.Results))
	}
	if err := compare.MachineDifference(args, configs); err != nil {
		if !c.otherMachines {
			return fmt.Errorf("%w; --other-machines compares them anyway", err)
		}
		fmt.Fprintf(c.e.stderr, "compare: warning: %v\n", err)
	}
	cmp, err := compare.Compare(files, c.opts)
	if err != nil {
		return err
	}
	for i, name := range args {
		fmt.Fprintf(c.e.stdout, "%s: %s\n", name, configs[i])
	}
	fmt.Fprintln(c.e.stdout)
	for _, w := range cmp.Warnings {
		fmt.Fprintf(c.e.stderr, "compare: warning: %v\n", w)
	}
	if err := cmp.WriteText(c.e.stdout); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	if !f.Changed("fail-over") {
		return nil
	}
	g := cmp.Gate(c.failOver)
	if err := g.WriteText(c.e.stdout); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	switch {
	case len(g.Regressions) > 0:
		return errFailed
	case g.Undecided():
		return fmt.Errorf("compare: too noisy to gate at %g%%: use --instructions or more runs", g.Threshold)
	}
	return nil
}

// benchstatFlags rewrites benchstat's one-dash long flags (-col /strategy,
// -filter=x) as pflag's two-dash ones, up to a "--".
func benchstatFlags(isFlag func(name string) bool, args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "--" {
			copy(out[i:], args[i:])
			break
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(a, "-"), "=")
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && len(name) > 1 && isFlag(name) {
			a = "-" + a
		}
		out[i] = a
	}
	return out
}

const compareLong = `compare reads files in Go's benchmark format (from 'sudoku-judge bench -o'
or 'go test -bench ./bench') and prints one table per unit: each benchmark's
median on both sides with a 95% confidence interval, the change ("~" when a
Mann-Whitney U test finds no significant difference at alpha 0.05), the
p-value and the sample sizes, and the geometric mean. Take 10 or more runs
(bench --count, the default) on each side: fewer give no finite 95% interval.
A change no larger than the spread of the measurements is marked "noise?".
Deterministic counters (guesses/puzzle, instructions/puzzle from bench
--instructions) are compared exactly: any difference prints "search changed"
or "instructions changed".

The sides are the two files (-col .file), or what -col projects, as in
benchstat: -col /strategy compares two strategies of one file, the first
seen (or the first of /strategy@(mrv dlx)) being the base. -row splits rows
(default .fullname, without the -col key) and -filter selects results, in
golang.org/x/perf/benchproc syntax (go doc golang.org/x/perf/benchproc/syntax).
Flags may be written with one dash, as benchstat's are.

compare prints each file's configuration (cpu, goos, goarch, Go version,
commit, dirty) and refuses, with exit 2, results from different machines:
their times differ for reasons that are not the code. --other-machines
compares them anyway. A file without benchmark results, no benchmark on
both sides, a -filter matching nothing, or a -col giving other than two
sides is exit 2 too.

With --fail-over PCT, compare exits 1 when a benchmark is significantly
slower on the second side by more than PCT percent: the regression gate.
Each benchmark counts once, in instructions/puzzle when both sides have it
(bench --instructions: independent of the machine's load), else in
sec/puzzle or sec/op. A time is judged only where the data can tell a
change of PCT percent from noise: when its spread (the larger half-width
of the two 95% intervals) is larger than PCT, or the two files were
measured under loads that differ by more than PCT (bench records in
cpu-wait the share of time its timed threads waited for a CPU, which it
leaves out of the times), the gate says "too noisy" and exits 2, neither a
slowdown nor the absence of one: gate on instructions, or take more runs,
or alternate the two binaries as scripts/bench-compare.sh does.`
