package table

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Problems writes one row per problem: id, name, source, the number of
// sample and secret tests, the time limits for contest programs and for
// built-in strategies, the checker and the reference strategy. A problem
// whose tests cannot be read shows "error" in the test columns.
func Problems(w io.Writer, probs []problems.Problem) error {
	rows := make([][]string, 0, len(probs))
	for _, p := range probs {
		c := p.Config()
		sample, secret := "error", "error"
		if tests, err := p.Tests(); err == nil {
			n := map[string]int{}
			for _, t := range tests {
				n[t.Group()]++
			}
			sample, secret = fmt.Sprint(n["sample"]), fmt.Sprint(n["secret"])
		}
		ref := "-"
		if s := p.Reference(); s != nil {
			ref = s.Name()
		}
		rows = append(rows, []string{
			p.ID(), c.Name, c.Source, sample, secret,
			Duration(c.TimeLimit()), Duration(c.StrategyTimeLimit()),
			checkerName(c), ref,
		})
	}
	return render(w, []column{
		{"id", left}, {"name", left}, {"source", left}, {"sample", right}, {"secret", right},
		{"time limit", right}, {"strategy limit", right}, {"checker", left}, {"reference", left},
	}, rows)
}

// checkerName names the checker problem.yaml asks for: the harness's
// checker with its settings ("lines (layout: WA)"), else "lines" for
// default validation and "custom" otherwise.
func checkerName(c problems.Config) string {
	switch {
	case c.Harness.Checker != "":
		if len(c.Harness.CheckerArgs) == 0 {
			return c.Harness.Checker
		}
		return c.Harness.Checker + " (" + c.Harness.CheckerArgs.String() + ")"
	case c.Validation == "" || c.Validation == "default":
		return "lines"
	}
	return c.Validation
}

// Strategies writes one row per strategy: its name and the problems whose
// reference answers it computes.
func Strategies(w io.Writer, strats []solvers.Strategy, probs []problems.Problem) error {
	rows := make([][]string, 0, len(strats))
	for _, s := range strats {
		var refs []string
		for _, p := range probs {
			if r := p.Reference(); r != nil && r.Name() == s.Name() {
				refs = append(refs, p.ID())
			}
		}
		rows = append(rows, []string{s.Name(), strings.Join(refs, ", ")})
	}
	return render(w, []column{{"strategy", left}, {"reference for", left}}, rows)
}

// TestGroups writes one row per test group of each problem: the problem,
// the group's name, whether it is the headline (the verdict a judge gives
// first) and the original judge's own data, its number of tests, and
// where its tests come from. Problems without groups have no rows.
func TestGroups(w io.Writer, probs []problems.Problem) error {
	var rows [][]string
	for _, p := range probs {
		c := p.Config()
		for i, g := range c.Groups {
			role := "extended"
			if i == 0 {
				role = "headline"
			}
			official := "no"
			if g.Official {
				official = "yes"
			}
			rows = append(rows, []string{p.ID(), g.Name, role, official, fmt.Sprint(len(g.Tests)), shorten(g.About, maxNote)})
		}
	}
	return render(w, []column{
		{"problem", left}, {"group", left}, {"role", left}, {"official", left}, {"tests", right}, {"about", left},
	}, rows)
}
