package builtin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/builtin"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestReportWriteText(t *testing.T) {
	rep := &builtin.Report{
		Results: []judge.Result{
			{Problem: "p", Solution: "good", Tests: []judge.TestResult{{Name: "sample/1", Verdict: contest.AC, TimeMS: 1}}},
			{Problem: "p", Solution: "bad", Tests: []judge.TestResult{{Name: "sample/1", Verdict: contest.WA, TimeMS: 1,
				Message: `line 1: expected "12", got "21"`, Diff: "  []string{\n- \t\"12\",\n+ \t\"21\",\n  }\n"}}},
			{Problem: "p", Solution: "slow", Tests: []judge.TestResult{{Name: "sample/1", Verdict: contest.TLE, TimeMS: 1000, Message: "stopped at the time limit of 1s"}}},
		},
		Disagreements: []builtin.Disagreement{{Problem: "p", Test: "sample/1", Baseline: "good", Strategy: "bad",
			Verdict: contest.WA, Message: `line 1: expected "12", got "21"`, Diff: "-12\n+21\n"}},
	}
	for i := range rep.Results {
		rep.Results[i].Summarize()
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b, false, nil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"| p       | bad      |    0/1 | WA ",
		"\nFailures:\np / bad sample/1: WA: line 1: expected \"12\", got \"21\"\n    []string{\n  - \t\"12\",\n",
		"\nDisagreements:\np sample/1: bad disagrees with good (WA): line 1: expected \"12\", got \"21\"\n-12\n+21\n",
		"\n3 runs in 0.0 s: 1 AC, 1 TLE, 1 WA; 1 disagreement; FAILED\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "p / slow") {
		t.Errorf("a TLE is listed among the failures:\n%s", out)
	}
}
