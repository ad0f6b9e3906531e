package compare

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
)

// Confidence is the confidence level of the intervals around medians.
const Confidence = 0.95

// A Row compares one benchmark in one unit.
type Row struct {
	Name     string // full benchmark name without "Benchmark"
	Old, New *benchmath.Sample
	// OldSum and NewSum are the medians and their confidence intervals;
	// a side without values has a zero Summary and a nil Sample.
	OldSum, NewSum benchmath.Summary
	Cmp            benchmath.Comparison // zero unless both sides have values
}

// Both reports whether both sides have values.
func (r Row) Both() bool { return r.Old != nil && r.New != nil }

// Significant reports whether the two sides differ at the test's alpha.
func (r Row) Significant() bool { return r.Both() && r.Cmp.P <= r.Cmp.Alpha }

// Delta returns new/old - 1 for the medians, or NaN when it is not defined.
func (r Row) Delta() float64 {
	if !r.Both() || r.OldSum.Center == 0 {
		return math.NaN()
	}
	return r.NewSum.Center/r.OldSum.Center - 1
}

// A Table is every row of one unit, such as "sec/op" or "sec/puzzle",
// in the order the benchmarks first appear.
type Table struct {
	Unit string
	Rows []Row
	// OldGeomean and NewGeomean are the geometric means of the medians of
	// the rows that have both sides; 0 when there are none or a median is
	// not positive.
	OldGeomean, NewGeomean float64
}

// A Comparison is the tables of every unit.
type Comparison struct {
	OldName, NewName string
	Tables           []*Table
	// Warnings are problems that did not stop the comparison, such as
	// malformed lines in the inputs.
	Warnings []error
}

// ReadFile reads the benchmark results in the named file. Malformed lines
// come back as warnings.
func ReadFile(name string) ([]*benchfmt.Result, []error, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("compare: %w", err)
	}
	defer f.Close()
	return Read(f, name)
}

// Read reads benchmark results from r; name is used in warnings.
func Read(r io.Reader, name string) ([]*benchfmt.Result, []error, error) {
	var out []*benchfmt.Result
	var warnings []error
	br := benchfmt.NewReader(r, name)
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.Result:
			out = append(out, rec.Clone())
		case *benchfmt.SyntaxError:
			warnings = append(warnings, rec)
		}
	}
	if err := br.Err(); err != nil {
		return nil, warnings, fmt.Errorf("compare: %s: %w", name, err)
	}
	return out, warnings, nil
}

// Compare compares the results old and new, named oldName and newName.
// filter, if not empty, selects results with benchproc's filter syntax,
// such as "/problem:sudoku".
func Compare(oldName string, old []*benchfmt.Result, newName string, new []*benchfmt.Result, filter string) (*Comparison, error) {
	if filter == "" {
		filter = "*"
	}
	f, err := benchproc.NewFilter(filter)
	if err != nil {
		// benchproc's syntax errors point at the column on further lines.
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return nil, fmt.Errorf("compare: filter %q: %s", filter, msg)
	}
	var parser benchproc.ProjectionParser
	byUnit, unitField, err := parser.ParseWithUnit("", f)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	byName, err := parser.Parse(".fullname", f)
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}

	type cell struct{ old, new []float64 }
	cells := make(map[string]map[string]*cell) // unit -> name -> values
	var units []string
	names := make(map[string][]string) // unit -> names in order
	c := &Comparison{OldName: oldName, NewName: newName}
	add := func(results []*benchfmt.Result, isNew bool) {
		for _, res := range results {
			ok, err := f.Apply(res)
			if err != nil {
				c.Warnings = append(c.Warnings, err)
				continue
			}
			if !ok {
				continue
			}
			name := byName.Project(res).Get(byName.Fields()[0])
			for i, k := range byUnit.ProjectValues(res) {
				unit := k.Get(unitField)
				if cells[unit] == nil {
					cells[unit] = make(map[string]*cell)
					units = append(units, unit)
				}
				cl := cells[unit][name]
				if cl == nil {
					cl = &cell{}
					cells[unit][name] = cl
					names[unit] = append(names[unit], name)
				}
				v := res.Values[i].Value
				if isNew {
					cl.new = append(cl.new, v)
				} else {
					cl.old = append(cl.old, v)
				}
			}
		}
	}
	add(old, false)
	add(new, true)

	th := benchmath.DefaultThresholds
	for _, unit := range units {
		t := &Table{Unit: unit}
		var logOld, logNew float64
		n := 0
		for _, name := range names[unit] {
			cl := cells[unit][name]
			row := Row{Name: name}
			if len(cl.old) > 0 {
				row.Old = benchmath.NewSample(cl.old, &th)
				row.OldSum = benchmath.AssumeNothing.Summary(row.Old, Confidence)
			}
			if len(cl.new) > 0 {
				row.New = benchmath.NewSample(cl.new, &th)
				row.NewSum = benchmath.AssumeNothing.Summary(row.New, Confidence)
			}
			if row.Both() {
				row.Cmp = benchmath.AssumeNothing.Compare(row.Old, row.New)
				if row.OldSum.Center > 0 && row.NewSum.Center > 0 && n >= 0 {
					logOld += math.Log(row.OldSum.Center)
					logNew += math.Log(row.NewSum.Center)
					n++
				} else {
					n = -1 // a geomean over a zero is meaningless
				}
			}
			t.Rows = append(t.Rows, row)
		}
		if n > 0 {
			t.OldGeomean = math.Exp(logOld / float64(n))
			t.NewGeomean = math.Exp(logNew / float64(n))
		}
		c.Tables = append(c.Tables, t)
	}
	return c, nil
}

// A Regression is a row significantly slower than the gate allows.
type Regression struct {
	Unit string
	Row  Row
}

func (r Regression) String() string {
	return fmt.Sprintf("%s %s: %+.1f%% (%s)", r.Row.Name, r.Unit, 100*r.Row.Delta(), r.Row.Cmp)
}

// Regressions returns the rows of time units (sec/op, sec/puzzle, ...)
// whose median grew by more than pct percent with a significant
// difference.
func (c *Comparison) Regressions(pct float64) []Regression {
	var out []Regression
	for _, t := range c.Tables {
		if !strings.HasPrefix(t.Unit, "sec/") {
			continue
		}
		for _, r := range t.Rows {
			if r.Significant() && r.Delta()*100 > pct {
				out = append(out, Regression{Unit: t.Unit, Row: r})
			}
		}
	}
	return out
}
