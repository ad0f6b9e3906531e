package svgplot

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestLinearTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   string
	}{
		{0, 1, "[0.0 0.2 0.4 0.6 0.8 1.0]"},
		{-13.2, 13.2, "[-10 -5 0 5 10]"},
		{0, 7, "[0 1 2 3 4 5 6 7]"},
		{100, 1000, "[200 400 600 800 1000]"},
		{-1.1, -0.9, "[-1.10 -1.05 -1.00 -0.95 -0.90]"},
	}
	for _, tt := range tests {
		ts := linearTicks(tt.lo, tt.hi)
		var labels []string
		for _, tk := range ts {
			labels = append(labels, tk.Label)
			if tk.Value < tt.lo-1e-9 || tk.Value > tt.hi+1e-9 {
				t.Errorf("linearTicks(%g, %g): tick %g outside the range", tt.lo, tt.hi, tk.Value)
			}
			if v, err := strconv.ParseFloat(tk.Label, 64); err != nil || math.Abs(v-tk.Value) > 1e-9 {
				t.Errorf("linearTicks(%g, %g): label %q for %g", tt.lo, tt.hi, tk.Label, tk.Value)
			}
		}
		if got := fmt.Sprint(labels); got != tt.want {
			t.Errorf("linearTicks(%g, %g) = %s, want %s", tt.lo, tt.hi, got, tt.want)
		}
		if n := len(ts); n < 3 || n > 9 {
			t.Errorf("linearTicks(%g, %g): %d labels", tt.lo, tt.hi, n)
		}
	}
}

func TestLogTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   string // the labelled ticks
		marks  int    // all ticks
	}{
		{3, 300, "[5 10 20 50 100 200]", 7 + 9 + 3},
		{0.5, 2e4, "[1 10 100 1000 10000]", 5 + 4*9 + 2},
		{1.2, 1.8, "[]", 0},
	}
	for _, tt := range tests {
		var labels []string
		ts := logTicks(tt.lo, tt.hi)
		for _, tk := range ts {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := fmt.Sprint(labels); got != tt.want || len(ts) != tt.marks {
			t.Errorf("logTicks(%g, %g) = %s in %d ticks, want %s in %d", tt.lo, tt.hi, got, len(ts), tt.want, tt.marks)
		}
	}
}

// element is an SVG element as parsed back.
type element struct {
	name  string
	attrs map[string]string
	text  string
}

// parse reads svg as XML and returns its elements: the output is
// well-formed, with every text escaped.
func parse(t *testing.T, svg string) []element {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	var els []element
	var open []int // indexes of the elements open at this point
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return els
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := element{name: tok.Name.Local, attrs: make(map[string]string)}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			open = append(open, len(els))
			els = append(els, e)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				els[open[len(open)-1]].text += string(tok)
			}
		}
	}
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestPlace draws points at the corners and the middle of each kind of
// axis and checks where they land: on the axis lines' ends, in order.
func TestPlace(t *testing.T) {
	tests := []struct {
		name string
		x, y Axis
		pts  []XY // bottom left, middle, top right
	}{
		{"linear", Axis{Min: 0, Max: 10}, Axis{Min: -1, Max: 1}, []XY{{0, -1}, {5, 0}, {10, 1}}},
		{"log", Axis{Scale: Log, Min: 1, Max: 100}, Axis{Scale: Log, Min: 0.01, Max: 1}, []XY{{1, 0.01}, {10, 0.1}, {100, 1}}},
		{"categories", Axis{Names: []string{"a", "b", "c"}}, Axis{Names: []string{"x", "y", "z"}, Scale: Log}, []XY{{-0.5, -0.5}, {1, 1}, {2.5, 2.5}}},
	}
	for _, tt := range tests {
		p := Plot{Title: "t", X: tt.x, Y: tt.y, Width: 400, Height: 300}
		p.Points(tt.pts, Style{Colour: "#123456", Width: 2})
		p.Points([]XY{{math.NaN(), 1}, {-1, -1}}, Style{Colour: "red", Width: 2}) // never on a log axis; NaN never
		svg, err := p.SVG()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var cs [][2]float64
		var axis string
		for _, e := range parse(t, svg) {
			if e.name == "circle" {
				cs = append(cs, [2]float64{num(t, e.attrs["cx"]), num(t, e.attrs["cy"])})
			}
			if e.name == "path" && e.attrs["fill"] == "none" && axis == "" {
				axis = e.attrs["d"] // M left top V bottom H right
			}
		}
		want := 4 // (-1, -1) is outside, but has a place on these axes
		if tt.name == "log" {
			want = 3
		}
		if len(cs) != want {
			t.Fatalf("%s: %d circles, want %d:\n%s", tt.name, len(cs), want, svg)
		}
		var left, top, bottom, right float64
		if _, err := fmt.Sscanf(axis, "M%f %fV%fH%f", &left, &top, &bottom, &right); err != nil {
			t.Fatalf("%s: axis path %q: %v", tt.name, axis, err)
		}
		near := func(a, b float64) bool { return math.Abs(a-b) < 0.11 }
		if !near(cs[0][0], left) || !near(cs[0][1], bottom) || !near(cs[2][0], right) || !near(cs[2][1], top) ||
			!near(cs[1][0], (left+right)/2) || !near(cs[1][1], (top+bottom)/2) {
			t.Errorf("%s: points at %v, want the corners and middle of x %g..%g, y %g..%g", tt.name, cs[:3], left, right, bottom, top)
		}
	}
}

// TestText: every text is in the output, escaped, and each tick label
// once.
func TestText(t *testing.T) {
	p := Plot{
		Title:  `<b>"title" & co</b>`,
		X:      Axis{Names: []string{"a<b", "c&d", "17clue"}, Slant: true, Label: "set"},
		Y:      Axis{Scale: Log, Min: 0.9, Max: 110, Label: "µs per puzzle"},
		Width:  500,
		Height: 300,
	}
	p.Line([]XY{{0, 1}, {1, 100}, {2, -5}, {2, 10}}, Style{Colour: `"><script>`, Width: 1, Dashed: true})
	p.HBar(1, 0, 1, 8, "green")
	svg, err := p.SVG()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(svg, "<script") || strings.Contains(svg, "<b>") {
		t.Errorf("unescaped text:\n%s", svg)
	}
	texts := make(map[string]int)
	var line string
	for _, e := range parse(t, svg) {
		if e.name == "text" {
			texts[e.text]++
		}
		if e.name == "path" && e.attrs["stroke-dasharray"] != "" {
			line = e.attrs["d"]
		}
	}
	for _, want := range []string{p.Title, "a<b", "c&d", "17clue", "set", "µs per puzzle", "1", "10", "100"} {
		if texts[want] != 1 {
			t.Errorf("text %q %d times, want once; texts %v", want, texts[want], texts)
		}
	}
	// The point with y = -5 has no place on the log axis: the line breaks
	// there and starts again.
	if strings.Count(line, "M") != 2 || strings.Count(line, "L") != 1 {
		t.Errorf("line path %q: want two pieces", line)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		p    Plot
		want string
	}{
		{Plot{X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 1}}, "no size"},
		{Plot{X: Axis{Min: 1, Max: 1}, Y: Axis{Min: 0, Max: 1}, Width: 100, Height: 100}, "x axis from 1 to 1"},
		{Plot{X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: math.NaN()}, Width: 100, Height: 100}, "y axis from 0 to NaN"},
		{Plot{X: Axis{Min: 0, Max: 1, Scale: Log}, Y: Axis{Min: 0, Max: 1}, Width: 100, Height: 100}, "log scale from 0"},
		{Plot{X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 1}, Width: 30, Height: 30}, "no room"},
	}
	for _, tt := range tests {
		if _, err := tt.p.SVG(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want an error saying %q", tt.p, err, tt.want)
		}
	}
}
