package verify

import (
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge/table"
)

// WriteText writes rep as the run command prints a package's check: the
// checker and time limit, the input validators and their findings, a row
// per submission with its verdict against its folder's (with verbose, its
// tests too), and a summary line.
func (rep *Report) WriteText(w io.Writer, verbose bool) error {
	fmt.Fprintf(w, "%s: checker %s; time limit %s (%s)\n", rep.Problem, rep.Checker, table.Duration(rep.TimeLimit), rep.TimeLimitFrom)
	if len(rep.Inputs) == 0 {
		fmt.Fprintf(w, "no input validators\n")
	} else {
		fmt.Fprintf(w, "input validators: %s\n", strings.Join(rep.Inputs, ", "))
	}
	for _, f := range rep.Findings {
		kind := "error"
		if f.Warning {
			kind = "warning"
		}
		test := ""
		if f.Test != "" {
			test = " " + f.Test
		}
		fmt.Fprintf(w, "%s: %s%s: %s\n", kind, f.Validator, test, f.Message)
	}
	rows := make([][]string, 0, len(rep.Submissions))
	bad := 0
	for _, o := range rep.Submissions {
		ok := "ok"
		switch {
		case o.Verdict == "N/A":
			ok = "not judged"
		case !o.OK:
			ok, bad = "FAILED", bad+1
		}
		rows = append(rows, []string{o.Path, string(o.Expect), string(o.Verdict), o.Test, table.Duration(o.MaxTime), ok, o.Message})
	}
	if err := table.Render(w, []string{"submission", "folder", "verdict", "on test", "max cpu", "", "message"},
		[]bool{false, false, false, false, true, false, false}, rows); err != nil {
		return err
	}
	if verbose {
		for _, o := range rep.Submissions {
			if o.Result == nil {
				continue
			}
			fmt.Fprintf(w, "\n%s:\n", o.Path)
			if err := table.Tests(w, o.Result.Tests); err != nil {
				return err
			}
		}
	}
	summary := fmt.Sprintf("%d submissions, %d as their folders name", len(rep.Submissions), len(rep.Submissions)-bad)
	if rep.Failed() {
		summary += "; FAILED"
	}
	_, err := fmt.Fprintf(w, "\n%s\n", summary)
	return err
}
