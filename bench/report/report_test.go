package report

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/bench/measure"
	"github.com/sudoku-judge/sudoku-judge/internal/hostiletext"
)

// synthetic returns an input of count passes of three strategies on two
// sets, the times scaled by scale, with per-puzzle times where DFS (mrv)
// has a long tail.
func synthetic(t testing.TB, name string, count int, scale float64) Input {
	t.Helper()
	base := map[string]float64{"mrv": 900, "dlx": 300, "fast": 20}
	sets := map[string]float64{"top95": 1, "hardest1106": 4}
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ncpu: Test CPU\ngo: go1.99\ncommit: abc" + name + "\ndirty: false\npkg: " + measure.Pkg + "\n")
	times := &measure.Times{Version: 1, Unit: "ns"}
	for _, set := range []string{"top95", "hardest1106"} {
		for _, s := range []string{"mrv", "dlx", "fast"} {
			us := base[s] * sets[set] * scale
			for i := range count {
				f := 1 + 0.01*float64(i%5-2)
				fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=%s/set=%s-2 1 %.0f ns/op %.0f ns/puzzle 3 guesses/puzzle\n", s, set, us*f*1e3*95, us*f*1e3)
			}
			ns := make([]int64, 95)
			for i := range ns {
				ns[i] = int64(us * 1e3 * (0.5 + float64(i)/95))
				if s == "mrv" && i%10 == 0 {
					ns[i] *= 50 // the long tail
				}
			}
			times.Series = append(times.Series, measure.TimeSeries{Name: "x", Problem: "sudoku", Set: set, Strategy: s, Ns: ns})
		}
		// A program, timed as a whole process, no per-puzzle times, as a
		// bench from before programs had a key of their own wrote it:
		// compare.Read reads it as program=prog.c.
		for i := range count {
			fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=prog.c/set=%s-2 1 %.0f ns/op %.0f ns/puzzle\n", set, 95e6*(1+0.01*float64(i%3)), 1e6*(1+0.01*float64(i%3)))
		}
		if times.Puzzles == nil {
			times.Puzzles = make(map[string][]string)
		}
		for i := range 95 {
			times.Puzzles["sudoku/"+set] = append(times.Puzzles["sudoku/"+set], fmt.Sprintf("%s-puzzle-%d", set, i+1))
		}
	}
	res, warnings, err := compare.Read(strings.NewReader(b.String()), name)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	return Input{Name: name, Results: res, Times: times}
}

func TestSections(t *testing.T) {
	old := synthetic(t, "old.txt", 6, 1)
	new := synthetic(t, "new.txt", 6, 1.2)
	noTimes := new
	noTimes.Times = nil
	// Three strategies on two sets: three pairs a set.
	pairs := []string{"head-to-head", "pair-1", "pair-2", "pair-3", "pair-4", "pair-5", "pair-6"}
	tests := []struct {
		name   string
		inputs []Input
		opts   Options
		ids    []string
	}{
		{"one file", []Input{new}, Options{}, cat([]string{"inputs"}, pairs, []string{"speed", "distribution-1", "distribution-2"})},
		{"one pair", []Input{new}, Options{Pairs: [][2]string{{"mrv", "dlx"}}},
			[]string{"inputs", "head-to-head", "pair-1", "pair-2", "speed", "distribution-1", "distribution-2"}},
		{"without per-puzzle times", []Input{noTimes}, Options{}, []string{"inputs", "speed"}},
		{"two files", []Input{old, new}, Options{}, cat([]string{"inputs"}, pairs, []string{"speed", "distribution-1", "distribution-2", "delta"})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			secs, err := Sections(tt.inputs, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			charts := 0
			for _, s := range secs {
				ids = append(ids, s.ID)
				if s.SVG != "" {
					charts++
					if !strings.HasPrefix(string(s.SVG), "<svg") || !strings.HasSuffix(strings.TrimSpace(string(s.SVG)), "</svg>") {
						t.Errorf("%s: chart is not an <svg> element: %.60q", s.ID, s.SVG)
					}
				}
				if len(s.Rows) > 0 && len(s.Rows[0]) != len(s.Header) {
					t.Errorf("%s: rows of %d cells for header %v", s.ID, len(s.Rows[0]), s.Header)
				}
			}
			if fmt.Sprint(ids) != fmt.Sprint(tt.ids) {
				t.Fatalf("sections %v, want %v", ids, tt.ids)
			}
			var page bytes.Buffer
			if err := Write(&page, tt.inputs, tt.opts); err != nil {
				t.Fatal(err)
			}
			html := page.String()
			if n, m := strings.Count(html, "<section"), strings.Count(html, "<svg"); n != len(tt.ids) || m != charts {
				t.Errorf("%d sections and %d charts, want %d and %d", n, m, len(tt.ids), charts)
			}
			// The configuration of every input is on the page.
			for _, in := range tt.inputs {
				if !strings.Contains(html, "abc"+in.Name) {
					t.Errorf("the page lacks %s's commit", in.Name)
				}
			}
			for _, want := range []string{"Test CPU", "go1.99", "prog.c"} {
				if !strings.Contains(html, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
			for _, bad := range []string{"http://", "https://"} {
				if i := strings.Index(strings.ReplaceAll(html, `xmlns="http://www.w3.org/2000/svg"`, ""), bad); i >= 0 &&
					!strings.Contains(html[max(0, i-20):min(len(html), i+40)], "www.w3.org") {
					t.Errorf("page refers to the network: %q", html[i:min(len(html), i+60)])
				}
			}
		})
	}
	secs, _ := Sections([]Input{old, new}, Options{})
	byID := make(map[string]Section)
	for _, s := range secs {
		byID[s.ID] = s
	}
	// The delta section sees the 20% slowdown of every benchmark.
	delta := byID["delta"]
	for _, r := range delta.Rows[:len(delta.Rows)-1] {
		if !strings.Contains(r[0], "prog.c") && r[3] != "+20.00%" { // the program's times are not scaled
			t.Errorf("delta row %v, want +20.00%%", r)
		}
	}
	// The distribution table shows mrv's long tail: p99 far above the
	// median, and names the program it cannot draw.
	dist := byID["distribution-1"]
	median, _ := strconv.ParseFloat(dist.Rows[0][2], 64)
	p99, _ := strconv.ParseFloat(dist.Rows[0][4], 64)
	if dist.Rows[0][0] != "mrv" || median <= 0 || p99 < 10*median {
		t.Errorf("mrv distribution row %v", dist.Rows[0])
	}
	if !strings.Contains(dist.Note, "Not drawn: program=prog.c") {
		t.Errorf("distribution note does not name the program: %s", dist.Note)
	}
	// The program is in the speed chart's table and legend.
	speed := byID["speed"]
	if !strings.Contains(fmt.Sprint(speed.Rows), "prog.c") || !strings.Contains(fmt.Sprint(speed.Legend), "prog.c") {
		t.Errorf("speed section lacks the program: %v %v", speed.Rows, speed.Legend)
	}
	// mrv against dlx on top95: dlx is faster on every puzzle; the puzzle
	// where it gains most is one of mrv's slow tenth, shown as the puzzle.
	p1 := byID["pair-1"]
	if p1.Title != "dlx vs mrv on sudoku/top95" || !strings.HasPrefix(p1.Summary, "dlx was faster than mrv on 100.0% of the 95 puzzles") {
		t.Errorf("pair-1: %q: %q", p1.Title, p1.Summary)
	}
	if strings.Contains(p1.Note, "poj3074") {
		t.Errorf("pair-1 offers to paste puzzles that are not 9x9 lines: %s", p1.Note)
	}
	if len(p1.Tables) != 1 || !strings.HasPrefix(p1.Tables[0].Rows[0][1], "top95-puzzle-") || !strings.HasSuffix(p1.Tables[0].Rows[0][1], "1") {
		t.Errorf("pair-1 tables %+v", p1.Tables)
	}
}

func cat(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// TestPair checks the head-to-head figures on times made by hand.
func TestPair(t *testing.T) {
	times := &measure.Times{Version: 1, Unit: "ns", Puzzles: map[string][]string{"sudoku/s": {"p1", "p2", "p3", "p4", "p5"}}}
	a := measure.TimeSeries{Problem: "sudoku", Set: "s", Strategy: "a", Ns: []int64{100, 100, 100, 100, 1000}}
	b := measure.TimeSeries{Problem: "sudoku", Set: "s", Strategy: "b", Ns: []int64{50, 200, 100, 10, 4000}}
	times.Series = []measure.TimeSeries{a, b}
	p, err := NewPair(times, a, b)
	if err != nil {
		t.Fatal(err)
	}
	// Ratios b/a: 0.5, 2, 1, 0.1, 4; median 1; whole set 4360/1400.
	if p.AWins != 2 || p.BWins != 2 || p.Ties != 1 || p.MedianRatio != 1 || math.Abs(p.TotalRatio-4360.0/1400) > 1e-9 {
		t.Errorf("pair %+v", p)
	}
	slower, faster := p.Most(1)
	if len(slower) != 1 || slower[0].N != 5 || slower[0].Puzzle != "p5" || len(faster) != 1 || faster[0].N != 4 || faster[0].Puzzle != "p4" {
		t.Errorf("most: slower %+v, faster %+v", slower, faster)
	}
	slower, faster = p.Most(10) // the tie is in neither list
	if len(slower) != 2 || len(faster) != 2 {
		t.Errorf("most(10): slower %+v, faster %+v", slower, faster)
	}
	if _, err := NewPair(times, a, measure.TimeSeries{Problem: "sudoku", Set: "s", Strategy: "c", Ns: []int64{1}}); err == nil {
		t.Error("series of different lengths: no error")
	}
	if _, _, err := Pairs(times, [][2]string{{"a", "nosuch"}}); err == nil {
		t.Error("a pair with an unknown strategy: no error")
	}
	if ps, _, err := Pairs(times, [][2]string{{"b", "a"}}); err != nil || len(ps) != 1 || ps[0].A != "b" || ps[0].BWins != 2 {
		t.Errorf("Pairs(b, a) = %+v, %v", ps, err)
	}
}

func TestBadInputs(t *testing.T) {
	if _, err := Sections(nil, Options{}); err == nil {
		t.Error("no inputs: no error")
	}
	res, _, _ := compare.Read(strings.NewReader("BenchmarkOther 1 5 ns/op\n"), "x")
	if _, err := Sections([]Input{{Name: "x", Results: res}}, Options{}); err == nil {
		t.Error("no Solve results: no error")
	}
	// Two files with nothing in common cannot be compared.
	a := synthetic(t, "a", 3, 1)
	b := Input{Name: "b", Results: res}
	if _, err := Sections([]Input{b, a}, Options{}); err == nil {
		t.Error("files without common benchmarks: no error")
	}
	// Odd per-puzzle times (empty series, zeros) do not break the charts.
	a.Times.Series[0].Ns = nil
	a.Times.Series[1].Ns = []int64{0, 0, 0}
	secs, err := Sections([]Input{a}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The pair of series of different lengths is not drawn, and the page
	// says why.
	if secs[1].ID != "head-to-head" || !strings.Contains(secs[1].Note, "not the same puzzles") {
		t.Errorf("section %s: %s", secs[1].ID, secs[1].Note)
	}
}

// TestProgramsDrawn: a program timed puzzle by puzzle is drawn like a
// strategy, with a note that its times include start-up; where it was
// not, the page names it.
func TestProgramsDrawn(t *testing.T) {
	in := synthetic(t, "new.txt", 5, 1)
	ns := make([]int64, 95)
	for i := range ns {
		ns[i] = 1_000_000 + int64(i)
	}
	in.Times.Series = append(in.Times.Series, measure.TimeSeries{Problem: "sudoku", Set: "top95", Strategy: "prog.c", Program: true, Ns: ns})
	secs, err := Sections([]Input{in}, Options{Pairs: [][2]string{{"dlx", "program=prog.c"}}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	notes := make(map[string]string)
	for _, s := range secs {
		ids = append(ids, s.ID)
		notes[s.ID] = s.Note
	}
	if fmt.Sprint(ids) != "[inputs head-to-head pair-1 speed distribution-1 distribution-2]" {
		t.Fatalf("sections %v", ids)
	}
	if !strings.Contains(notes["pair-1"], "start-up included") || strings.Contains(notes["pair-1"], "--strategy prog.c") {
		t.Errorf("pair note: %s", notes["pair-1"])
	}
	if strings.Contains(notes["distribution-1"], "Not drawn") || !strings.Contains(notes["distribution-2"], "Not drawn: program=prog.c") {
		t.Errorf("distribution notes: %q, %q", notes["distribution-1"], notes["distribution-2"])
	}
}

// TestProgramBesideStrategy is issue 23's bench --strategy fast --program
// .../fast: the page keeps the strategy fast and the program fast apart,
// in the mean-time table and legend, the per-puzzle sections and the
// pairs; and a name with a program's control bytes (from a file written
// by hand or by an old bench) shows escaped.
func TestProgramBesideStrategy(t *testing.T) {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ncpu: Test CPU\n")
	for i := range 3 {
		f := 1 + 0.01*float64(i)
		fmt.Fprintf(&b, "BenchmarkSolve/problem=poj3074/strategy=fast/set=top95-2 1 %.0f ns/op %.0f ns/puzzle 2 guesses/puzzle\n", 9500*f, 100*f)
		fmt.Fprintf(&b, "BenchmarkSolve/problem=poj3074/program=fast/set=top95-2 1 %.0f ns/op %.0f ns/puzzle\n", 3e8*f, 3.2e6*f)
		fmt.Fprintf(&b, "BenchmarkSolve/problem=poj3074/strategy=%s/set=top95-2 1 %.0f ns/op %.0f ns/puzzle\n", "\x1b[2J\u202eevil", 3e8*f, 3.2e6*f)
	}
	res, warnings, err := compare.Read(strings.NewReader(b.String()), "new.txt")
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	ns := func(base int64) []int64 {
		out := make([]int64, 95)
		for i := range out {
			out[i] = base + int64(i)
		}
		return out
	}
	times := &measure.Times{Version: 1, Unit: "ns", Series: []measure.TimeSeries{
		{Problem: "poj3074", Set: "top95", Strategy: "fast", Ns: ns(100_000)},
		{Problem: "poj3074", Set: "top95", Strategy: "fast", Program: true, Ns: ns(3_200_000)},
	}}
	in := Input{Name: "new.txt", Results: res, Times: times}
	secs, err := Sections([]Input{in}, Options{Pairs: [][2]string{{"fast", "program=fast"}}})
	if err != nil {
		t.Fatal(err)
	}
	byID := make(map[string]Section)
	for _, s := range secs {
		byID[s.ID] = s
	}
	speed := byID["speed"]
	rows := fmt.Sprint(speed.Rows)
	if !strings.Contains(rows, "[poj3074 top95 fast 0.10 1.00x]") || !strings.Contains(rows, "[poj3074 top95 program=fast 3232.00 32000.00x]") {
		t.Errorf("speed rows do not keep the strategy and the program apart: %v", speed.Rows)
	}
	if len(speed.Legend) != 3 {
		t.Errorf("legend %v, want fast, program=fast and the escaped one", speed.Legend)
	}
	if p := byID["pair-1"]; p.Title != "program=fast vs fast on poj3074/top95" {
		t.Errorf("pair-1: %q", p.Title)
	}
	dist := fmt.Sprint(byID["distribution-1"].Rows)
	if !strings.Contains(dist, "[fast 95") || !strings.Contains(dist, "[program=fast 95") {
		t.Errorf("distribution rows: %v", dist)
	}
	var page bytes.Buffer
	if err := Write(&page, []Input{in}, Options{}); err != nil {
		t.Fatal(err)
	}
	if f := hostiletext.Find(page.String()); f != "" {
		t.Errorf("the page holds %s", f)
	}
	if !strings.Contains(page.String(), `\x1b[2J\u{202e}evil`) {
		t.Errorf("the page does not show the name escaped")
	}
}
