package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func newGenCmd(e *env) *cobra.Command {
	var (
		problem string
		opts    problems.GenOptions
	)
	cmd := &cobra.Command{
		Use:   "gen --problem ID [--count N] [--seed S] [--givens K] [--kind KIND]",
		Short: "Write a random valid input for a problem",
		Long: `Gen writes a valid input of the problem holding N random puzzles to standard
output. The same seed gives the same output. --givens asks for about K filled
cells (0 lets the generator choose); --kind asks for puzzles with one solution
(unique), several (multiple), none, or a mix (mixed), where the problem's
output tells them apart; a problem may add its own kinds (uva10957: illegal),
and its generator refuses a kind it cannot make. Problems
that take one puzzle per input ignore --count.`,
		Example: `  sudoku-judge gen --problem poj2676 --count 10 --seed 7 > poj2676-7.in
  sudoku-judge gen --problem poj3074 --kind mixed --givens 22`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			prob, err := catalog.Lookup(problem)
			if err != nil {
				return fmt.Errorf("gen: --problem: %w", err)
			}
			switch {
			case opts.Count < 1:
				return fmt.Errorf("gen: --count %d: want at least 1", opts.Count)
			case opts.Givens < 0:
				return fmt.Errorf("gen: --givens %d: want 0 (the generator's choice) or more", opts.Givens)
			}
			var out bytes.Buffer
			if err := prob.Generate(&out, opts); err != nil {
				return fmt.Errorf("gen: %w", err)
			}
			if _, err := e.stdout.Write(out.Bytes()); err != nil {
				return fmt.Errorf("gen: writing the output: %w", err)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&problem, "problem", "", "the problem ID (see sudoku-judge list)")
	f.IntVarP(&opts.Count, "count", "n", 1, "number of puzzles")
	f.Uint64Var(&opts.Seed, "seed", 1, "random seed: the same seed gives the same output")
	f.IntVar(&opts.Givens, "givens", 0, "target number of givens per puzzle (0: the generator's choice)")
	f.StringVar(&opts.Kind, "kind", "", "puzzle kind: unique, multiple, none, mixed, or one of the problem's own (default: unique)")
	_ = cmd.MarkFlagRequired("problem")
	return cmd
}
