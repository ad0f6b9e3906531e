package builtin

import (
	"context"

	"fmt"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A Disagreement is a test on which one strategy's output was not accepted
// by the problem's checker with another strategy's output, the baseline's,
// as the expected answer. With a special judge that accepts any valid
// completion, legitimately different answers are not disagreements.
type Disagreement struct {
	Problem  string          `json:"problem"`
	Test     string          `json:"test"`
	Baseline string          `json:"baseline"` // the strategy whose output served as the answer
	Strategy string          `json:"strategy"` // the strategy whose output was judged
	Verdict  contest.Verdict `json:"verdict"`  // the checker's verdict
	Message  string          `json:"message"`
	Diff     string          `json:"diff,omitempty"` // "-" the baseline's output, "+" the strategy's
}

// String describes d in one line, followed by its diff, if any.
func (d Disagreement) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s disagrees with %s (%s)", d.Problem, d.Test, d.Strategy, d.Baseline, d.Verdict)
	if d.Message != "" {
		b.WriteString(": " + d.Message)
	}
	b.WriteByte('\n')
	if d.Diff != "" {
		b.WriteString(strings.TrimRight(d.Diff, "\n"))
		b.WriteByte('\n')
	}
	return b.String()
}

// compare checks, test by test, the output of every strategy that finished
// against the output of a baseline: the problem's reference strategy when it
// finished, else the first strategy that did. outs[s][t] is the output of
// strategy s on test t, nil if it did not finish.
func compare(ctx context.Context, prob problems.Problem, strats []solvers.Strategy, tests []problems.Test, outs [][][]byte) []Disagreement {
	ref := ""
	if r := prob.Reference(); r != nil {
		ref = r.Name()
	}
	c := prob.Checker()
	var ds []Disagreement
	for ti, t := range tests {
		base := -1
		for si, s := range strats {
			if ti >= len(outs[si]) || outs[si][ti] == nil {
				continue
			}
			if base < 0 || s.Name() == ref {
				base = si
			}
		}
		if base < 0 {
			continue
		}
		for si, s := range strats {
			if si == base || ti >= len(outs[si]) || outs[si][ti] == nil {
				continue
			}
			res := contest.Run(ctx, c, t.Input, outs[si][ti], outs[base][ti])
			if res.Verdict == contest.AC {
				continue
			}
			ds = append(ds, Disagreement{
				Problem: prob.ID(), Test: t.Name,
				Baseline: strats[base].Name(), Strategy: s.Name(),
				Verdict: res.Verdict, Message: oneLine(res.Message), Diff: res.Diff,
			})
		}
	}
	return ds
}
