package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"

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

// A Section is one part of the page: a heading, a summary and a note,
// a chart with its legend beside it (never over the data), and tables.
type Section struct {
	ID, Title string
	Summary   string        // the answer, in one or two sentences; may be ""
	Note      string        // how to read the chart
	SVG       template.HTML // the chart, inline; may be ""
	Legend    []Swatch
	Header    []string
	Rows      [][]string
	// Tables are further tables, each with a caption.
	Tables []Table
}

// A Table is a captioned table of a section.
type Table struct {
	Caption string
	Header  []string
	Rows    [][]string
}

// A Swatch is one legend entry: a CSS colour and what it stands for.
type Swatch struct {
	Colour, Label string
}

// Options shape the page.
type Options struct {
	Title string
	// Pairs are the {A, B} strategies to compare puzzle by puzzle; none
	// means every pair of strategies with per-puzzle times.
	Pairs [][2]string
}

// medians returns the median sec/puzzle of every benchmark of results, and
// the keys in order of first appearance.
func medians(results []*benchfmt.Result) (map[key]float64, []key, error) {
	n, err := newNamer()
	if err != nil {
		return nil, nil, err
	}
	vals := make(map[key][]float64)
	var order []key
	for _, r := range results {
		k, ok := n.key(r)
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
	return out, order, nil
}

// Sections builds the sections of the page for inputs: the time per
// puzzle of the last input, the distributions of its per-puzzle times, and
// with two or more inputs, the comparison of the first with the last.
func Sections(inputs []Input, opts Options) ([]Section, error) {
	if len(inputs) == 0 {
		return nil, fmt.Errorf("report: no benchmark files")
	}
	last := inputs[len(inputs)-1]
	secs := []Section{inputsSection(inputs)}
	s, err := speedSection(last)
	if err != nil {
		return nil, err
	}
	if last.Times != nil {
		pairs, skipped, err := Pairs(last.Times, opts.Pairs)
		if err != nil {
			return nil, err
		}
		if len(pairs) > 0 || len(skipped) > 0 {
			secs = append(secs, headToHeadSection(last, pairs, skipped))
			secs = append(secs, pairSections(last, pairs)...)
		}
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
	med, order, err := medians(in.Results)
	if err != nil {
		return Section{}, err
	}
	if len(order) == 0 {
		return Section{}, fmt.Errorf("report: %s: no Solve/problem=.../strategy=.../set=... (or program=...) results with sec/puzzle", in.Name)
	}
	fastest := make(map[string]float64)
	for _, k := range order {
		if f, ok := fastest[k.workload()]; !ok || med[k] < f {
			fastest[k.workload()] = med[k]
		}
	}
	var rows [][]string
	var legend []Swatch
	seen := make(map[string]bool)
	for _, k := range order {
		rows = append(rows, []string{k.problem, k.set, k.solver,
			fmt.Sprintf("%.2f", med[k]*1e6), fmt.Sprintf("%.2fx", med[k]/fastest[k.workload()])})
		if !seen[k.solver] {
			seen[k.solver] = true
			legend = append(legend, Swatch{Colour(len(legend)), k.solver})
		}
	}
	svg, err := speedChart(med, order)
	if err != nil {
		return Section{}, err
	}
	return Section{
		ID: "speed", Title: "Mean time per puzzle, by set",
		Note: fmt.Sprintf("For each strategy and program on each set, from %s: the time of a whole pass over the set divided by its puzzles, "+
			"the median of the passes (log scale). Programs are timed as whole processes, start-up included. "+
			"This is a mean over puzzles: one slow puzzle raises it; the per-puzzle sections show the typical puzzle.", in.Name),
		SVG:    svg,
		Legend: legend,
		Header: []string{"problem", "set", "strategy or program", "mean µs per puzzle", "vs fastest"},
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
		var legend []Swatch
		for n, s := range series {
			q := quantiles(s.Ns, 0.5, 0.9, 0.99, 1)
			rows = append(rows, []string{label(s), fmt.Sprint(len(s.Ns)),
				us(q[0]), us(q[1]), us(q[2]), us(q[3])})
			legend = append(legend, Swatch{Colour(n), label(s)})
		}
		secs = append(secs, Section{
			ID:    fmt.Sprintf("distribution-%d", i+1),
			Title: "Per-puzzle times: " + w,
			Note: "Up, the share of the puzzles each strategy solves within the time across; each puzzle timed on its own " +
				"(a program's time is a whole process, start-up included) " +
				"(median of the passes; log scale). A curve far to the right at the top is a long tail: a few puzzles " +
				"that take that strategy much longer than the rest. The table's median is over puzzles." + programsNote(in, w),
			SVG:    svg,
			Legend: legend,
			Header: []string{"strategy or program", "puzzles", "median µs per puzzle", "p90 µs", "p99 µs", "max µs"},
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
	c, err := compare.Compare([]compare.File{{Name: old.Name, Results: old.Results}, {Name: new.Name, Results: new.Results}},
		compare.Options{Row: "/problem,/strategy,/program,/set"})
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
			names = append(names, r.Name)
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

// Write writes the page of inputs to w.
func Write(w io.Writer, inputs []Input, opts Options) error {
	secs, err := Sections(inputs, opts)
	if err != nil {
		return err
	}
	var files []string
	for _, in := range inputs {
		files = append(files, in.Name)
	}
	title := opts.Title
	if title == "" {
		title = "sudoku-judge benchmarks"
	}
	var buf bytes.Buffer
	page, err := template.New("page").Parse(pageHTML)
	if err != nil {
		return fmt.Errorf("report: the page template: %w", err)
	}
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

// pageHTML is the page's template. It is parsed when a page is written,
// not when the program starts: most runs of the binary draw no page.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: sans-serif; margin: 2em auto; max-width: 66em; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
div.chart { display: flex; align-items: flex-start; gap: 1em; }
figure { margin: 1em 0; flex: 1 1 auto; max-width: 48em; } figure svg { display: block; width: 100%; height: auto; }
ul.legend { list-style: none; padding: 0; margin: 2em 0 0 0; font-size: 0.9em; flex: 0 0 auto; }
ul.legend li { margin: 0.3em 0; white-space: nowrap; }
span.swatch { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.4em; vertical-align: -0.1em; border-radius: 50%; }
p.summary { font-size: 1.1em; } table.puzzles td:nth-child(2) { font-family: monospace; font-size: 0.85em; text-align: left; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
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
{{if .Summary}}<p class="summary">{{.Summary}}</p>{{end}}
{{if .Note}}<p class="note">{{.Note}}</p>{{end}}
{{if .SVG}}<div class="chart"><figure>{{.SVG}}</figure>
{{if .Legend}}<ul class="legend">{{range .Legend}}<li><span class="swatch" style="background: {{.Colour}}"></span>{{.Label}}</li>{{end}}</ul>{{end}}
</div>{{end}}
{{if .Header}}<table>
<tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>{{end}}
{{range .Tables}}<table class="puzzles">
<caption>{{.Caption}}</caption>
<tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>{{end}}
</section>
{{end}}
</body>
</html>
`
