package table

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// MarkdownProblems writes the README's table of problems, in Markdown:
// id, name (linked to the original statement), input and output in brief,
// the checker with its settings, and the original judge's compilers.
func MarkdownProblems(w io.Writer, probs []problems.Problem) error {
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

// MarkdownGroups writes the README's table of test groups, in Markdown:
// each problem's headline group, whether it is the original judge's data,
// and the extended groups beside it.
func MarkdownGroups(w io.Writer, probs []problems.Problem) error {
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
