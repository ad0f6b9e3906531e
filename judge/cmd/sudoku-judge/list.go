package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func newListCmd(e *env) *cobra.Command {
	var markdown bool
	cmd := &cobra.Command{
		Use:   "list [--markdown]",
		Short: "List the problems and the built-in strategies",
		Long: `List prints every problem (ID, name, source, number of sample and secret tests,
time limits, checker, reference strategy), every problem's test groups, and every
built-in strategy.

--markdown prints instead the README's two problem tables, the problems and
their test groups, made from each problem's problem.yaml: a test checks that
README.md holds them as printed, so a new problem or group is one edit of its
problem.yaml and one run of this command.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			probs := catalog.All()
			if markdown {
				if err := table.MarkdownProblems(e.stdout, probs); err != nil {
					return fmt.Errorf("list: %w", err)
				}
				fmt.Fprintln(e.stdout)
				if err := table.MarkdownGroups(e.stdout, probs); err != nil {
					return fmt.Errorf("list: %w", err)
				}
				return nil
			}
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
	cmd.Flags().BoolVar(&markdown, "markdown", false, "print the README's problem tables, in Markdown, from each problem.yaml")
	return cmd
}
