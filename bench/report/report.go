package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/bench/measure"
)

// An Input is one benchmark file and, if recorded, its per-puzzle times.
type Input struct {
	Name    string
	Results []*benchfmt.Result
	Times   *measure.Times // nil when there are none
}

// A Section is one part of the page: a heading, a note, a chart and a
// table.
type Section struct {
	ID, Title, Note string
	SVG             template.HTML // the chart, inline
	Header          []string
	Rows            [][]string
}

// key names one benchmark by its name's keys.
type key struct{ problem, strategy, set string }

func (k key) workload() string { return k.problem + "/" + k.set }

// parseName reads problem, strategy and set from a benchmark name such as
// "Solve/problem=sudoku/strategy=dlx/set=top95-2".
func parseName(n benchfmt.Name) (key, bool) {
	_, parts := n.Parts()
	var k key
	for _, p := range parts {
		s := strings.TrimPrefix(string(p), "/")
		name, value, ok := strings.Cut(s, "=")
		if !ok {
			continue
		}
		switch name {
		case "problem":
			k.problem = value
		case "strategy":
			k.strategy = value
		case "set":
			k.set = value
		}
	}
	return k, k.problem != "" && k.strategy != "" && k.set != ""
}

// medians returns the median sec/puzzle of every benchmark of results, and
// the keys in order of first appearance.
func medians(results []*benchfmt.Result) (map[key]float64, []key) {
	vals := make(map[key][]float64)
	var order []key
	for _, r := range results {
		k, ok := parseName(r.Name)
		if !ok {
			continue
		}
		v, ok := r.Value("sec/puzzle")
		if !ok || v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			continue
		}
		if _, seen := vals[k]; !seen {
			order = append(order, k)
		}
		vals[k] = append(vals[k], v)
	}
	out := make(map[key]float64, len(vals))
	for k, xs := range vals {
		sort.Float64s(xs)
		n := len(xs)
		out[k] = (xs[(n-1)/2] + xs[n/2]) / 2
	}
	return out, order
}

// Sections builds the sections of the page for inputs: the time per
// puzzle of the last input, the distributions of its per-puzzle times, and
// with two or more inputs, the comparison of the first with the last.
func Sections(inputs []Input) ([]Section, error) {
	if len(inputs) == 0 {
		return nil, fmt.Errorf("report: no benchmark files")
	}
	last := inputs[len(inputs)-1]
	var secs []Section
	s, err := speedSection(last)
	if err != nil {
		return nil, err
	}
	secs = append(secs, s)
	if last.Times != nil {
		ds, err := distributionSections(last)
		if err != nil {
			return nil, err
		}
		secs = append(secs, ds...)
	}
	if len(inputs) >= 2 {
		s, err := deltaSection(inputs[0], last)
		if err != nil {
			return nil, err
		}
		secs = append(secs, s)
	}
	return secs, nil
}

func speedSection(in Input) (Section, error) {
	med, order := medians(in.Results)
	if len(order) == 0 {
		return Section{}, fmt.Errorf("report: %s: no Solve/problem=.../strategy=.../set=... results with sec/puzzle", in.Name)
	}
	fastest := make(map[string]float64)
	for _, k := range order {
		if f, ok := fastest[k.workload()]; !ok || med[k] < f {
			fastest[k.workload()] = med[k]
		}
	}
	var rows [][]string
	for _, k := range order {
		rows = append(rows, []string{k.problem, k.set, k.strategy,
			fmt.Sprintf("%.2f", med[k]*1e6), fmt.Sprintf("%.2fx", med[k]/fastest[k.workload()])})
	}
	svg, err := speedChart(med, order)
	if err != nil {
		return Section{}, err
	}
	return Section{
		ID: "speed", Title: "Time per puzzle",
		Note:   fmt.Sprintf("Median µs per puzzle of each strategy on each set, from %s (log scale: each grid line is ten times the one below).", in.Name),
		SVG:    svg,
		Header: []string{"problem", "set", "strategy", "µs/puzzle", "vs fastest"},
		Rows:   rows,
	}, nil
}

func distributionSections(in Input) ([]Section, error) {
	bySet := make(map[string][]measure.TimeSeries)
	var sets []string
	for _, s := range in.Times.Series {
		w := s.Problem + "/" + s.Set
		if len(s.Ns) == 0 {
			continue
		}
		if _, ok := bySet[w]; !ok {
			sets = append(sets, w)
		}
		bySet[w] = append(bySet[w], s)
	}
	var secs []Section
	for i, w := range sets {
		series := bySet[w]
		svg, err := distributionChart(w, series)
		if err != nil {
			return nil, err
		}
		var rows [][]string
		for _, s := range series {
			q := quantiles(s.Ns, 0.5, 0.9, 0.99, 1)
			rows = append(rows, []string{s.Strategy, fmt.Sprint(len(s.Ns)),
				us(q[0]), us(q[1]), us(q[2]), us(q[3])})
		}
		secs = append(secs, Section{
			ID:    fmt.Sprintf("distribution-%d", i+1),
			Title: "Per-puzzle times: " + w,
			Note: "The share of puzzles each strategy solves within a given time (log scale). A curve far to the right " +
				"at the top is a long tail: a few puzzles that take that strategy much longer than the rest.",
			SVG:    svg,
			Header: []string{"strategy", "puzzles", "median µs", "p90 µs", "p99 µs", "max µs"},
			Rows:   rows,
		})
	}
	return secs, nil
}

func us(ns float64) string { return fmt.Sprintf("%.1f", ns/1e3) }

// quantiles returns the qs quantiles (nearest rank) of xs, in ns.
func quantiles(xs []int64, qs ...float64) []float64 {
	s := append([]int64(nil), xs...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	out := make([]float64, len(qs))
	for i, q := range qs {
		r := int(math.Ceil(q*float64(len(s)))) - 1
		out[i] = float64(s[max(0, min(r, len(s)-1))])
	}
	return out
}

func deltaSection(old, new Input) (Section, error) {
	c, err := compare.Compare([]compare.File{{Name: old.Name, Results: old.Results}, {Name: new.Name, Results: new.Results}}, compare.Options{})
	if err != nil {
		return Section{}, fmt.Errorf("report: %w", err)
	}
	var t *compare.Table
	for _, tb := range c.Tables {
		if tb.Unit == "sec/puzzle" {
			t = tb
		}
	}
	if t == nil {
		return Section{}, fmt.Errorf("report: %s and %s: no sec/puzzle results to compare", old.Name, new.Name)
	}
	var rows [][]string
	var names []string
	var deltas []float64
	var significant []bool
	for _, r := range t.Rows {
		o, n := "", ""
		if r.Old != nil {
			o = fmt.Sprintf("%.2f ± %s", r.OldSum.Center*1e6, r.OldSum.PctRangeString())
		}
		if r.New != nil {
			n = fmt.Sprintf("%.2f ± %s", r.NewSum.Center*1e6, r.NewSum.PctRangeString())
		}
		rows = append(rows, []string{r.Name, o, n, compare.DeltaString(r), compare.PString(r)})
		if r.Both() && !math.IsNaN(r.Delta()) {
			names = append(names, shortName(r.Name))
			deltas = append(deltas, 100*r.Delta())
			significant = append(significant, r.Significant())
		}
	}
	if t.OldGeomean > 0 {
		rows = append(rows, []string{"geomean", fmt.Sprintf("%.2f", t.OldGeomean*1e6), fmt.Sprintf("%.2f", t.NewGeomean*1e6),
			fmt.Sprintf("%+.2f%%", 100*(t.NewGeomean/t.OldGeomean-1)), ""})
	}
	if len(names) == 0 {
		return Section{}, fmt.Errorf("report: %s and %s have no benchmark in common", old.Name, new.Name)
	}
	svg, err := deltaChart(names, deltas, significant)
	if err != nil {
		return Section{}, err
	}
	return Section{
		ID: "delta", Title: "Change from " + old.Name + " to " + new.Name,
		Note: "Change of the median µs/puzzle of each benchmark; right is slower. Grey bars are not significant " +
			"(Mann-Whitney U test, alpha 0.05): noise.",
		SVG:    svg,
		Header: []string{"benchmark", "old µs/puzzle", "new µs/puzzle", "change", "p (n)"},
		Rows:   rows,
	}, nil
}

// shortName drops "Solve/", the keys and the -GOMAXPROCS suffix:
// "sudoku/dlx/top95".
func shortName(name string) string {
	var b benchfmt.Name = benchfmt.Name(name)
	if k, ok := parseName(b); ok {
		return k.problem + " " + k.strategy + " " + k.set
	}
	return name
}

// Write writes the page of inputs to w.
func Write(w io.Writer, title string, inputs []Input) error {
	secs, err := Sections(inputs)
	if err != nil {
		return err
	}
	var files []string
	for _, in := range inputs {
		files = append(files, in.Name)
	}
	var buf bytes.Buffer
	err = page.Execute(&buf, struct {
		Title    string
		Files    []string
		Sections []Section
	}{title, files, secs})
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
figure { margin: 1em 0; } figure svg { display: block; width: 100%; height: auto; max-width: 52em; }
table { border-collapse: collapse; font-size: 0.9em; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; } td { text-align: right; }
td:first-child { text-align: left; } th { background: #f3f3f3; }
p.note { color: #555; } nav a { margin-right: 1em; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>From {{range $i, $f := .Files}}{{if $i}}, {{end}}<code>{{$f}}</code>{{end}}.</p>
<nav>{{range .Sections}}<a href="#{{.ID}}">{{.Title}}</a> {{end}}</nav>
{{range .Sections}}
<section id="{{.ID}}">
<h2>{{.Title}}</h2>
<p class="note">{{.Note}}</p>
<figure class="chart">{{.SVG}}</figure>
<table>
<tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
</section>
{{end}}
</body>
</html>
`))
