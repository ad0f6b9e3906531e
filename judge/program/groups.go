package program

import (
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/problems"
)

// Group puts each test of res in its group of cfg and summarizes the
// groups, the headline (cfg's first group) first, so that res.Verdict is
// the headline verdict. Groups none of whose tests were judged are left
// out; tests of no group (a compile failure's one row) count only when no
// group was judged. Every way of judging a program on a problem (test, a
// server's worker) calls it, so that they agree on the verdict.
func Group(res *judge.Result, cfg problems.Config) {
	if len(cfg.Groups) == 0 {
		res.Summarize()
		return
	}
	used := map[string]bool{}
	for i := range res.Tests {
		g := cfg.GroupOf(res.Tests[i].Name)
		res.Tests[i].Group = g
		used[g] = true
	}
	res.Groups = nil
	for i, g := range cfg.Groups {
		if used[g.Name] {
			res.Groups = append(res.Groups, judge.GroupResult{Name: g.Name, Headline: i == 0, Official: g.Official})
		}
	}
	res.Summarize()
}
