package table

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Without -v, a command shows the diffs of the first MaxDiffs tests, each
// cut to about DiffLines lines (contest.Head).
const (
	MaxDiffs  = 3
	DiffLines = 24
)

// Indent indents every line of s by four spaces, for a block of text
// under a heading: a diff, an input, a compiler's output.
func Indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestReport writes what the test command prints of res: the per-test
// table, the diffs of the first MaxDiffs tests with one (cut to about
// DiffLines lines each; with verbose, every diff whole, and the stderr of
// every test that did not pass), how the program compiled, the groups'
// verdicts and the Summary line. Text a program wrote is shown safe.
func TestReport(w io.Writer, res *judge.Result, verbose bool) error {
	if err := Tests(w, res.Tests); err != nil {
		return err
	}
	var b strings.Builder
	shown, more := 0, 0
	for _, t := range res.Tests {
		if t.Diff == "" && (!verbose || t.Verdict.Passed() || t.Stderr == "") {
			continue
		}
		if !verbose && shown == MaxDiffs {
			if t.Diff != "" {
				more++
			}
			continue
		}
		shown++
		if t.Diff != "" {
			what, d := "expected (-) versus got (+)", t.Diff
			switch {
			case t.Verdict == contest.CE:
				what = "compiler output"
			case !verbose:
				if d = contest.Head(d, DiffLines); d != t.Diff {
					what += ", the first hunks (-v shows them all)"
				}
			}
			fmt.Fprintf(&b, "\n%s: %s: %s\n%s", contest.Safe(t.Name), t.Verdict, what, Indent(contest.SafeLines(d)))
		}
		if verbose && t.Stderr != "" && !t.Verdict.Passed() {
			fmt.Fprintf(&b, "\n%s: %s: stderr\n%s", contest.Safe(t.Name), t.Verdict, Indent(contest.SafeLines(t.Stderr)))
		}
	}
	if more > 0 {
		tests := "tests"
		if more == 1 {
			tests = "test"
		}
		fmt.Fprintf(&b, "\n%d more %s with differences not shown (-v shows every one)\n", more, tests)
	}
	if res.Compiled != "" {
		fmt.Fprintf(&b, "\n%s\n", res.Compiled)
	}
	if g := Groups(*res); g != "" {
		fmt.Fprintf(&b, "\n%s\n", g)
	} else {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s\n", Summary(res))
	_, err := io.WriteString(w, b.String())
	return err
}

// Summary is the last line of a test run, such as
// "7/9 passed: 1 WA, 1 TLE; max CPU time 1.2s; isolation: ...".
func Summary(res *judge.Result) string {
	var counts []string
	order := []contest.Verdict{contest.WA, contest.PE, contest.TLE, contest.MLE, contest.OLE, contest.RE, contest.CE, contest.IE, contest.NA, contest.Skipped}
	for _, v := range order {
		n := 0
		for _, t := range res.Tests {
			if t.Verdict == v {
				n++
			}
		}
		if n > 0 {
			counts = append(counts, fmt.Sprintf("%d %s", n, v))
		}
	}
	s := fmt.Sprintf("%d/%d passed", res.Passed, res.Total)
	if len(counts) > 0 {
		s += ": " + strings.Join(counts, ", ")
	}
	s += fmt.Sprintf("; max CPU time %s", Duration(res.MaxTime()))
	if res.Isolation != "" {
		s += "; isolation: " + res.Isolation
	}
	return s
}
