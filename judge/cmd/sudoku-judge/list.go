package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func newListCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the problems and the built-in strategies",
		Long: `List prints every problem (ID, name, source, number of sample and secret tests,
time limits, checker, reference strategy), every problem's test groups, and every
built-in strategy.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			probs := catalog.All()
			fmt.Fprintln(e.stdout, "Problems:")
			if err := table.Problems(e.stdout, probs); err != nil {
				return fmt.Errorf("list: %w", err)
			}
			fmt.Fprintln(e.stdout, "\nTest groups (test's headline verdict is on the first group of each problem; --group chooses):")
			if err := table.TestGroups(e.stdout, probs); err != nil {
				return fmt.Errorf("list: %w", err)
			}
			fmt.Fprintln(e.stdout, "\nStrategies:")
			if err := table.Strategies(e.stdout, strategies.All(), probs); err != nil {
				return fmt.Errorf("list: %w", err)
			}
			return nil
		},
	}
}
