package svgplot

import (
	"errors"
	"fmt"
	"html"
	"math"
	"strings"
	"unicode/utf8"
)

// Scale is how an axis places values.
type Scale int

const (
	Linear Scale = iota
	Log          // by their logarithm; the range must be positive
)

// An Axis is a plot's horizontal or vertical axis.
type Axis struct {
	Label    string
	Scale    Scale
	Min, Max float64
	// Names makes a category axis: Names[i] at i. Min and Max then
	// default to -0.5 and len(Names)-0.5.
	Names []string
	Slant bool // tick labels at 30 degrees, for long names side by side
}

// XY is a point in data coordinates.
type XY struct{ X, Y float64 }

// A Style says how a mark is drawn.
type Style struct {
	Colour  string  // a CSS colour, such as "#1f77b4"
	Width   float64 // a line's width or a point's radius, in pixels
	Opacity float64 // of a point's fill; 0 is opaque
	Dashed  bool    // lines only
}

// A Plot is one chart. Build it with the fields and the mark methods,
// then call SVG. What the marks draw has class "data", the rest (grid,
// axes, text) none.
type Plot struct {
	Title         string
	X, Y          Axis
	Width, Height float64 // in CSS pixels
	marks         []mark
}

// A mark draws itself in a frame.
type mark func(b *strings.Builder, f *frame)

// Points draws a dot at each point.
func (p *Plot) Points(pts []XY, s Style) {
	p.marks = append(p.marks, func(b *strings.Builder, f *frame) {
		fill := ""
		if s.Opacity > 0 {
			fill = fmt.Sprintf(` fill-opacity="%.2f"`, s.Opacity)
		}
		fmt.Fprintf(b, `<g class="data" fill="%s"%s>`, esc(s.Colour), fill)
		for _, pt := range pts {
			if x, y, ok := f.at(pt); ok {
				fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="%.1f"/>`, x, y, s.Width)
			}
		}
		b.WriteString("</g>\n")
	})
}

// Line draws a line through the points, in order; points that cannot be
// placed (a value not above zero on a log axis, NaN) break it.
func (p *Plot) Line(pts []XY, s Style) {
	p.marks = append(p.marks, func(b *strings.Builder, f *frame) {
		var d strings.Builder
		move := true
		for _, pt := range pts {
			x, y, ok := f.at(pt)
			if !ok {
				move = true
				continue
			}
			op := "L"
			if move {
				op = "M"
			}
			fmt.Fprintf(&d, "%s%.1f %.1f", op, x, y)
			move = false
		}
		if d.Len() == 0 {
			return
		}
		dash := ""
		if s.Dashed {
			dash = ` stroke-dasharray="5 4"`
		}
		fmt.Fprintf(b, `<path class="data" d="%s" fill="none" stroke="%s" stroke-width="%.1f"%s/>`+"\n", d.String(), esc(s.Colour), s.Width, dash)
	})
}

// HBar draws a horizontal bar at height y from x0 to x1, thickness
// pixels thick.
func (p *Plot) HBar(y, x0, x1, thickness float64, colour string) {
	p.marks = append(p.marks, func(b *strings.Builder, f *frame) {
		l, cy, ok1 := f.at(XY{x0, y})
		r, _, ok2 := f.at(XY{x1, y})
		if !ok1 || !ok2 {
			return
		}
		fmt.Fprintf(b, `<rect class="data" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n",
			math.Min(l, r), cy-thickness/2, math.Abs(r-l), thickness, esc(colour))
	})
}

// Font sizes in pixels, and the width of an average character as a share
// of its size: the browser sets the text, so widths are estimates, used
// only to leave room for the labels.
const (
	tickFont  = 11
	labelFont = 12
	titleFont = 14
	charWidth = 0.6
	tickLen   = 5
)

func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * charWidth
}

// frame maps data coordinates onto the plot area, left..right across and
// bottom..top up, in pixels.
type frame struct {
	x, y                     *Axis
	left, right, top, bottom float64
}

// at returns the pixel position of pt, or false if it has none.
func (f *frame) at(pt XY) (x, y float64, ok bool) {
	tx, ok1 := f.x.pos(pt.X)
	ty, ok2 := f.y.pos(pt.Y)
	return f.left + tx*(f.right-f.left), f.bottom - ty*(f.bottom-f.top), ok1 && ok2
}

// pos returns where v lies between a's Min (0) and Max (1).
func (a *Axis) pos(v float64) (float64, bool) {
	lo, hi := a.Min, a.Max
	if a.Scale == Log && a.Names == nil {
		if !(v > 0) {
			return 0, false
		}
		v, lo, hi = math.Log10(v), math.Log10(lo), math.Log10(hi)
	}
	t := (v - lo) / (hi - lo)
	return t, !math.IsNaN(t) && !math.IsInf(t, 0)
}

// check fills in a category axis's range and reports a range that
// cannot be drawn.
func (a *Axis) check(name string) error {
	if a.Names != nil && a.Min == 0 && a.Max == 0 {
		a.Min, a.Max = -0.5, float64(len(a.Names))-0.5
	}
	switch {
	case math.IsNaN(a.Min) || math.IsNaN(a.Max) || math.IsInf(a.Min, 0) || math.IsInf(a.Max, 0) || !(a.Min < a.Max):
		return fmt.Errorf("svgplot: %s axis from %g to %g", name, a.Min, a.Max)
	case a.Scale == Log && a.Names == nil && !(a.Min > 0):
		return fmt.Errorf("svgplot: %s axis: log scale from %g", name, a.Min)
	}
	return nil
}

// SVG returns the chart as an <svg> element. All text is escaped.
func (p *Plot) SVG() (string, error) {
	if !(p.Width > 0 && p.Height > 0) {
		return "", errors.New("svgplot: no size")
	}
	x, y := p.X, p.Y // ranges filled in on copies: SVG can be called again
	if err := x.check("x"); err != nil {
		return "", err
	}
	if err := y.check("y"); err != nil {
		return "", err
	}
	xt, yt := x.ticks(), y.ticks()

	// Margins: room for the title, the axis labels and the widest tick
	// labels.
	f := &frame{x: &x, y: &y}
	var yw, xw float64
	for _, t := range yt {
		yw = math.Max(yw, textWidth(t.Label, tickFont))
	}
	for _, t := range xt {
		xw = math.Max(xw, textWidth(t.Label, tickFont))
	}
	f.top = 10
	if p.Title != "" {
		f.top += titleFont + 10
	}
	f.left = 10 + tickLen + 4 + yw
	if y.Label != "" {
		f.left += labelFont + 8
	}
	xLabels := tickFont + 4.0
	if x.Slant {
		xLabels = xw*0.5 + tickFont // sin 30° of the widest label
	}
	f.bottom = p.Height - (10 + tickLen + 4 + xLabels)
	if x.Label != "" {
		f.bottom -= labelFont + 8
	}
	f.right = p.Width - 12
	if !x.Slant && len(xt) > 0 {
		f.right = p.Width - math.Max(12, textWidth(xt[len(xt)-1].Label, tickFont)/2+4)
	}
	if f.right-f.left < 20 || f.bottom-f.top < 20 {
		return "", fmt.Errorf("svgplot: %gx%g pixels leave no room for the plot", p.Width, p.Height)
	}

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" font-family="sans-serif">`+"\n",
		p.Width, p.Height, p.Width, p.Height)
	if p.Title != "" {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="%d" font-weight="bold">%s</text>`+"\n",
			p.Width/2, 10+titleFont, titleFont, esc(p.Title))
	}
	f.grid(&b, xt, yt)
	for _, m := range p.marks {
		m(&b, f)
	}
	f.axes(&b, xt, yt)
	if x.Label != "" {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="%d">%s</text>`+"\n",
			(f.left+f.right)/2, p.Height-10, labelFont, esc(x.Label))
	}
	if y.Label != "" {
		cx, cy := 10+labelFont*0.8, (f.top+f.bottom)/2
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" transform="rotate(-90 %.1f %.1f)" text-anchor="middle" font-size="%d">%s</text>`+"\n",
			cx, cy, cx, cy, labelFont, esc(y.Label))
	}
	b.WriteString("</svg>\n")
	return b.String(), nil
}

// grid draws light lines across the plot at the labelled ticks of the
// numeric axes.
func (f *frame) grid(b *strings.Builder, xt, yt []Tick) {
	var d strings.Builder
	if f.x.Names == nil {
		for _, t := range xt {
			if x, _, ok := f.at(XY{t.Value, f.y.Min}); ok && t.Label != "" {
				fmt.Fprintf(&d, "M%.1f %.1fV%.1f", x, f.bottom, f.top)
			}
		}
	}
	if f.y.Names == nil {
		for _, t := range yt {
			if _, y, ok := f.at(XY{f.x.Min, t.Value}); ok && t.Label != "" {
				fmt.Fprintf(&d, "M%.1f %.1fH%.1f", f.left, y, f.right)
			}
		}
	}
	if d.Len() > 0 {
		fmt.Fprintf(b, `<path d="%s" stroke="#ddd" stroke-width="1"/>`+"\n", d.String())
	}
}

// axes draws the two axis lines, their ticks and the tick labels: long
// ticks where labelled, short ones between.
func (f *frame) axes(b *strings.Builder, xt, yt []Tick) {
	fmt.Fprintf(b, `<path d="M%.1f %.1fV%.1fH%.1f" fill="none" stroke="#000" stroke-width="1"/>`+"\n", f.left, f.top, f.bottom, f.right)
	var d strings.Builder
	fmt.Fprintf(b, `<g font-size="%d">`+"\n", tickFont)
	for _, t := range xt {
		x, _, ok := f.at(XY{t.Value, f.y.Min})
		if !ok {
			continue
		}
		n := tickLen / 2.0
		if t.Label != "" {
			n = tickLen
		}
		fmt.Fprintf(&d, "M%.1f %.1fv%.1f", x, f.bottom, n)
		if t.Label == "" {
			continue
		}
		ty := f.bottom + tickLen + 4
		if f.x.Slant {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" transform="rotate(-30 %.1f %.1f)" text-anchor="end" dominant-baseline="hanging">%s</text>`+"\n",
				x, ty, x, ty, esc(t.Label))
		} else {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" dominant-baseline="hanging">%s</text>`+"\n", x, ty, esc(t.Label))
		}
	}
	for _, t := range yt {
		_, y, ok := f.at(XY{f.x.Min, t.Value})
		if !ok {
			continue
		}
		n := tickLen / 2.0
		if t.Label != "" {
			n = tickLen
		}
		fmt.Fprintf(&d, "M%.1f %.1fh%.1f", f.left, y, -n)
		if t.Label != "" {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", f.left-tickLen-4, y, esc(t.Label))
		}
	}
	b.WriteString("</g>\n")
	if d.Len() > 0 {
		fmt.Fprintf(b, `<path d="%s" stroke="#000" stroke-width="1"/>`+"\n", d.String())
	}
}

// esc escapes s for an SVG text node or attribute value.
func esc(s string) string { return html.EscapeString(s) }
