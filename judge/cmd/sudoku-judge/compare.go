package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
)

func newCompareCmd(e *env) *cobra.Command {
	var (
		failOver      float64
		opts          compare.Options
		otherMachines bool
	)
	cmd := &cobra.Command{
		Use:   "compare [--fail-over PCT] [-filter QUERY] [-row PROJ] [-col PROJ] OLD NEW | -col PROJ FILE",
		Short: "Compare two benchmark files, or two strategies of one file, like benchstat, and gate on slowdowns",
		Long: `compare reads files in Go's benchmark format (from 'sudoku-judge bench -o'
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
or alternate the two binaries as scripts/bench-compare.sh does.`,
		Example: `  sudoku-judge compare bench/baselines/amd-epyc-2core.txt new.txt
  sudoku-judge compare --fail-over 10 -filter /problem:sudoku old.txt new.txt
  sudoku-judge compare -col /strategy -filter '/strategy:(mrv OR dlx)' new.txt`,
		// Flags are parsed in RunE so that benchstat's one-dash spelling
		// (-col) works: pflag would read it as -c -o -l.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			if err := f.Parse(benchstatFlags(func(name string) bool { return f.Lookup(name) != nil }, args)); err != nil {
				return flagError(cmd, err)
			}
			if help, _ := f.GetBool("help"); help {
				return cmd.Help()
			}
			args = f.Args()
			switch {
			case len(args) == 1 && opts.Col == "":
				return fmt.Errorf("compare: one file: give OLD and NEW, or -col PROJECTION (such as -col /strategy) to compare within it")
			case len(args) < 1 || len(args) > 2:
				return fmt.Errorf("compare: want OLD NEW, or -col PROJECTION FILE; got %d files", len(args))
			}
			var files []compare.File
			var configs []compare.Config
			for _, name := range args {
				res, warnings, err := compare.ReadFile(name)
				if err != nil {
					return err
				}
				for _, w := range warnings {
					fmt.Fprintf(e.stderr, "compare: warning: %v\n", w)
				}
				if len(res) == 0 {
					return fmt.Errorf("compare: %s holds no benchmark results (want the output of 'sudoku-judge bench -o' or 'go test -bench')", name)
				}
				files = append(files, compare.File{Name: name, Results: res})
				configs = append(configs, compare.FileConfig(res))
			}
			if err := compare.MachineDifference(args, configs); err != nil {
				if !otherMachines {
					return fmt.Errorf("%w; --other-machines compares them anyway", err)
				}
				fmt.Fprintf(e.stderr, "compare: warning: %v\n", err)
			}
			c, err := compare.Compare(files, opts)
			if err != nil {
				return err
			}
			for i, name := range args {
				fmt.Fprintf(e.stdout, "%s: %s\n", name, configs[i])
			}
			fmt.Fprintln(e.stdout)
			for _, w := range c.Warnings {
				fmt.Fprintf(e.stderr, "compare: warning: %v\n", w)
			}
			if err := c.WriteText(e.stdout); err != nil {
				return fmt.Errorf("compare: %w", err)
			}
			if f.Changed("fail-over") {
				return gate(e.stdout, c.Gate(failOver))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.Var(flagval.NewPercent(&failOver), "fail-over", "exit 1 when a benchmark is significantly slower by more than this percentage")
	f.BoolVar(&otherMachines, "other-machines", false, "compare results from different machines (times are then not comparable)")
	f.StringVar(&opts.Filter, "filter", "", "compare only the results matching this benchproc filter, such as /problem:sudoku or '/set:(top95 OR tests)'")
	f.StringVar(&opts.Row, "row", "", "split rows by this benchproc projection (default .fullname)")
	f.StringVar(&opts.Col, "col", "", "the two sides: a benchproc projection such as /strategy (default .file, the two files)")
	f.BoolP("help", "h", false, "help for compare")
	return cmd
}

// gate prints the gate's judgement, and returns errFailed on a slowdown
// and an error (exit 2) when the data cannot decide.
func gate(w io.Writer, g compare.Gate) error {
	undecided := func() {
		if l := g.Loads; len(l) == 2 {
			fmt.Fprintf(w, "  %s and %s were measured under different loads: their timed threads waited %.1f%% and %.1f%% of their time for a CPU\n",
				l[0].Name, l[1].Name, 100*l[0].Share, 100*l[1].Share)
		}
		for _, r := range g.Noisy {
			spread := fmt.Sprintf("±%.1f%%", 100*r.Row.Spread())
			if math.IsInf(r.Row.Spread(), 1) {
				spread = "± ∞ (too few runs for a 95% interval)"
			}
			fmt.Fprintf(w, "  %s %s: spread %s\n", r.Row.Name, r.Unit, spread)
		}
	}
	if len(g.Regressions) > 0 {
		fmt.Fprintf(w, "\n%d significant slowdowns over %g%%:\n", len(g.Regressions), g.Threshold)
		for _, r := range g.Regressions {
			fmt.Fprintf(w, "  %s\n", r)
		}
		if len(g.Loads)+len(g.Noisy) > 0 {
			fmt.Fprintf(w, "not judged, too noisy:\n")
			undecided()
		}
		return errFailed
	}
	if g.Undecided() {
		fmt.Fprintf(w, "\ntoo noisy to decide at %g%%:\n", g.Threshold)
		undecided()
		return fmt.Errorf("compare: too noisy to gate at %g%%: use --instructions or more runs", g.Threshold)
	}
	fmt.Fprintf(w, "\nno significant slowdown over %g%%\n", g.Threshold)
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
