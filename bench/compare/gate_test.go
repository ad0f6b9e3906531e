package compare

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
)

// results makes one benchmark's results with these ns/op values, under
// file configuration cfg ("key: value" lines).
func results(t *testing.T, cfg string, ns []float64) []*benchfmt.Result {
	t.Helper()
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\n" + cfg)
	for _, v := range ns {
		fmt.Fprintf(&b, "BenchmarkSolve/strategy=dlx/set=top95 1 %g ns/op\n", v)
	}
	res, warn, err := Read(strings.NewReader(b.String()), "x")
	if err != nil || len(warn) > 0 {
		t.Fatalf("%v %v", err, warn)
	}
	return res
}

func scaled(ns []float64, f float64) []float64 {
	out := make([]float64, len(ns))
	for i, v := range ns {
		out[i] = v * f
	}
	return out
}

// oneRow compares old with new and returns the comparison and its only
// sec/op row.
func oneRow(t *testing.T, old, new []*benchfmt.Result) (*Comparison, Row) {
	t.Helper()
	c, err := Compare([]File{{"old", old}, {"new", new}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range c.Tables {
		if tb.Unit == "sec/op" && len(tb.Rows) == 1 {
			return c, tb.Rows[0]
		}
	}
	t.Fatalf("no sec/op row in %+v", c.Tables)
	return nil, Row{}
}

// TestAlpha pins the significance level on both sides of 0.05: two
// samples of ten, the new one shifted so that the Mann-Whitney U test's
// p is 0.0524, then 0.0433 (no ties).
func TestAlpha(t *testing.T) {
	var old []float64
	for i := range 10 {
		old = append(old, 1000+10*float64(i))
	}
	shifted := func(c float64) []float64 {
		var ns []float64
		for i := range 10 {
			ns = append(ns, 1000+11*float64(i)+c)
		}
		return ns
	}
	tests := []struct {
		shift   float64
		wantP   float64
		wantSig bool
		delta   string
	}{
		{27.5, 0.0524, false, "~"},
		{28.5, 0.0433, true, "+3.16% (noise?)"}, // within the spread: marked
	}
	for _, tt := range tests {
		_, r := oneRow(t, results(t, "", old), results(t, "", shifted(tt.shift)))
		if r.Cmp.Alpha != 0.05 || math.Abs(r.Cmp.P-tt.wantP) > 0.00005 {
			t.Fatalf("shift %v: p %.4f alpha %v, want p %.4f at alpha 0.05", tt.shift, r.Cmp.P, r.Cmp.Alpha, tt.wantP)
		}
		if r.Significant() != tt.wantSig || DeltaString(r) != tt.delta {
			t.Errorf("shift %v (p %.4f): significant %v, %q; want %v, %q", tt.shift, r.Cmp.P, r.Significant(), DeltaString(r), tt.wantSig, tt.delta)
		}
	}
}

// TestNoisyMark pins the "noise?" rule on both sides: a significant change
// no larger than the spread is marked, one larger is not.
func TestNoisyMark(t *testing.T) {
	// x2 and x9 (the 95% interval of ten) at ±5% of the median.
	old := []float64{940, 950, 980, 990, 1000, 1000, 1010, 1020, 1050, 1060}
	for _, tt := range []struct {
		f     float64
		noisy bool
	}{{1.049, true}, {1.051, false}} {
		_, r := oneRow(t, results(t, "", old), results(t, "", scaled(old, tt.f)))
		if !r.Significant() {
			t.Fatalf("x%v: not significant (p %v): the case's data are wrong", tt.f, r.Cmp.P)
		}
		if r.Noisy() != tt.noisy || math.Abs(r.Spread()-0.05) > 1e-9 {
			t.Errorf("x%v: delta %+.4f, spread %.4f: Noisy %v, want %v", tt.f, r.Delta(), r.Spread(), r.Noisy(), tt.noisy)
		}
	}
}

// TestGateThresholds pins the gate on both sides of each of its
// thresholds, at --fail-over 10: the slowdown itself, the spread of the
// runs (the noise rule), and the difference of the CPU wait bench recorded
// on each side (the load rule).
// Where the data cannot decide, the gate says so rather than reporting a
// slowdown or the absence of one.
func TestGateThresholds(t *testing.T) {
	steady := []float64{990, 995, 998, 999, 1000, 1000, 1001, 1002, 1005, 1010}
	// Ten runs whose 95% interval (x2, x9) is ±9.8% of the median, and
	// ±10.2%.
	narrow := []float64{880, 902, 960, 990, 1000, 1000, 1010, 1040, 1098, 1120}
	wide := []float64{880, 898, 960, 990, 1000, 1000, 1010, 1040, 1102, 1120}
	tests := []struct {
		name           string
		old, new       []float64
		oldCfg, newCfg string
		wantRegs       int
		wantNoisy      int
		wantLoads      int
	}{
		{"10.3% slower, steady", steady, scaled(steady, 1.103), "", "", 1, 0, 0},
		{"9.7% slower, steady", steady, scaled(steady, 1.097), "", "", 0, 0, 0},
		// The medians 12% apart and both intervals within ±9.8%, but an
		// outlier on each side and tails that overlap: p 0.147, no
		// significant slowdown, so no regression.
		{"12% slower, not significant", []float64{900, 903, 990, 995, 1000, 1000, 1090, 1095, 1097, 5000},
			[]float64{100, 1012, 1012, 1012, 1012, 1228, 1228, 1229, 1229, 5000}, "", "", 0, 0, 0},
		{"30% slower, spread ±9.8%", narrow, scaled(narrow, 1.3), "", "", 1, 0, 0},
		{"30% slower, spread ±10.2%: too noisy", wide, scaled(wide, 1.3), "", "", 0, 1, 0},
		{"no change, spread ±10.2%: too noisy, not a pass", wide, wide, "", "", 0, 1, 0},
		{"five runs: no finite interval", steady[:5], scaled(steady[:5], 1.3), "", "", 0, 1, 0},
		{"30% slower, loads 9.9 points apart", steady, scaled(steady, 1.3), "cpu-wait: 2.0%\n", "cpu-wait: 11.9%\n", 1, 0, 0},
		{"30% slower, loads 10.1 points apart: too noisy", steady, scaled(steady, 1.3), "cpu-wait: 2.0%\n", "cpu-wait: 12.1%\n", 0, 0, 2},
		{"the same, both busy alike", steady, steady, "cpu-wait: 65.0%\n", "cpu-wait: 70.5%\n", 0, 0, 0},
		{"the same, one busy", steady, steady, "cpu-wait: 1.0%\n", "cpu-wait: 41.5%\n", 0, 0, 2},
		{"one load unknown (an older file)", steady, scaled(steady, 1.3), "", "cpu-wait: 41.5%\n", 1, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, r := oneRow(t, results(t, tt.oldCfg, tt.old), results(t, tt.newCfg, tt.new))
			g := c.Gate(10)
			if len(g.Regressions) != tt.wantRegs || len(g.Noisy) != tt.wantNoisy || len(g.Loads) != tt.wantLoads {
				t.Errorf("delta %+.2f%%, spread ±%.2f%%, p %.4f: %d regressions, %d noisy, %d loads; want %d, %d, %d",
					100*r.Delta(), 100*r.Spread(), r.Cmp.P, len(g.Regressions), len(g.Noisy), len(g.Loads), tt.wantRegs, tt.wantNoisy, tt.wantLoads)
			}
			if want := tt.wantRegs == 0 && tt.wantNoisy+tt.wantLoads > 0; g.Undecided() != want {
				t.Errorf("Undecided() = %v, want %v", g.Undecided(), want)
			}
		})
	}
}

// TestGateDecidesBesideNoise: a benchmark slower beyond doubt fails the
// gate even when another one is too noisy to judge; the gate is undecided
// only when nothing failed.
func TestGateDecidesBesideNoise(t *testing.T) {
	steady := []float64{990, 995, 998, 999, 1000, 1000, 1001, 1002, 1005, 1010}
	wide := []float64{880, 898, 960, 990, 1000, 1000, 1010, 1040, 1102, 1120} // ±10.2%
	file := func(sets map[string][]float64) []*benchfmt.Result {
		var b strings.Builder
		b.WriteString("goos: linux\ngoarch: amd64\n")
		for _, set := range []string{"top95", "hard"} {
			for _, v := range sets[set] {
				fmt.Fprintf(&b, "BenchmarkSolve/strategy=dlx/set=%s 1 %g ns/op\n", set, v)
			}
		}
		res, warn, err := Read(strings.NewReader(b.String()), "x")
		if err != nil || len(warn) > 0 {
			t.Fatalf("%v %v", err, warn)
		}
		return res
	}
	for _, tt := range []struct {
		name          string
		top95         []float64 // new; old is steady
		wantRegs      int
		wantUndecided bool
	}{
		{"one 30% slower, one too noisy", scaled(steady, 1.3), 1, false},
		{"one unchanged, one too noisy", steady, 0, true},
	} {
		old := file(map[string][]float64{"top95": steady, "hard": wide})
		new := file(map[string][]float64{"top95": tt.top95, "hard": scaled(wide, 1.3)})
		c, err := Compare([]File{{"old", old}, {"new", new}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := c.Gate(10)
		if len(g.Regressions) != tt.wantRegs || len(g.Noisy) != 1 || g.Undecided() != tt.wantUndecided {
			t.Errorf("%s: %d regressions, %d noisy, undecided %v; want %d, 1, %v", tt.name, len(g.Regressions), len(g.Noisy), g.Undecided(), tt.wantRegs, tt.wantUndecided)
		}
	}
}

// TestGateCountedWhenBusy: instructions, counted by valgrind, are judged
// whatever the load, and the gate decides on them.
func TestGateCountedWhenBusy(t *testing.T) {
	file := func(instr float64, wait string) []*benchfmt.Result {
		var b strings.Builder
		b.WriteString("goos: linux\ngoarch: amd64\ncpu-wait: " + wait + "\n")
		for i := range 10 {
			fmt.Fprintf(&b, "BenchmarkSolve/strategy=dlx/set=top95 1 %d ns/op", 1000+i*(i%3)*40)
			if i == 0 {
				fmt.Fprintf(&b, " %g instructions/puzzle", instr)
			}
			b.WriteString("\n")
		}
		res, _, err := Read(strings.NewReader(b.String()), "x")
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for _, tt := range []struct {
		instr    float64
		wantRegs int
	}{{1030, 1}, {1000, 0}} {
		c, err := Compare([]File{{"old", file(1000, "30.0%")}, {"new", file(tt.instr, "45.0%")}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := c.Gate(2)
		if len(g.Regressions) != tt.wantRegs || len(g.Noisy) != 0 || g.Undecided() {
			t.Errorf("%v instructions: %d regressions, %d noisy, undecided %v; want %d, 0, false", tt.instr, len(g.Regressions), len(g.Noisy), g.Undecided(), tt.wantRegs)
		}
	}
}

func TestConfigCPUWait(t *testing.T) {
	tests := []struct {
		vals []string
		want float64
		ok   bool
	}{
		{[]string{"12.5%"}, 0.125, true},
		{[]string{"3%", "41.5%"}, 0.415, true}, // runs concatenated: the busiest
		{nil, 0, false},
		{[]string{"12.5"}, 0, false},
		{[]string{"x%"}, 0, false},
		{[]string{"150%"}, 0, false},
	}
	for _, tt := range tests {
		got, ok := Config{CPUWaitKey: tt.vals}.CPUWait()
		if math.Abs(got-tt.want) > 1e-12 || ok != tt.ok {
			t.Errorf("CPUWait(%q) = %v, %v; want %v, %v", tt.vals, got, ok, tt.want, tt.ok)
		}
	}
}

// TestGateText checks what compare --fail-over prints of each judgement:
// the slowdowns, and beside them what was too noisy; too noisy alone; no
// slowdown.
func TestGateText(t *testing.T) {
	steady := []float64{990, 995, 998, 999, 1000, 1000, 1001, 1002, 1005, 1010}
	_, slow := oneRow(t, results(t, "", steady), results(t, "", scaled(steady, 1.3)))
	_, few := oneRow(t, results(t, "", steady[:5]), results(t, "", steady[:5]))
	loads := []FileWait{{Name: "old.txt", Share: 0.02}, {Name: "new.txt", Share: 0.41}}
	for _, tc := range []struct {
		name string
		g    Gate
		want []string
	}{
		{"a slowdown beside noise", Gate{Threshold: 10, Regressions: []Regression{{Unit: "sec/op", Row: slow}}, Noisy: []Regression{{Unit: "sec/op", Row: few}}},
			[]string{"\n1 significant slowdowns over 10%:\n  Solve/strategy=dlx/set=top95 sec/op: +30.0% (p=0.000 n=10)\n", "not judged, too noisy:\n", "spread ± ∞ (too few runs for a 95% interval)\n"}},
		{"loads apart", Gate{Threshold: 10, Loads: loads},
			[]string{"\ntoo noisy to decide at 10%:\n", "old.txt and new.txt were measured under different loads: their timed threads waited 2.0% and 41.0% of their time for a CPU\n"}},
		{"nothing slower", Gate{Threshold: 5}, []string{"\nno significant slowdown over 5%\n"}},
	} {
		var b strings.Builder
		if err := tc.g.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: text lacks %q:\n%s", tc.name, w, b.String())
			}
		}
	}
}
