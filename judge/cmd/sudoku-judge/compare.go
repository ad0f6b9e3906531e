package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"golang.org/x/perf/benchfmt"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
)

func newCompareCmd(e *env) *cobra.Command {
	var (
		failOver      float64
		filter        string
		otherMachines bool
	)
	cmd := &cobra.Command{
		Use:   "compare OLD NEW [--fail-over PCT] [--filter QUERY]",
		Short: "Compare two benchmark files, like benchstat, and gate on slowdowns",
		Long: `compare reads two files in Go's benchmark format (from 'sudoku-judge bench -o'
or 'go test -bench ./bench') and prints one table per unit: each benchmark's
median in OLD and NEW with a 95% confidence interval, the change ("~" when a
Mann-Whitney U test finds no significant difference at alpha 0.05), the
p-value and the sample sizes, and the geometric mean. Take 10 or more runs
(bench --count, the default) on each side: fewer give no finite 95% interval.
A change no larger than the spread of the measurements is marked "noise?".
Deterministic counters (guesses/puzzle) are compared exactly: any
difference prints "search changed".

compare prints each file's configuration (cpu, goos, goarch, Go version,
commit, dirty) and refuses, with exit 2, files from different machines:
their times differ for reasons that are not the code. --other-machines
compares them anyway. A file without benchmark results, no benchmark in
both files, or a --filter matching nothing is exit 2 too.

With --fail-over PCT, compare exits 1 when a benchmark is significantly
slower in NEW by more than PCT percent: the regression gate. Each benchmark
counts once, in instructions/puzzle when both files have it (bench
--instructions: load-independent), else in sec/puzzle or sec/op.`,
		Example: `  sudoku-judge compare bench/baselines/amd-epyc-2core.txt new.txt
  sudoku-judge compare --fail-over 10 --filter /problem:sudoku old.txt new.txt`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if failOver < 0 {
				return fmt.Errorf("compare: --fail-over %v: want a percentage of 0 or more", failOver)
			}
			var results [2][]*benchfmt.Result
			var configs [2]compare.Config
			for i, name := range args {
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
				results[i] = res
				configs[i] = compare.FileConfig(res)
			}
			if err := compare.MachineDifference(args[0], configs[0], args[1], configs[1]); err != nil {
				if !otherMachines {
					return fmt.Errorf("%w; --other-machines compares them anyway", err)
				}
				fmt.Fprintf(e.stderr, "compare: warning: %v\n", err)
			}
			c, err := compare.Compare(args[0], results[0], args[1], results[1], filter)
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
			if cmd.Flags().Changed("fail-over") {
				regs := c.Regressions(failOver)
				if len(regs) > 0 {
					fmt.Fprintf(e.stdout, "\n%d significant slowdowns over %g%%:\n", len(regs), failOver)
					for _, r := range regs {
						fmt.Fprintf(e.stdout, "  %s\n", r)
					}
					return errFailed
				}
				fmt.Fprintf(e.stdout, "\nno significant slowdown over %g%%\n", failOver)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.Float64Var(&failOver, "fail-over", 0, "exit 1 when a time is significantly slower by more than this percentage")
	f.BoolVar(&otherMachines, "other-machines", false, "compare files from different machines (times are then not comparable)")
	f.StringVar(&filter, "filter", "", "compare only the results matching this benchfilter query, such as /problem:sudoku or /set:(top95 OR tests)")
	return cmd
}
