package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems"
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
				if err := markdownProblems(e.stdout, probs); err != nil {
					return fmt.Errorf("list: %w", err)
				}
				fmt.Fprintln(e.stdout)
				if err := markdownGroups(e.stdout, probs); err != nil {
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

// markdownProblems writes the README's table of problems: id, name (linked
// to the original statement), input and output in brief, the checker with
// its settings, and the original judge's compilers.
func markdownProblems(w io.Writer, probs []problems.Problem) error {
	rows := [][]string{{"id", "problem", "input", "output", "checker", "original compilers"}}
	for _, p := range probs {
		c := p.Config()
		name := c.Name
		if c.SourceURL != "" {
			name = "[" + name + "](" + c.SourceURL + ")"
		}
		var notes []string
		if c.Validation == "custom" {
			notes = append(notes, "special judge")
		}
		if len(c.Harness.CheckerArgs) > 0 {
			notes = append(notes, c.Harness.CheckerArgs.String())
		}
		chk := "`" + c.Harness.Checker + "`"
		if len(notes) > 0 {
			chk += " (" + strings.Join(notes, "; ") + ")"
		}
		compilers := "none"
		if len(c.Harness.Compilers) > 0 {
			var names []string
			for _, cc := range c.Harness.Compilers {
				names = append(names, "`"+cc.Lang+"`")
			}
			compilers = strings.Join(names, ", ")
		}
		rows = append(rows, []string{"`" + p.ID() + "`", name, c.Input, c.Output, chk, compilers})
	}
	return markdownTable(w, rows)
}

// markdownGroups writes the README's table of test groups: each problem's
// headline group, whether it is the original judge's data, and the
// extended groups beside it.
func markdownGroups(w io.Writer, probs []problems.Problem) error {
	rows := [][]string{{"problem", "headline group", "official?", "extended groups"}}
	for _, p := range probs {
		groups := p.Config().Groups
		if len(groups) == 0 {
			rows = append(rows, []string{"`" + p.ID() + "`", "none: every test alike", "no", "none"})
			continue
		}
		head := groups[0]
		official := "yes"
		if !head.Official {
			official = "**no**: `test` says \"no official data\""
		}
		var ext []string
		for _, g := range groups[1:] {
			ext = append(ext, "`"+g.Name+"` ("+g.About+")")
		}
		extended := "none"
		if len(ext) > 0 {
			extended = strings.Join(ext, ", ")
		}
		rows = append(rows, []string{"`" + p.ID() + "`", "`" + head.Name + "`: " + head.About, official, extended})
	}
	return markdownTable(w, rows)
}

// markdownTable writes rows, the first the header, as a Markdown table.
func markdownTable(w io.Writer, rows [][]string) error {
	for i, r := range rows {
		cells := make([]string, len(r))
		for j, c := range r {
			cells[j] = strings.ReplaceAll(c, "|", `\|`)
		}
		if _, err := fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | ")); err != nil {
			return err
		}
		if i == 0 {
			if _, err := fmt.Fprintf(w, "|%s\n", strings.Repeat(" --- |", len(r))); err != nil {
				return err
			}
		}
	}
	return nil
}
