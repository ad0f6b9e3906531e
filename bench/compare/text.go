package compare

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchunit"

	"github.com/sudoku-judge/sudoku-judge/internal/textable"
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
			if t.Exact {
				verdict := ExactString(r)
				if c.Across != ".file" && verdict == "search changed" {
					verdict = "differs" // two strategies search differently by design
				}
				rows = append(rows, []string{r.Name, exact(r.Old), exact(r.New), verdict, ""})
				continue
			}
			if t.Counted {
				rows = append(rows, []string{r.Name, exact(r.Old), exact(r.New), CountedString(r), "counted"})
				continue
			}
			rows = append(rows, []string{r.Name, summary(r.Old, r.OldSum, cls), summary(r.New, r.NewSum, cls), DeltaString(r), PString(r)})
		}
		if t.OldGeomean > 0 && !t.Exact && !t.Counted {
			rows = append(rows, []string{"geomean", benchunit.Scale(t.OldGeomean, cls), benchunit.Scale(t.NewGeomean, cls),
				fmt.Sprintf("%+.2f%%", 100*(t.NewGeomean/t.OldGeomean-1)), ""})
		}
		err := textable.Render(w,
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
	return c.writeNotes(w)
}

// writeNotes explains what the tables cannot show by themselves: changes
// no larger than the noise, intervals that could not be computed, and
// searches that changed.
func (c *Comparison) writeNotes(w io.Writer) error {
	var notes []string
	seen := make(map[string]bool)
	note := func(s string) {
		if !seen[s] {
			seen[s] = true
			notes = append(notes, s)
		}
	}
	for _, t := range c.Tables {
		for _, r := range t.Rows {
			if t.Exact {
				if r.SearchChanged() && c.Across == ".file" {
					note(fmt.Sprintf("search changed: %s %s differs (%s -> %s)", r.Name, t.Unit, exact(r.Old), exact(r.New)))
				}
				continue
			}
			if t.Counted {
				continue // one count a side: no spread, no interval
			}
			if r.Noisy() {
				note(fmt.Sprintf("warning: %s %s: the change (%+.1f%%) is no larger than the spread of the measurements (±%.1f%%): it may be noise; take more runs",
					r.Name, t.Unit, 100*r.Delta(), 100*r.Spread()))
			}
			for _, s := range []benchmath.Summary{r.OldSum, r.NewSum} {
				for _, warn := range s.Warnings {
					note(fmt.Sprintf("note: ± ∞: %v (bench --count 10 or more gives finite intervals)", warn))
				}
			}
		}
	}
	if len(notes) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	for _, n := range notes {
		if _, err := fmt.Fprintln(w, n); err != nil {
			return err
		}
	}
	return nil
}

// exact formats a deterministic counter's distinct values.
func exact(s *benchmath.Sample) string {
	if s == nil {
		return ""
	}
	vals := slices.Clone(s.Values)
	slices.Sort(vals)
	var parts []string
	for _, v := range slices.Compact(vals) {
		parts = append(parts, strconv.FormatFloat(v, 'g', 6, 64))
	}
	return strings.Join(parts, ",")
}

// ExactString is the verdict on a deterministic counter: "search changed"
// or "=" (identical), "" for a missing side.
func ExactString(r Row) string {
	switch {
	case !r.Both():
		return ""
	case r.SearchChanged():
		return "search changed"
	}
	return "="
}

// CountedString is the change of a counted unit: "+1.20%", "=" when
// equal, "" for a missing side.
func CountedString(r Row) string {
	switch d := r.Delta(); {
	case !r.Both():
		return ""
	case math.IsNaN(d):
		return "?"
	case d == 0:
		return "="
	default:
		return fmt.Sprintf("%+.2f%%", 100*d)
	}
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
	case r.Noisy():
		return fmt.Sprintf("%+.2f%% (noise?)", 100*d)
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

// WriteText writes the gate's judgement as compare --fail-over prints it:
// the slowdowns over the threshold, or that there is none, and what could
// not be judged, with why (the two inputs' loads, each noisy row's spread).
func (g Gate) WriteText(w io.Writer) error {
	var b strings.Builder
	undecided := func() {
		if l := g.Loads; len(l) == 2 {
			fmt.Fprintf(&b, "  %s and %s were measured under different loads: their timed threads waited %.1f%% and %.1f%% of their time for a CPU\n",
				l[0].Name, l[1].Name, 100*l[0].Share, 100*l[1].Share)
		}
		for _, r := range g.Noisy {
			spread := fmt.Sprintf("±%.1f%%", 100*r.Row.Spread())
			if math.IsInf(r.Row.Spread(), 1) {
				spread = "± ∞ (too few runs for a 95% interval)"
			}
			fmt.Fprintf(&b, "  %s %s: spread %s\n", r.Row.Name, r.Unit, spread)
		}
	}
	switch {
	case len(g.Regressions) > 0:
		fmt.Fprintf(&b, "\n%d significant slowdowns over %g%%:\n", len(g.Regressions), g.Threshold)
		for _, r := range g.Regressions {
			fmt.Fprintf(&b, "  %s\n", r)
		}
		if len(g.Loads)+len(g.Noisy) > 0 {
			b.WriteString("not judged, too noisy:\n")
			undecided()
		}
	case g.Undecided():
		fmt.Fprintf(&b, "\ntoo noisy to decide at %g%%:\n", g.Threshold)
		undecided()
	default:
		fmt.Fprintf(&b, "\nno significant slowdown over %g%%\n", g.Threshold)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
