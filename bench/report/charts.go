package report

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/sudoku-judge/sudoku-judge/bench/measure"
)

// palette colours the strategies, in order of first appearance.
var palette = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xd6, 0x27, 0x28, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff},
	{0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff},
}

// svgOf renders p as an inline <svg> element of the given size.
func svgOf(p *plot.Plot, w, h vg.Length) (template.HTML, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", fmt.Errorf("report: chart: %w", err)
	}
	s := buf.String()
	i := strings.Index(s, "<svg")
	if i < 0 {
		return "", fmt.Errorf("report: chart: no <svg> element")
	}
	return template.HTML(s[i:]), nil // our own drawing, with every label escaped by vgsvg
}

// speedChart plots µs/puzzle on a log scale: a column of points per
// workload, one colour per strategy, side by side.
func speedChart(med map[key]float64, order []key) (template.HTML, error) {
	var workloads, strategies []string
	wi := make(map[string]int)
	si := make(map[string]int)
	for _, k := range order {
		if _, ok := wi[k.workload()]; !ok {
			wi[k.workload()] = len(workloads)
			workloads = append(workloads, k.workload())
		}
		if _, ok := si[k.strategy]; !ok {
			si[k.strategy] = len(strategies)
			strategies = append(strategies, k.strategy)
		}
	}
	p := plot.New()
	p.Title.Text = "Time per puzzle"
	p.Y.Label.Text = "µs/puzzle (log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	width := 0.6 // of a column, shared by the strategies
	step := width / float64(max(len(strategies), 1))
	for n, s := range strategies {
		var pts plotter.XYs
		for _, k := range order {
			if k.strategy == s {
				x := float64(wi[k.workload()]) - width/2 + step*(float64(n)+0.5)
				pts = append(pts, plotter.XY{X: x, Y: med[k] * 1e6})
			}
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return "", fmt.Errorf("report: chart: %w", err)
		}
		sc.GlyphStyle.Color = palette[n%len(palette)]
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		sc.GlyphStyle.Radius = vg.Points(3.5)
		p.Add(sc)
		p.Legend.Add(s, sc)
	}
	p.NominalX(workloads...)
	p.X.Min, p.X.Max = -0.5, float64(len(workloads))-0.5
	p.X.Tick.Label.Rotation = math.Pi / 6
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	padLog(&p.Y)
	p.Y.Max *= 10 * math.Ceil(float64(len(strategies))/3) // room for the legend above the points
	return svgOf(p, 16*vg.Centimeter, 11*vg.Centimeter)
}

// padLog widens a log axis to whole decades so the ticks have labels.
func padLog(a *plot.Axis) {
	if a.Min > 0 && a.Max > 0 {
		a.Min = math.Pow(10, math.Floor(math.Log10(a.Min)))
		a.Max = math.Pow(10, math.Ceil(math.Log10(a.Max)))
	}
}

// distributionChart plots, for each strategy, the share of puzzles solved
// within each time: the empirical distribution function on a log x axis.
func distributionChart(workload string, series []measure.TimeSeries) (template.HTML, error) {
	p := plot.New()
	p.Title.Text = "Per-puzzle times: " + workload
	p.X.Label.Text = "µs for one puzzle (log scale)"
	p.Y.Label.Text = "share of puzzles solved"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Y.Min, p.Y.Max = 0, 1
	p.Legend.Top = false
	p.Legend.Left = false
	p.Add(plotter.NewGrid())
	for n, s := range series {
		xs := make([]float64, 0, len(s.Ns))
		for _, ns := range s.Ns {
			xs = append(xs, math.Max(float64(ns), 1)/1e3) // log scale: no zero
		}
		sort.Float64s(xs)
		pts := make(plotter.XYs, 0, 2*len(xs))
		for i, x := range xs {
			pts = append(pts, plotter.XY{X: x, Y: float64(i) / float64(len(xs))}, plotter.XY{X: x, Y: float64(i+1) / float64(len(xs))})
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return "", fmt.Errorf("report: chart: %w", err)
		}
		l.Color = palette[n%len(palette)]
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(s.Strategy, l)
	}
	padLog(&p.X)
	return svgOf(p, 16*vg.Centimeter, 9*vg.Centimeter)
}

// deltaChart draws a horizontal bar per benchmark: its change in percent,
// grey when not significant.
func deltaChart(names []string, deltas []float64, significant []bool) (template.HTML, error) {
	p := plot.New()
	p.Title.Text = "Change in µs/puzzle"
	p.X.Label.Text = "% change of the median (right: slower)"
	p.Add(plotter.NewGrid())
	for i := range names {
		// One bar chart per bar, so each can have its own colour.
		vals := make(plotter.Values, len(names))
		vals[i] = deltas[i]
		b, err := plotter.NewBarChart(vals, vg.Points(10))
		if err != nil {
			return "", fmt.Errorf("report: chart: %w", err)
		}
		b.Horizontal = true
		b.LineStyle.Width = 0
		switch {
		case !significant[i]:
			b.Color = color.RGBA{0xbb, 0xbb, 0xbb, 0xff}
		case deltas[i] > 0:
			b.Color = color.RGBA{0xd6, 0x27, 0x28, 0xff}
		default:
			b.Color = color.RGBA{0x2c, 0xa0, 0x2c, 0xff}
		}
		p.Add(b)
	}
	p.NominalY(names...)
	lim := 1.0
	for _, d := range deltas {
		lim = math.Max(lim, math.Abs(d))
	}
	p.X.Min, p.X.Max = -lim*1.1, lim*1.1
	h := vg.Length(len(names))*vg.Points(16) + 3*vg.Centimeter
	return svgOf(p, 16*vg.Centimeter, h)
}
