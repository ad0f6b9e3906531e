package compare

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/sudoku-judge/sudoku-judge/bench/measure"
)

// synthetic writes count results of two benchmarks in benchfmt, with times
// base*scale spread by a fixed ±2% pattern.
func synthetic(count int, scale float64) string {
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\npkg: x\n")
	spread := []float64{0.98, 1.01, 0.99, 1.02, 1.00, 0.985, 1.015, 0.995, 1.005, 1.0}
	for i := range count {
		f := spread[i%len(spread)] * scale
		fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=dlx/set=top95 1 %.0f ns/op %.0f ns/puzzle 10 guesses/puzzle\n", 95000*f, 1000*f)
		fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=fast/set=top95 1 %.0f ns/op %.0f ns/puzzle 2 guesses/puzzle\n", 9500*f, 100*f)
	}
	return b.String()
}

func compareText(t *testing.T, old, new string) *Comparison {
	t.Helper()
	o, w1, err := Read(strings.NewReader(old), "old")
	if err != nil || len(w1) > 0 {
		t.Fatalf("read old: %v %v", err, w1)
	}
	n, w2, err := Read(strings.NewReader(new), "new")
	if err != nil || len(w2) > 0 {
		t.Fatalf("read new: %v %v", err, w2)
	}
	c, err := Compare([]File{{"old", o}, {"new", n}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCompare(t *testing.T) {
	tests := []struct {
		name      string
		scale     float64
		wantDelta float64 // NaN: not significant
		gate      float64
		wantRegs  int
	}{
		{"20% slower", 1.2, 0.2, 10, 2}, // two benchmarks, each counted once
		{"20% slower under a 25% gate", 1.2, 0.2, 25, 0},
		{"identical", 1.0, math.NaN(), 10, 0},
		{"20% faster", 1 / 1.2, -1 / 6.0, 10, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareText(t, synthetic(10, 1), synthetic(10, tt.scale))
			if len(c.Tables) != 3 {
				t.Fatalf("%d tables, want 3 (sec/op, sec/puzzle, guesses/puzzle)", len(c.Tables))
			}
			for _, tb := range c.Tables[:2] {
				if !strings.HasPrefix(tb.Unit, "sec/") {
					t.Errorf("unit %q, want a time", tb.Unit)
				}
				if len(tb.Rows) != 2 {
					t.Fatalf("%s: %d rows, want 2", tb.Unit, len(tb.Rows))
				}
				for _, r := range tb.Rows {
					if math.IsNaN(tt.wantDelta) {
						if r.Significant() {
							t.Errorf("%s %s: significant change %+.3f, p=%v", tb.Unit, r.Name, r.Delta(), r.Cmp.P)
						}
						if got := DeltaString(r); got != "~" {
							t.Errorf("delta %q, want ~", got)
						}
						continue
					}
					if !r.Significant() {
						t.Errorf("%s %s: not significant, p=%v", tb.Unit, r.Name, r.Cmp.P)
					}
					if math.Abs(r.Delta()-tt.wantDelta) > 0.01 {
						t.Errorf("%s %s: delta %.3f, want %.3f", tb.Unit, r.Name, r.Delta(), tt.wantDelta)
					}
				}
				if g := tb.NewGeomean / tb.OldGeomean; math.Abs(g-tt.scale) > 0.01 {
					t.Errorf("%s: geomean ratio %.3f, want %.3f", tb.Unit, g, tt.scale)
				}
			}
			// guesses/puzzle do not change and are never a regression.
			for _, r := range c.Tables[2].Rows {
				if r.Significant() {
					t.Errorf("guesses %s changed", r.Name)
				}
			}
			if regs := c.Gate(tt.gate).Regressions; len(regs) != tt.wantRegs {
				t.Errorf("Gate(%v).Regressions = %v, want %d", tt.gate, regs, tt.wantRegs)
			}
			var out bytes.Buffer
			if err := c.WriteText(&out); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"sec/op", "sec/puzzle", "geomean", "strategy=dlx", "n=10"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("text lacks %q:\n%s", want, out.String())
				}
			}
		})
	}
}

func TestCompareMissingSide(t *testing.T) {
	old := "BenchmarkA 1 100 ns/op\n"
	new := "BenchmarkA 1 100 ns/op\nBenchmarkB 1 50 ns/op\n"
	c := compareText(t, old, new)
	rows := c.Tables[0].Rows
	if len(rows) != 2 || rows[1].Name != "B" || rows[1].Both() || rows[1].Significant() {
		t.Fatalf("rows %+v, want A on both sides and B new only", rows)
	}
	if !math.IsNaN(rows[1].Delta()) || DeltaString(rows[1]) != "" {
		t.Errorf("a new-only row has delta %v %q", rows[1].Delta(), DeltaString(rows[1]))
	}
	var out bytes.Buffer
	if err := c.WriteText(&out); err != nil {
		t.Fatal(err)
	}
}

func TestBadInput(t *testing.T) {
	res, warnings, err := Read(strings.NewReader("BenchmarkX 1 100 ns/op\nBenchmarkBroken x y\nnot a line\n"), "f.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || len(warnings) != 1 {
		t.Errorf("%d results, warnings %v; want 1 result and 1 warning", len(res), warnings)
	}
	if _, err := Compare([]File{{"a", res}, {"b", res}}, Options{Filter: "/("}); err == nil {
		t.Error("a malformed filter was accepted")
	}
	other, _, _ := Read(strings.NewReader("BenchmarkY 1 100 ns/op\n"), "g.txt")
	// Each of these once printed "no significant slowdown" and passed the gate.
	for _, tt := range []struct {
		name     string
		old, new []*benchfmt.Result
		filter   string
		want     string
	}{
		{"empty old", nil, res, "", "a holds no benchmark results"},
		{"empty new", res, nil, "", "b holds no benchmark results"},
		{"filter matching nothing", res, res, "/strategy:none", "matches no result"},
		{"nothing in common", res, other, "", "no benchmark is in both"},
	} {
		if _, err := Compare([]File{{"a", tt.old}, {"b", tt.new}}, Options{Filter: tt.filter}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestColumns: a column projection compares two strategies of one file,
// the rows keep the rest of the name, and anything but two sides is an
// error that names them.
func TestColumns(t *testing.T) {
	res, _, err := Read(strings.NewReader(synthetic(10, 1)), "one.txt")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compare([]File{{"one.txt", res}}, Options{Col: "/strategy"})
	if err != nil {
		t.Fatal(err)
	}
	if c.OldName != "dlx" || c.NewName != "fast" {
		t.Errorf("sides %q and %q, want dlx and fast", c.OldName, c.NewName)
	}
	for _, tb := range c.Tables {
		if len(tb.Rows) != 1 || tb.Rows[0].Name != "Solve/problem=sudoku/set=top95" || !tb.Rows[0].Both() {
			t.Fatalf("%s: rows %+v, want one row without the strategy", tb.Unit, tb.Rows)
		}
	}
	if d := c.Tables[1].Rows[0].Delta(); math.Abs(d+0.9) > 0.001 {
		t.Errorf("fast against dlx: %+.3f, want -0.900", d)
	}
	// The same file named twice is still two sides.
	if c, err := Compare([]File{{"one.txt", res}, {"one.txt", res}}, Options{}); err != nil || c.NewName != "one.txt#2" {
		t.Errorf("one file twice: %v, %+v", err, c)
	}
	for _, tt := range []struct {
		opts Options
		want string
	}{
		{Options{}, "one input (one.txt)"},
		{Options{Col: "/strategy", Filter: "/strategy:fast"}, "gives one column (fast)"},
		{Options{Col: "/set"}, "gives one column (top95)"},
		{Options{Row: "/("}, `row "/("`},
	} {
		if _, err := Compare([]File{{"one.txt", res}}, tt.opts); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want %q", tt.opts, err, tt.want)
		}
	}
}

// TestCountedGate: instructions/puzzle, counted once a side by valgrind,
// gates without a significance test, and judges a benchmark in place of
// its noisy times.
func TestCountedGate(t *testing.T) {
	file := func(instr float64, timeScale float64) []*benchfmt.Result {
		var b strings.Builder
		b.WriteString("goos: linux\ngoarch: amd64\n")
		for i := range 10 {
			f := timeScale * (1 + 0.01*float64(i%5-2))
			fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=dlx/set=top95 1 %.0f ns/op %.0f ns/puzzle", 95000*f, 1000*f)
			if i == 0 {
				fmt.Fprintf(&b, " %.0f instructions/puzzle", instr)
			}
			b.WriteString("\n")
		}
		res, _, err := Read(strings.NewReader(b.String()), "x")
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	tests := []struct {
		name          string
		instr, scale  float64
		gate          float64
		wantRegs      int
		wantUnit, cmp string
	}{
		{"3% more instructions, gate 2%", 1030, 1, 2, 1, "instructions/puzzle", "+3.00%"},
		{"3% more instructions, gate 5%", 1030, 1, 5, 0, "", "+3.00%"},
		{"same instructions, times 30% slower (load)", 1000, 1.3, 10, 0, "", "="},
		{"fewer instructions", 900, 1, 0, 0, "", "-10.00%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Compare([]File{{"old", file(1000, 1)}, {"new", file(tt.instr, tt.scale)}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			regs := c.Gate(tt.gate).Regressions
			if len(regs) != tt.wantRegs || (tt.wantRegs > 0 && regs[0].Unit != tt.wantUnit) {
				t.Errorf("Gate(%v).Regressions = %v, want %d in %s", tt.gate, regs, tt.wantRegs, tt.wantUnit)
			}
			var out bytes.Buffer
			if err := c.WriteText(&out); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), tt.cmp+" ") || !strings.Contains(out.String(), "counted") {
				t.Errorf("text lacks %q:\n%s", tt.cmp, out.String())
			}
			if strings.Contains(out.String(), "± ∞") && strings.Contains(out.String(), "instructions/puzzle: ") {
				t.Errorf("an interval note for a counted unit:\n%s", out.String())
			}
		})
	}
}

// TestGateNeedsSignificance: a timed benchmark fails the gate only when
// its slowdown is both over the threshold and significant; a larger median
// from overlapping noisy samples is not a regression.
func TestGateNeedsSignificance(t *testing.T) {
	file := func(ns []float64) []*benchfmt.Result {
		var b strings.Builder
		b.WriteString("goos: linux\ngoarch: amd64\n")
		for _, v := range ns {
			fmt.Fprintf(&b, "BenchmarkSolve/strategy=dlx/set=top95 1 %.0f ns/op\n", v)
		}
		res, _, err := Read(strings.NewReader(b.String()), "x")
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	scale := func(ns []float64, f float64) []float64 {
		out := make([]float64, len(ns))
		for i, v := range ns {
			out[i] = v * f
		}
		return out
	}
	steady := []float64{1000, 1010, 990, 1005, 995, 1002, 998, 1008, 992, 1000}
	noisy := []float64{1000, 1300, 800, 1200, 900, 1100, 950, 1250, 850, 1050}
	tests := []struct {
		name     string
		old, new []float64
		wantSig  bool
		wantRegs int
	}{
		{"10% slower, steady", steady, scale(steady, 1.10), true, 1},
		{"8% higher median, overlapping noise", noisy, scale(noisy, 1.08), false, 0},
		{"10% faster, steady", steady, scale(steady, 0.90), true, 0},
		{"same", steady, steady, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Compare([]File{{"old", file(tt.old)}, {"new", file(tt.new)}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var row *Row
			for _, tb := range c.Tables {
				if tb.Unit == "sec/op" && len(tb.Rows) == 1 {
					row = &tb.Rows[0]
				}
			}
			if row == nil {
				t.Fatalf("no sec/op row in %+v", c.Tables)
			}
			// The premise: the data are (not) significant as the case says.
			if row.Significant() != tt.wantSig {
				t.Fatalf("Significant() = %v (p %v), want %v: the case's data are wrong", row.Significant(), row.Cmp.P, tt.wantSig)
			}
			if regs := c.Gate(5).Regressions; len(regs) != tt.wantRegs {
				t.Errorf("Gate(5).Regressions = %v, want %d", regs, tt.wantRegs)
			}
		})
	}
}

// TestGateMissingUnit: a unit measured on one side only (instructions
// counted in the baseline, not in the new run) is no judgement: the
// benchmark is judged in the next unit both sides have.
func TestGateMissingUnit(t *testing.T) {
	file := func(scale float64, instr bool) []*benchfmt.Result {
		var b strings.Builder
		b.WriteString("goos: linux\ngoarch: amd64\n")
		for i := range 10 {
			fmt.Fprintf(&b, "BenchmarkSolve/strategy=dlx/set=top95 1 %.0f ns/op", scale*float64(1000+i))
			if instr && i == 0 {
				b.WriteString(" 5000 instructions/puzzle")
			}
			b.WriteString("\n")
		}
		res, _, err := Read(strings.NewReader(b.String()), "x")
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	c, err := Compare([]File{{"old", file(1, true)}, {"new", file(1.2, false)}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	regs := c.Gate(5).Regressions
	if len(regs) != 1 || regs[0].Unit != "sec/op" {
		t.Errorf("Gate(5).Regressions = %v, want the 20%% slowdown in sec/op", regs)
	}
}

// TestReadOldPrograms checks that a file of a bench from before programs
// had a key of their own is read as bench writes it now: its program
// (named strategy=, without guesses/puzzle) under program=, its strategies
// as they were, so that a program called fast and the strategy fast stay
// apart in a comparison of an old file with a new one.
func TestReadOldPrograms(t *testing.T) {
	if benchPkg != measure.Pkg {
		t.Fatalf("benchPkg %q, but bench writes pkg %q", benchPkg, measure.Pkg)
	}
	lines := "BenchmarkSolve/problem=poj3074/strategy=fast/set=top95-2 1 95000 ns/op 1000 ns/puzzle 2 guesses/puzzle 0 B/op 0 allocs/op\n" +
		"BenchmarkSolve/problem=poj3074/strategy=fast/set=top95-2 1 3e+08 ns/op 3.2e+06 ns/puzzle\n" +
		"BenchmarkSolve/problem=poj3074/strategy=dlx/set=top95-2 1 95000 ns/op 1000 ns/puzzle 50 guesses/puzzle\n" +
		"BenchmarkOther/strategy=x 1 5 ns/op\n"
	// Another tool's file, without bench's pkg, is read as it is.
	other, _, err := Read(strings.NewReader(lines), "other.txt")
	if err != nil || len(other) != 4 || string(other[1].Name) != "Solve/problem=poj3074/strategy=fast/set=top95-2" {
		t.Errorf("a file without pkg %s was changed: %v", benchPkg, err)
	}
	old := "pkg: " + benchPkg + "\n" + lines
	res, warnings, err := Read(strings.NewReader(old), "old.txt")
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	var names []string
	for _, r := range res {
		names = append(names, string(r.Name))
	}
	want := []string{
		"Solve/problem=poj3074/strategy=fast/set=top95-2",
		"Solve/problem=poj3074/program=fast/set=top95-2",
		"Solve/problem=poj3074/strategy=dlx/set=top95-2",
		"Other/strategy=x", // not ours: left as it is
	}
	if strings.Join(names, "\n") != strings.Join(want, "\n") {
		t.Errorf("names:\n%s\nwant:\n%s", strings.Join(names, "\n"), strings.Join(want, "\n"))
	}

	now := "BenchmarkSolve/problem=poj3074/strategy=fast/set=top95-2 1 95000 ns/op 1000 ns/puzzle 2 guesses/puzzle\n" +
		"BenchmarkSolve/problem=poj3074/program=fast/set=top95-2 1 3e+08 ns/op 3.2e+06 ns/puzzle\n"
	n, _, err := Read(strings.NewReader(now), "new.txt")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compare([]File{{"old.txt", res[:3]}, {"new.txt", n}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range c.Tables {
		if tb.Unit != "sec/puzzle" {
			continue
		}
		var rows []string
		for _, r := range tb.Rows {
			rows = append(rows, fmt.Sprintf("%s both=%v", r.Name, r.Both()))
		}
		// Each side's fast beside its fast: the strategy's 1 µs is not
		// compared with the program's 3.2 ms.
		if got, want := strings.Join(rows, "; "), "Solve/problem=poj3074/strategy=fast/set=top95-2 both=true; Solve/problem=poj3074/program=fast/set=top95-2 both=true; Solve/problem=poj3074/strategy=dlx/set=top95-2 both=false"; got != want {
			t.Errorf("rows: %s\nwant: %s", got, want)
		}
	}
}
