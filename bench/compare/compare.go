package compare

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
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

// exactUnits are deterministic counters: the same search on the same
// puzzles gives the same value every run, so any difference means the
// search itself changed, and no statistics are needed to say so.
var exactUnits = []string{"guesses/puzzle", "nodes/puzzle"}

// countedUnits are counted once by an instrument that machine load does
// not move (bench --instructions: valgrind), not sampled: they are
// compared value to value, and the gate fails on any growth over its
// threshold without a significance test, as SQLite's cachegrind gate does.
var countedUnits = []string{"instructions/puzzle"}

// SearchChanged reports whether a deterministic counter differs between
// the two sides.
func (r Row) SearchChanged() bool {
	if !r.Both() {
		return false
	}
	o, n := slices.Clone(r.Old.Values), slices.Clone(r.New.Values)
	slices.Sort(o)
	slices.Sort(n)
	return !slices.Equal(slices.Compact(o), slices.Compact(n))
}

// A Table is every row of one unit, such as "sec/op" or "sec/puzzle",
// in the order the benchmarks first appear.
type Table struct {
	Unit    string
	Exact   bool // Unit is a deterministic count (nodes/puzzle, guesses/puzzle): any change is a changed search
	Counted bool // Unit is counted by an instrument load does not move (instructions/puzzle): compared value to value
	Rows    []Row
	// OldGeomean and NewGeomean are the geometric means of the medians of
	// the rows that have both sides; 0 when there are none or a median is
	// not positive.
	OldGeomean, NewGeomean float64
}

// A Comparison is the tables of every unit.
type Comparison struct {
	OldName, NewName string
	// Across says what the two sides are: ".file" for two files (or
	// runs), else the column projection, such as "/strategy". Only
	// across files can a deterministic counter that differs mean that
	// the search changed.
	Across string
	Tables []*Table
	// Waits are the inputs that record how long bench's timed threads
	// waited for a CPU (CPUWaitKey): the machine's load as they felt it.
	Waits []FileWait
	// Warnings are problems that did not stop the comparison, such as
	// malformed lines in the inputs.
	Warnings []error
}

// ReadFiles reads the named files (ReadFile) as the inputs of Compare,
// with the warnings of each. A file without benchmark results is an
// error.
func ReadFiles(names []string) ([]File, []error, error) {
	var files []File
	var warnings []error
	for _, name := range names {
		res, warns, err := ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, warns...)
		if len(res) == 0 {
			return nil, nil, fmt.Errorf("compare: %s holds no benchmark results (want the output of 'sudoku-judge bench -o' or 'go test -bench')", name)
		}
		files = append(files, File{Name: name, Results: res})
	}
	return files, warnings, nil
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

// Read reads benchmark results from r; name is used in warnings. A
// contest program's results written by a bench from before programs had a
// key of their own are read as they are written now (see oldProgram).
func Read(r io.Reader, name string) ([]*benchfmt.Result, []error, error) {
	var out []*benchfmt.Result
	var warnings []error
	br := benchfmt.NewReader(r, name)
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.Result:
			res := rec.Clone()
			if n, ok := oldProgram(res); ok {
				res.Name = n
			}
			out = append(out, res)
		case *benchfmt.SyntaxError:
			warnings = append(warnings, rec)
		}
	}
	if err := br.Err(); err != nil {
		return nil, warnings, fmt.Errorf("compare: %s: %w", name, err)
	}
	return out, warnings, nil
}

// benchPkg is the pkg: of the files sudoku-judge bench and go test -bench
// ./bench write (measure.Pkg).
const benchPkg = "github.com/sudoku-judge/sudoku-judge/bench"

// oldProgram returns the name r has now when r is a contest program's
// result in a file of a bench from before programs were named
// Solve/.../program=NAME/...: such a bench named them strategy=NAME, and
// they differ from strategies' results in lacking guesses/puzzle, which
// every strategy's has in the files of sudoku-judge bench and of go test
// -bench ./bench alike (pkg benchPkg; other files are left as they are).
// Read under their own key, they cannot pass for a strategy called the
// same.
func oldProgram(r *benchfmt.Result) (benchfmt.Name, bool) {
	base, parts := r.Name.Parts()
	if string(base) != "Solve" || r.GetConfig("pkg") != benchPkg {
		return nil, false
	}
	if _, ok := r.Value("guesses/puzzle"); ok {
		return nil, false
	}
	name := append([]byte(nil), base...)
	renamed := false
	for _, p := range parts {
		if v, ok := bytes.CutPrefix(p, []byte("/strategy=")); ok && !renamed {
			p, renamed = append([]byte("/program="), v...), true
		}
		name = append(name, p...)
	}
	return benchfmt.Name(name), renamed
}

// A File is the results read from one input, under the name that
// identifies it in tables and in the ".file" key of projections.
type File struct {
	Name    string
	Results []*benchfmt.Result
}

// Options choose what is compared with what, in benchstat's terms and
// benchproc's syntax (go doc golang.org/x/perf/benchproc/syntax).
type Options struct {
	// Filter selects results, such as "/problem:sudoku"; "" keeps all.
	Filter string
	// Row splits results into rows; "" is ".fullname", one row per
	// benchmark.
	Row string
	// Col splits results into the two sides compared; "" is ".file",
	// the inputs. "/strategy" compares two strategies of one file, the
	// first value seen (or the first of "/strategy@(mrv dlx)") being
	// the base.
	Col string
}

// Compare compares the results of files as opts project them. It is an
// error when a file has no results, nothing survives the filter, the
// column projection does not give exactly two sides, or no row has values
// on both.
func Compare(files []File, opts Options) (*Comparison, error) {
	p, err := newProjector(opts)
	if err != nil {
		return nil, err
	}
	names, err := inputNames(files)
	if err != nil {
		return nil, err
	}
	g := p.collect(files, names)
	if len(g.units) == 0 {
		return nil, fmt.Errorf("compare: filter %q matches no result in %s", p.filter, strings.Join(names, " or "))
	}
	sides, err := g.sides(p.col, names)
	if err != nil {
		return nil, err
	}
	c := &Comparison{OldName: sides[0], NewName: sides[1], Across: p.col, Warnings: g.warnings}
	for i, file := range files {
		if w, ok := FileConfig(file.Results).CPUWait(); ok {
			c.Waits = append(c.Waits, FileWait{Name: names[i], Share: w})
		}
	}
	if !g.common() {
		return nil, fmt.Errorf("compare: no benchmark is in both %s and %s: nothing to compare", sides[0], sides[1])
	}
	for _, unit := range g.units {
		c.Tables = append(c.Tables, g.table(unit))
	}
	return c, nil
}

// A projector sorts results into units, rows and columns as Options say,
// with benchproc.
type projector struct {
	filter, col          string // as given, for messages
	f                    *benchproc.Filter
	byUnit, byRow, byCol *benchproc.Projection
	unitField            *benchproc.Field
}

func newProjector(opts Options) (*projector, error) {
	p := &projector{filter: cmp.Or(opts.Filter, "*"), col: cmp.Or(opts.Col, ".file")}
	row := cmp.Or(opts.Row, ".fullname")
	var err error
	if p.f, err = benchproc.NewFilter(p.filter); err != nil {
		return nil, fmt.Errorf("compare: filter %q: %s", p.filter, firstLine(err))
	}
	var parser benchproc.ProjectionParser
	if p.byUnit, p.unitField, err = parser.ParseWithUnit("", p.f); err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	if p.byRow, err = parser.Parse(row, p.f); err != nil {
		return nil, fmt.Errorf("compare: row %q: %s", row, firstLine(err))
	}
	if p.byCol, err = parser.Parse(p.col, p.f); err != nil {
		return nil, fmt.Errorf("compare: col %q: %s", p.col, firstLine(err))
	}
	return p, nil
}

// inputNames returns the names of files as the column .file: a file given
// twice still makes two columns.
func inputNames(files []File) ([]string, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("compare: no input files")
	}
	var names []string
	for i, file := range files {
		if len(file.Results) == 0 {
			return nil, fmt.Errorf("compare: %s holds no benchmark results", file.Name)
		}
		name := file.Name
		if slices.Contains(names, name) {
			name = fmt.Sprintf("%s#%d", name, i+1)
		}
		names = append(names, name)
	}
	return names, nil
}

// A grid is the values of the results sorted into cells, one list per
// unit, row and column, each in the order first seen.
type grid struct {
	cells      map[cellKey][]float64
	units      []string
	rows, cols []benchproc.Key
	warnings   []error // results the filter could not read
}

type cellKey struct {
	unit     string
	row, col benchproc.Key
}

// collect sorts the results of files, named names, that pass the filter
// into a grid, its rows and columns sorted.
func (p *projector) collect(files []File, names []string) *grid {
	g := &grid{cells: make(map[cellKey][]float64)}
	seenRow := make(map[benchproc.Key]bool)
	seenCol := make(map[benchproc.Key]bool)
	for i, file := range files {
		for _, res := range file.Results {
			res = res.Clone()
			res.SetConfig(".file", names[i])
			ok, err := p.f.Apply(res)
			if err != nil {
				g.warnings = append(g.warnings, err)
				continue
			}
			if !ok {
				continue
			}
			rk, ck := p.byRow.Project(res), p.byCol.Project(res)
			if !seenRow[rk] {
				seenRow[rk] = true
				g.rows = append(g.rows, rk)
			}
			if !seenCol[ck] {
				seenCol[ck] = true
				g.cols = append(g.cols, ck)
			}
			for j, k := range p.byUnit.ProjectValues(res) {
				unit := k.Get(p.unitField)
				if !slices.Contains(g.units, unit) {
					g.units = append(g.units, unit)
				}
				key := cellKey{unit, rk, ck}
				g.cells[key] = append(g.cells[key], res.Values[j].Value)
			}
		}
	}
	benchproc.SortKeys(g.rows)
	benchproc.SortKeys(g.cols)
	return g
}

// sides returns the names of the grid's two columns, or an error saying
// why it has not two: col is the column projection, names the inputs'.
func (g *grid) sides(col string, names []string) ([]string, error) {
	var sides []string
	for _, k := range g.cols {
		sides = append(sides, k.StringValues())
	}
	switch {
	case len(g.cols) < 2 && col == ".file":
		return nil, fmt.Errorf("compare: one input (%s): give two files, or one file and a column projection such as -col /strategy", names[0])
	case len(g.cols) < 2:
		return nil, fmt.Errorf("compare: -col %s gives one column (%s) after the filter: nothing to compare it with", col, strings.Join(sides, ""))
	case len(g.cols) > 2:
		return nil, fmt.Errorf("compare: -col %s gives %d columns (%s): compare takes two; narrow them with -filter, such as '%s:(%s OR %s)'",
			col, len(g.cols), strings.Join(sides, ", "), col, sides[0], sides[1])
	}
	return sides, nil
}

// common reports whether some row of some unit has values on both sides.
func (g *grid) common() bool {
	for _, unit := range g.units {
		for _, rk := range g.rows {
			if len(g.cells[cellKey{unit, rk, g.cols[0]}]) > 0 && len(g.cells[cellKey{unit, rk, g.cols[1]}]) > 0 {
				return true
			}
		}
	}
	return false
}

// table compares the two columns of the grid in one unit: each row's
// samples, summaries and test, and the geometric means of the medians.
func (g *grid) table(unit string) *Table {
	th := benchmath.DefaultThresholds
	t := &Table{Unit: unit, Exact: slices.Contains(exactUnits, unit), Counted: slices.Contains(countedUnits, unit)}
	var logOld, logNew float64
	n := 0
	for _, rk := range g.rows {
		old, new := g.cells[cellKey{unit, rk, g.cols[0]}], g.cells[cellKey{unit, rk, g.cols[1]}]
		if len(old) == 0 && len(new) == 0 {
			continue
		}
		row := Row{Name: rk.StringValues()}
		if len(old) > 0 {
			row.Old = benchmath.NewSample(old, &th)
			row.OldSum = benchmath.AssumeNothing.Summary(row.Old, Confidence)
		}
		if len(new) > 0 {
			row.New = benchmath.NewSample(new, &th)
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
	return t
}

// A Regression is a row significantly slower than the gate allows.
type Regression struct {
	Unit string
	Row  Row
}

func (r Regression) String() string {
	if slices.Contains(countedUnits, r.Unit) {
		return fmt.Sprintf("%s %s: %+.1f%% (counted: %s -> %s)", r.Row.Name, r.Unit, 100*r.Row.Delta(), exact(r.Row.Old), exact(r.Row.New))
	}
	return fmt.Sprintf("%s %s: %+.1f%% (%s)", r.Row.Name, r.Unit, 100*r.Row.Delta(), r.Row.Cmp)
}

// gateUnits are the units the gate looks at, most telling first. Each
// benchmark is judged once, in the first of these units it has: sec/op
// and sec/puzzle of one benchmark are the same measurement scaled.
var gateUnits = []string{"instructions/puzzle", "sec/puzzle", "sec/op"}

// firstLine returns the first line of err's message: benchproc's syntax
// errors point at the column on further lines.
func firstLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// A Gate is the regression gate's judgement at a threshold: the
// benchmarks slower by more than it, and those the data cannot judge.
type Gate struct {
	Threshold float64 // percent
	// Regressions are the benchmarks slower than the threshold allows:
	// by a significant change in a time, or any growth of a count.
	Regressions []Regression
	// Noisy are the timed benchmarks whose spread is larger than the
	// threshold: noise alone could move them by more than it.
	Noisy []Regression
	// Loads are the two inputs' CPU wait (CPUWaitKey) when they differ by
	// more than the threshold, if a time was left unjudged for it: the
	// machine's load changed between them by more than the threshold.
	// bench leaves the wait out of its times, but not all the load does to
	// them (caches, memory bandwidth, a sibling hardware thread), and so
	// times measured under loads this different are not compared at the
	// threshold.
	Loads []FileWait
}

// Undecided reports whether the data cannot decide: no benchmark is
// slower than the threshold allows, but some could not be judged.
func (g Gate) Undecided() bool {
	return len(g.Regressions) == 0 && (len(g.Noisy) > 0 || len(g.Loads) > 0)
}

// Gate judges each benchmark once, in the first unit it was measured in on
// both sides of instructions/puzzle, sec/puzzle and sec/op (gateUnits). A counted unit (instructions) fails on any
// growth over pct percent: one count a side has no spread. A time fails
// on a significant slowdown over pct percent, but only where the data can
// tell: when the two inputs were measured under loads that differ by more
// than pct (Loads) or the row's spread is larger than pct (Noisy), noise
// alone could make or hide such a change, and the row is not judged.
func (c *Comparison) Gate(pct float64) Gate {
	g := Gate{Threshold: pct}
	var loads []FileWait
	if len(c.Waits) == 2 && 100*math.Abs(c.Waits[0].Share-c.Waits[1].Share) > pct {
		loads = c.Waits
	}
	judged := make(map[string]bool)
	for _, unit := range gateUnits {
		for _, t := range c.Tables {
			if t.Unit != unit {
				continue
			}
			for _, r := range t.Rows {
				if !r.Both() || judged[r.Name] {
					continue
				}
				judged[r.Name] = true
				switch {
				case t.Counted:
					if r.Delta()*100 > pct {
						g.Regressions = append(g.Regressions, Regression{Unit: t.Unit, Row: r})
					}
				case len(loads) > 0:
					g.Loads = loads // not judged: the inputs' loads say why
				case r.Spread()*100 > pct:
					g.Noisy = append(g.Noisy, Regression{Unit: t.Unit, Row: r})
				case r.Significant() && r.Delta()*100 > pct:
					g.Regressions = append(g.Regressions, Regression{Unit: t.Unit, Row: r})
				}
			}
		}
	}
	return g
}

// Spread returns the larger relative half-width of the two sides'
// confidence intervals, such as 0.04 for ±4%: how far the medians could
// move by noise alone. It is +Inf when an interval cannot be computed.
func (r Row) Spread() float64 {
	spread := 0.0
	for _, s := range []benchmath.Summary{r.OldSum, r.NewSum} {
		if s.Center == 0 || math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) {
			return math.Inf(1)
		}
		// The larger side of the interval, as benchmath's "± x%" shows it.
		spread = max(spread, max(s.Hi-s.Center, s.Center-s.Lo)/math.Abs(s.Center))
	}
	return spread
}

// Noisy reports whether a significant change is no larger than the
// spread of the measurements: the test says the samples differ, but noise
// of that size could have made the difference.
func (r Row) Noisy() bool {
	return r.Significant() && math.Abs(r.Delta()) <= r.Spread()
}
