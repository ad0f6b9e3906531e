package report

import (
	"fmt"
	"html/template"
	"math"
	"sort"

	"github.com/sudoku-judge/sudoku-judge/bench/measure"
	"github.com/sudoku-judge/sudoku-judge/bench/svgplot"
)

// palette colours the strategies, in order of first appearance.
var palette = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"}

// svgOf draws p as an inline <svg> element.
func svgOf(p *svgplot.Plot) (template.HTML, error) {
	s, err := p.SVG()
	if err != nil {
		return "", fmt.Errorf("report: chart: %w", err)
	}
	return template.HTML(s), nil // our own drawing, with every text escaped by svgplot
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
		if _, ok := si[k.solver]; !ok {
			si[k.solver] = len(strategies)
			strategies = append(strategies, k.solver)
		}
	}
	p := &svgplot.Plot{
		Title: "Mean time per puzzle (median of the passes)",
		X: svgplot.Axis{
			Names: workloads,
			Slant: len(workloads) > 4, // long names side by side would overlap
		},
		Y:     svgplot.Axis{Label: "µs per puzzle (log scale)", Scale: svgplot.Log},
		Width: 600, Height: 380,
	}
	var ys []float64
	width := 0.6 // of a column, shared by the strategies
	step := width / float64(max(len(strategies), 1))
	for n, s := range strategies {
		var pts []svgplot.XY
		for _, k := range order {
			if k.solver == s {
				x := float64(wi[k.workload()]) - width/2 + step*(float64(n)+0.5)
				pts = append(pts, svgplot.XY{X: x, Y: med[k] * 1e6})
				ys = append(ys, med[k]*1e6)
			}
		}
		p.Points(pts, svgplot.Style{Colour: Colour(n), Width: 4.5})
	}
	p.Y.Min, p.Y.Max = logRange(ys)
	return svgOf(p)
}

// logRange returns an axis range that fits the positive values xs on a
// log scale, with a little room at both ends.
func logRange(xs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		if x > 0 {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	if math.IsInf(lo, 0) {
		return 1, 10
	}
	pad := math.Max(0.05*math.Log10(hi/lo), 0.05) // in decades
	return lo / math.Pow(10, pad), hi * math.Pow(10, pad)
}

// Colour returns the CSS colour of palette entry i, for legends drawn
// in HTML beside a chart rather than over it.
func Colour(i int) string {
	return palette[i%len(palette)]
}

// distributionChart plots, for each strategy, the share of puzzles solved
// within each time: the empirical distribution function on a log x axis.
func distributionChart(workload string, series []measure.TimeSeries) (template.HTML, error) {
	p := &svgplot.Plot{
		Title: "Per-puzzle times: " + workload,
		X:     svgplot.Axis{Label: "µs for one puzzle, median of the passes (log scale)", Scale: svgplot.Log},
		Y:     svgplot.Axis{Label: "share of puzzles solved", Min: 0, Max: 1},
		Width: 600, Height: 340,
	}
	var all []float64
	for n, s := range series {
		xs := make([]float64, 0, len(s.Ns))
		for _, ns := range s.Ns {
			xs = append(xs, math.Max(float64(ns), 1)/1e3) // log scale: no zero
		}
		sort.Float64s(xs)
		all = append(all, xs...)
		pts := make([]svgplot.XY, 0, 2*len(xs))
		for i, x := range xs {
			pts = append(pts, svgplot.XY{X: x, Y: float64(i) / float64(len(xs))}, svgplot.XY{X: x, Y: float64(i+1) / float64(len(xs))})
		}
		p.Line(pts, svgplot.Style{Colour: Colour(n), Width: 2})
	}
	p.X.Min, p.X.Max = logRange(all)
	return svgOf(p)
}

// deltaChart draws a horizontal bar per benchmark, the first at the top:
// its change in percent, grey when not significant.
func deltaChart(names []string, deltas []float64, significant []bool) (template.HTML, error) {
	top := make([]string, len(names)) // a category axis counts upwards
	for i, n := range names {
		top[len(names)-1-i] = n
	}
	lim := 1.0
	for _, d := range deltas {
		lim = math.Max(lim, math.Abs(d))
	}
	p := &svgplot.Plot{
		Title: "Change in µs/puzzle",
		X:     svgplot.Axis{Label: "% change of the median (right: slower)", Min: -lim * 1.1, Max: lim * 1.1},
		Y:     svgplot.Axis{Names: top},
		Width: 600, Height: float64(len(names))*21 + 110,
	}
	for i := range names {
		colour := "#2ca02c" // faster
		switch {
		case !significant[i]:
			colour = "#bbbbbb"
		case deltas[i] > 0:
			colour = "#d62728"
		}
		p.HBar(float64(len(names)-1-i), 0, deltas[i], 13, colour)
	}
	p.Line([]svgplot.XY{{X: 0, Y: -0.5}, {X: 0, Y: float64(len(names)) - 0.5}}, svgplot.Style{Colour: "#444", Width: 1})
	return svgOf(p)
}

// scatterChart plots one dot per puzzle: A's time across, B's up, on the
// same log scales, with the diagonal where both take the same time. A dot
// has the colour of the strategy that was faster on it.
func scatterChart(pr *Pair, colourA, colourB int) (template.HTML, error) {
	var aFaster, bFaster []svgplot.XY
	var all []float64
	for i := range pr.a.Ns {
		x, y := math.Max(float64(pr.a.Ns[i]), 1)/1e3, math.Max(float64(pr.b.Ns[i]), 1)/1e3
		all = append(all, x, y)
		if y < x {
			bFaster = append(bFaster, svgplot.XY{X: x, Y: y})
		} else {
			aFaster = append(aFaster, svgplot.XY{X: x, Y: y})
		}
	}
	lo, hi := logRange(all)
	p := &svgplot.Plot{
		Title: pr.Workload + ": one dot per puzzle",
		X:     svgplot.Axis{Label: "µs for the puzzle with " + pr.A + " (log scale)", Scale: svgplot.Log, Min: lo, Max: hi},
		Y:     svgplot.Axis{Label: "µs with " + pr.B + " (log scale)", Scale: svgplot.Log, Min: lo, Max: hi},
		Width: 490, Height: 490,
	}
	p.Line([]svgplot.XY{{X: lo, Y: lo}, {X: hi, Y: hi}}, svgplot.Style{Colour: "#444", Width: 1, Dashed: true})
	// Overlapping dots stay visible through each other.
	p.Points(aFaster, svgplot.Style{Colour: Colour(colourA), Width: 2.2, Opacity: 0.63})
	p.Points(bFaster, svgplot.Style{Colour: Colour(colourB), Width: 2.2, Opacity: 0.63})
	return svgOf(p)
}
