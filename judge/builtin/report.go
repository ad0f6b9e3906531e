package builtin

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// WriteText writes rep as the run command prints it: the results table
// (with verbose, every test of every pair, by group for probs' groups),
// the failing tests with their diffs, the disagreements and the summary
// line. What the strategies wrote is made safe first.
func (rep *Report) WriteText(w io.Writer, verbose bool, probs []problems.Problem) error {
	for i := range rep.Results {
		rep.Results[i].MakeSafe()
	}
	if err := table.Results(w, rep.Results); err != nil {
		return err
	}
	if verbose {
		for _, r := range rep.Results {
			fmt.Fprintf(w, "\n%s / %s: %s, %d/%d passed\n", r.Problem, r.Solution, r.Verdict, r.Passed, r.Total)
			if err := table.Tests(w, r.Tests); err != nil {
				return err
			}
			if g := groupsLine(r, probs); g != "" {
				fmt.Fprintf(w, "by group: %s\n", g)
			}
		}
	}
	first := true
	for _, r := range rep.Results {
		for _, t := range r.Tests {
			if !t.Verdict.Failed() {
				continue
			}
			if first {
				fmt.Fprintln(w, "\nFailures:")
				first = false
			}
			fmt.Fprintf(w, "%s / %s %s: %s: %s\n", r.Problem, r.Solution, t.Name, t.Verdict, t.Message)
			if t.Diff != "" {
				fmt.Fprint(w, "  "+strings.ReplaceAll(strings.TrimRight(t.Diff, "\n"), "\n", "\n  ")+"\n")
			}
		}
	}
	if len(rep.Disagreements) > 0 {
		fmt.Fprintln(w, "\nDisagreements:")
		for _, d := range rep.Disagreements {
			fmt.Fprint(w, contest.SafeLines(d.String()))
		}
	}
	_, err := fmt.Fprintf(w, "\n%s\n", rep.Summary())
	return err
}

// groupsLine returns r's verdict by test group, "official AC · extended:
// top1465 TLE (0/2)", for -v. It leaves r alone: a strategy's row keeps the
// verdict of all its tests, since run measures strategies on every set.
func groupsLine(r judge.Result, probs []problems.Problem) string {
	for _, p := range probs {
		if p.ID() != r.Problem {
			continue
		}
		c := p.Config()
		g := r
		g.Groups = nil
		for i, grp := range c.Groups {
			g.Groups = append(g.Groups, judge.GroupResult{Name: grp.Name, Headline: i == 0, Official: grp.Official})
		}
		g.Summarize()
		return table.Groups(g)
	}
	return ""
}
