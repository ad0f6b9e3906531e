package report

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"sort"
	"strconv"
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
	p.Title.Text = "Mean time per puzzle (median of the passes)"
	p.Y.Label.Text = "µs per puzzle (log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = logTicks{}
	p.Add(plotter.NewGrid())
	var ys []float64
	width := 0.6 // of a column, shared by the strategies
	step := width / float64(max(len(strategies), 1))
	for n, s := range strategies {
		var pts plotter.XYs
		for _, k := range order {
			if k.strategy == s {
				x := float64(wi[k.workload()]) - width/2 + step*(float64(n)+0.5)
				pts = append(pts, plotter.XY{X: x, Y: med[k] * 1e6})
				ys = append(ys, med[k]*1e6)
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
	}
	p.NominalX(workloads...)
	p.X.Min, p.X.Max = -0.5, float64(len(workloads))-0.5
	if len(workloads) > 4 { // long names side by side would overlap
		p.X.Tick.Label.Rotation = math.Pi / 6
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
	}
	p.Y.Min, p.Y.Max = logRange(ys)
	return svgOf(p, 16*vg.Centimeter, 10*vg.Centimeter)
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

// logTicks labels a log axis at 1, 2 and 5 times powers of ten when it
// spans few decades, at powers of ten otherwise, so that an axis fitted
// to the data always has labels.
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	if min <= 0 || max <= min {
		return nil
	}
	steps := []float64{1, 2, 5}
	if math.Log10(max/min) > 3 {
		steps = []float64{1}
	}
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < min || v > max {
				continue
			}
			label := ""
			for _, s := range steps {
				if m == s {
					label = strconv.FormatFloat(v, 'g', -1, 64)
				}
			}
			ticks = append(ticks, plot.Tick{Value: v, Label: label})
		}
	}
	return ticks
}

// Colour returns the CSS colour of palette entry i, for legends drawn
// in HTML beside a chart rather than over it.
func Colour(i int) string {
	c := palette[i%len(palette)]
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// distributionChart plots, for each strategy, the share of puzzles solved
// within each time: the empirical distribution function on a log x axis.
func distributionChart(workload string, series []measure.TimeSeries) (template.HTML, error) {
	p := plot.New()
	p.Title.Text = "Per-puzzle times: " + workload
	p.X.Label.Text = "µs for one puzzle, median of the passes (log scale)"
	p.Y.Label.Text = "share of puzzles solved"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = logTicks{}
	p.Y.Min, p.Y.Max = 0, 1
	p.Add(plotter.NewGrid())
	var all []float64
	for n, s := range series {
		xs := make([]float64, 0, len(s.Ns))
		for _, ns := range s.Ns {
			xs = append(xs, math.Max(float64(ns), 1)/1e3) // log scale: no zero
		}
		sort.Float64s(xs)
		all = append(all, xs...)
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
	}
	p.X.Min, p.X.Max = logRange(all)
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

// scatterChart plots one dot per puzzle: A's time across, B's up, on the
// same log scales, with the diagonal where both take the same time. A dot
// has the colour of the strategy that was faster on it.
func scatterChart(pr *Pair, colourA, colourB int) (template.HTML, error) {
	p := plot.New()
	p.Title.Text = pr.Workload + ": one dot per puzzle"
	p.X.Label.Text = "µs for the puzzle with " + pr.A + " (log scale)"
	p.Y.Label.Text = "µs with " + pr.B + " (log scale)"
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Scale = plot.LogScale{}
		a.Tick.Marker = logTicks{}
	}
	p.Add(plotter.NewGrid())
	var aFaster, bFaster plotter.XYs
	var all []float64
	for i := range pr.a.Ns {
		x, y := math.Max(float64(pr.a.Ns[i]), 1)/1e3, math.Max(float64(pr.b.Ns[i]), 1)/1e3
		all = append(all, x, y)
		if y < x {
			bFaster = append(bFaster, plotter.XY{X: x, Y: y})
		} else {
			aFaster = append(aFaster, plotter.XY{X: x, Y: y})
		}
	}
	lo, hi := logRange(all)
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return "", fmt.Errorf("report: chart: %w", err)
	}
	diag.Color = color.RGBA{0x44, 0x44, 0x44, 0xff}
	diag.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(diag)
	for _, set := range []struct {
		pts    plotter.XYs
		colour int
	}{{aFaster, colourA}, {bFaster, colourB}} {
		if len(set.pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(set.pts)
		if err != nil {
			return "", fmt.Errorf("report: chart: %w", err)
		}
		c := palette[set.colour%len(palette)]
		sc.GlyphStyle.Color = color.NRGBA{c.R, c.G, c.B, 0xa0} // overlapping dots stay visible
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		sc.GlyphStyle.Radius = vg.Points(1.6)
		p.Add(sc)
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	return svgOf(p, 13*vg.Centimeter, 13*vg.Centimeter)
}
