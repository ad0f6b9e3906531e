package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/bench/measure"
	"github.com/sudoku-judge/sudoku-judge/bench/report"
)

func newReportCmd(e *env) *cobra.Command {
	var out, title string
	cmd := &cobra.Command{
		Use:   "report [-o report.html] FILE [NEW]",
		Short: "Write benchmark results as one self-contained HTML page with charts",
		Long: `report reads one or two files in Go's benchmark format ('sudoku-judge bench -o')
and writes one HTML page, with no outside resources, holding tables and charts
(inline SVG): µs/puzzle per strategy and set on a log scale from the last
file; the distribution of per-puzzle times for each set, when FILE.puzzles.json
sits beside it; and, given two files, the change of each benchmark from the
first to the second.`,
		Example: `  sudoku-judge bench --count 5 -o new.txt && sudoku-judge report -o report.html new.txt
  sudoku-judge report -o delta.html bench/baselines/amd-epyc-2core.txt new.txt`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			var inputs []report.Input
			for _, name := range args {
				res, warnings, err := compare.ReadFile(name)
				if err != nil {
					return fmt.Errorf("report: %w", err)
				}
				for _, w := range warnings {
					fmt.Fprintf(e.stderr, "report: warning: %v\n", w)
				}
				times, err := measure.ReadTimesFile(name)
				if err != nil {
					return fmt.Errorf("report: %w", err)
				}
				inputs = append(inputs, report.Input{Name: name, Results: res, Times: times})
			}
			return writeFile(out, func(w io.Writer) error { return report.Write(w, title, inputs) })
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "report.html", "the HTML file to write")
	cmd.Flags().StringVar(&title, "title", "sudoku-judge benchmarks", "the page's title")
	return cmd
}
