package table_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// TestTestReport checks what test prints below its table: the first
// three diffs, cut, then a count of the others; with -v every diff whole
// and the stderr of the tests that did not pass; the summary last.
func TestTestReport(t *testing.T) {
	var want, got strings.Builder
	for i := range 40 {
		fmt.Fprintf(&want, "%d\n", i)
		fmt.Fprintf(&got, "%d\n", i+1000)
	}
	long := contest.LineDiff([]byte(want.String()), []byte(got.String()))
	short := contest.LineDiff([]byte("1\n"), []byte("2\n"))
	res := &judge.Result{Isolation: "full"}
	for i := range 5 {
		res.Tests = append(res.Tests, judge.TestResult{Name: fmt.Sprintf("t%d", i+1), Verdict: contest.WA, Diff: long, Stderr: "oops\x1b[2J\n"})
	}
	res.Tests = append(res.Tests, judge.TestResult{Name: "t6", Verdict: contest.AC, Stderr: "fine\n"})
	res.Tests[4].Diff = short
	res.Summarize()

	var b bytes.Buffer
	if err := table.TestReport(&b, res, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range []string{
		"t1: WA: expected (-) versus got (+), the first hunks (-v shows them all)\n",
		"t3: WA: expected (-) versus got (+), the first hunks",
		"2 more tests with differences not shown (-v shows every one)\n",
		"1/6 passed: 5 WA; max CPU time -; isolation: full\n", // no test has a time
	} {
		if !strings.Contains(out, s) {
			t.Errorf("report lacks %q:\n%s", s, out)
		}
	}
	for _, s := range []string{"t4: WA", "stderr", "oops"} {
		if strings.Contains(out, s) {
			t.Errorf("report without -v shows %q:\n%s", s, out)
		}
	}

	b.Reset()
	if err := table.TestReport(&b, res, true); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	for _, s := range []string{"t5: WA: expected (-) versus got (+)\n", "t4: WA: stderr\n    oops\\x1b[2J\n", "1039"} {
		if !strings.Contains(out, s) {
			t.Errorf("report with -v lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "more tests") || strings.Contains(out, "t6: AC: stderr") || strings.Contains(out, "\x1b") {
		t.Errorf("report with -v counts tests not shown, shows a passing test's stderr or a raw escape:\n%s", out)
	}
}

func TestSummary(t *testing.T) {
	res := &judge.Result{Tests: []judge.TestResult{
		{Verdict: contest.AC, TimeMS: 1200}, {Verdict: contest.TLE, TimeMS: 2000}, {Verdict: contest.WA}, {Verdict: contest.WA}, {Verdict: contest.Skipped},
	}}
	res.Summarize()
	if got, want := table.Summary(res), "1/5 passed: 2 WA, 1 TLE, 1 SKIPPED; max CPU time 2.0 s"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
}
