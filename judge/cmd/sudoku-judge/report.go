package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/bench/measure"
	"github.com/sudoku-judge/sudoku-judge/bench/report"
)

func newReportCmd(e *env) *cobra.Command {
	var out, title string
	var pairs []string
	cmd := &cobra.Command{
		Use:   "report [-o report.html] FILE [NEW]",
		Short: "Write benchmark results as one self-contained HTML page with charts",
		Long: `report reads one or two files in Go's benchmark format ('sudoku-judge bench -o')
and writes one HTML page, with no outside resources, holding tables and charts
(inline SVG), all from the last file unless said otherwise: each file's
configuration (machine, Go version, build, commit); when FILE.puzzles.json sits
beside it, a head-to-head of two strategies puzzle by puzzle (a log-log scatter
with the diagonal, the share of puzzles each wins, the median per-puzzle
ratio, and the puzzles where they differ most, to paste into solve) for every
pair or each --pair; the mean µs per puzzle of every strategy and program on
each set; the distribution of per-puzzle times of each set; and, given two
files, the change of each benchmark from the first to the second.`,
		Example: `  sudoku-judge bench --set 17clue,top1465,hardest1106 --strategy mrv,dlx -o new.txt
  sudoku-judge report --pair mrv,dlx -o report.html new.txt
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
			opts := report.Options{Title: title}
			for _, p := range pairs {
				a, b, ok := strings.Cut(p, ",")
				if !ok || a == "" || b == "" || strings.Contains(b, ",") {
					return fmt.Errorf("report: --pair %q: want two strategies or programs, such as --pair mrv,dlx or dlx,program=sol.c", p)
				}
				opts.Pairs = append(opts.Pairs, [2]string{a, b})
			}
			if err := writeFile(out, func(w io.Writer) error { return report.Write(w, inputs, opts) }); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "report: wrote %s\n", out)
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&pairs, "pair", nil, "compare these two strategies puzzle by puzzle, A,B such as mrv,dlx or dlx,program=sol.c (repeatable; default every pair)")
	cmd.Flags().StringVarP(&out, "output", "o", "report.html", "the HTML file to write")
	cmd.Flags().StringVar(&title, "title", "sudoku-judge benchmarks", "the page's title")
	return cmd
}
