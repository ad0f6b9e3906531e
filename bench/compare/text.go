package compare

import (
	"fmt"
	"io"
	"math"

	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchunit"

	"github.com/sudoku-judge/sudoku-judge/judge/table"
)

// WriteText writes one table per unit, like benchstat: each benchmark's
// old and new medians with their confidence intervals, the change ("~"
// when not significant) and the test's p-value and sample sizes, then the
// geometric mean.
func (c *Comparison) WriteText(w io.Writer) error {
	for i, t := range c.Tables {
		if i > 0 {
			fmt.Fprintln(w)
		}
		cls := benchunit.ClassOf(t.Unit)
		var rows [][]string
		for _, r := range t.Rows {
			rows = append(rows, []string{r.Name, summary(r.Old, r.OldSum, cls), summary(r.New, r.NewSum, cls), DeltaString(r), PString(r)})
		}
		if t.OldGeomean > 0 {
			rows = append(rows, []string{"geomean", benchunit.Scale(t.OldGeomean, cls), benchunit.Scale(t.NewGeomean, cls),
				fmt.Sprintf("%+.2f%%", 100*(t.NewGeomean/t.OldGeomean-1)), ""})
		}
		err := table.Render(w,
			[]string{t.Unit, c.OldName, c.NewName, "vs base", "p (n)"},
			[]bool{false, true, true, true, true}, rows)
		if err != nil {
			return err
		}
	}
	if len(c.Tables) == 0 {
		_, err := fmt.Fprintln(w, "no benchmark results to compare")
		return err
	}
	return nil
}

// summary formats a median and its confidence interval as "1.23m ± 4%",
// or "" for a missing side.
func summary(s *benchmath.Sample, sum benchmath.Summary, cls benchunit.Class) string {
	if s == nil {
		return ""
	}
	return benchunit.Scale(sum.Center, cls) + " ± " + sum.PctRangeString()
}

// DeltaString is the change of a row's median: "+20.00%", "~" when not
// significant, "" when a side is missing.
func DeltaString(r Row) string {
	if !r.Both() {
		return ""
	}
	d := r.Delta()
	switch {
	case !r.Significant():
		return "~"
	case math.IsNaN(d):
		return "?"
	}
	return fmt.Sprintf("%+.2f%%", 100*d)
}

// PString is the p-value and the sample sizes: "p=0.002 n=6".
func PString(r Row) string {
	if !r.Both() {
		return ""
	}
	return r.Cmp.String()
}
