package target

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestConfig(t *testing.T) {
	c := New().Config()
	if c.TimeLimit().Seconds() != 1 || c.Limits.Memory != 128 || c.Harness.Checker != "lines" {
		t.Errorf("config %+v: want 1 s, 128 MiB and the lines checker", c)
	}
	if s := c.StrategyTimeLimit().Seconds(); s < 1 || s > 2 {
		t.Errorf("strategy time limit %v s, want 1-2", s)
	}
}

func TestWeights(t *testing.T) {
	got, want := Weights().Weights, solverstest.RingWeights().Weights
	if !slices.Equal(got, want) {
		t.Errorf("Weights:\n got %v\nwant %v", got, want)
	}
	// Spot checks from the statement's picture.
	for _, tc := range []struct{ i, w int }{{0, 6}, {8, 6}, {10, 7}, {40, 10}, {20, 8}, {30, 9}, {80, 6}} {
		if got[tc.i] != tc.w {
			t.Errorf("weight of %s = %d, want %d", solvers.CellName(9, tc.i), got[tc.i], tc.w)
		}
	}
}

// TestData solves every test, the samples and the 20 official ones, through
// SolveCase and Format with the reference strategy and with dlx, which
// enumerates every completion without bounding: both must match the
// official answers.
func TestData(t *testing.T) {
	prob := New()
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) != 22 {
		t.Fatalf("%d tests, want 2 samples and 20 official tests", len(tests))
	}
	for _, tc := range tests {
		for _, s := range []solvers.Strategy{prob.Reference(), dlx.New()} {
			var out bytes.Buffer
			if err := problems.Solve(context.Background(), prob, s, tc.Name, tc.Input, &out); err != nil {
				t.Fatalf("%s: %v", s.Name(), err)
			}
			if r := prob.Checker().Check(tc.Input, out.Bytes(), tc.Answer); r.Verdict != verdict.AC {
				t.Errorf("%s with %s: %s: %s\n%s", tc.Name, s.Name(), r.Verdict, r.Message, r.Diff)
			}
		}
	}
}

// TestSolveCase checks the best grid itself on the first sample: it solves
// the puzzle and scores what the answer says.
func TestSolveCase(t *testing.T) {
	prob := New()
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse("sample/1", tests[0].Input)
	if err != nil {
		t.Fatal(err)
	}
	a, err := prob.SolveCase(context.Background(), dlx.New(), p)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(a.Grid); err != nil {
		t.Fatalf("best grid: %v", err)
	}
	if a.Score != 2829 || Weights().Score(a.Grid) != 2829 {
		t.Errorf("score %d, grid scores %d, want 2829", a.Score, Weights().Score(a.Grid))
	}
	// dlx visits every completion: the sample has 3 (SOURCE.md).
	if a.Solutions != 3 {
		t.Errorf("dlx visited %d completions, want 3", a.Solutions)
	}
}

func TestParseErrors(t *testing.T) {
	tests, err := New().Tests()
	if err != nil {
		t.Fatal(err)
	}
	sample := string(tests[0].Input) // 9 lines, "7 0 0 9 0 0 0 0 1" first
	line := func(n int, s string) string {
		lines := strings.Split(sample, "\n")
		lines[n-1] = s
		return strings.Join(lines, "\n")
	}
	cases := []struct {
		name, input, want string
	}{
		{"empty", "", "1: input ends after 0 of the 9 grid lines"},
		{"eight lines", strings.Join(strings.Split(sample, "\n")[:8], "\n") + "\n", "9: input ends after 8 of the 9 grid lines"},
		{"short line", line(3, "0 0 0 2 0 0 0 8"), "3:16: line has 8 digits, want 9"},
		{"long line", line(2, "1 0 0 0 0 5 9 0 0 4"), "2:19: unexpected \"4\" after the 9 digits"},
		{"number 10", line(4, "0 0 5 0 2 0 0 10 3"), "4:15: \"10\": want a digit 0-9"},
		{"negative", line(1, "-7 0 0 9 0 0 0 0 1"), "1:1: \"-7\": want a digit 0-9"},
		{"dot for empty", line(5, "0 0 0 . 0 0 6 4 8"), "5:7: \".\": want a digit 0-9"},
		{"digits run together", line(6, "413000000"), "6:1: \"413000000\": want a digit 0-9"},
		{"blank line inside", line(7, ""), "7:1: line has 0 digits, want 9"},
		{"tenth line", sample + "0 0 0\n", "10:1: unexpected \"0 0 0\" after the 9 grid lines"},
		{"leading blank line", "\n" + sample, "1:1: line has 0 digits, want 9"},
	}
	for _, tc := range cases {
		_, err := Parse("in", []byte(tc.input))
		var pe *problems.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %v, want a *problems.ParseError", tc.name, err)
			continue
		}
		if got := strings.TrimPrefix(err.Error(), "in:"); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s:\n got %s\nwant %s...", tc.name, got, tc.want)
		}
	}
}

func TestParseLayouts(t *testing.T) {
	tests, err := New().Tests()
	if err != nil {
		t.Fatal(err)
	}
	sample := string(tests[0].Input)
	want, err := Parse("sample", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{
		"CRLF":              strings.ReplaceAll(sample, "\n", "\r\n"),
		"trailing spaces":   strings.ReplaceAll(sample, "\n", " \n"),
		"tabs":              strings.ReplaceAll(sample, " ", "\t"),
		"no final EOL":      strings.TrimSuffix(sample, "\n"),
		"blank lines after": sample + "\n\n  \n",
	} {
		got, err := Parse(name, []byte(in))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !slices.Equal(got.Givens(), want.Givens()) {
			t.Errorf("%s: givens differ from the sample's", name)
		}
	}
	var b bytes.Buffer
	if err := WriteInput(&b, want); err != nil {
		t.Fatal(err)
	}
	if b.String() != sample {
		t.Errorf("WriteInput(Parse(sample)) differs from the sample:\n%s", b.String())
	}
}

func TestGenerate(t *testing.T) {
	prob := New()
	ctx := context.Background()
	tests := []struct {
		opts    problems.GenOptions
		minSols int // completions, counted by a second strategy up to 50,000
		maxSols int
	}{
		{problems.GenOptions{Seed: 1}, 1, maxCompletions - 1},
		{problems.GenOptions{Seed: 2, Kind: "multiple", Givens: 40}, 2, maxCompletions - 1},
		{problems.GenOptions{Seed: 3, Kind: "unique", Givens: 28}, 1, 1},
		{problems.GenOptions{Seed: 4, Kind: "none"}, 0, 0},
	}
	for _, tc := range tests {
		var a, b bytes.Buffer
		if err := prob.Generate(&a, tc.opts); err != nil {
			t.Fatalf("%+v: %v", tc.opts, err)
		}
		if err := prob.Generate(&b, tc.opts); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Errorf("%+v: same seed, different output", tc.opts)
		}
		p, err := Parse("gen", a.Bytes())
		if err != nil {
			t.Fatalf("%+v: generated input does not parse: %v", tc.opts, err)
		}
		if p.Clash() != nil {
			t.Errorf("%+v: givens clash", tc.opts)
		}
		n, _, err := solvers.Count(ctx, dlx.New(), p, maxCompletions)
		if err != nil {
			t.Fatal(err)
		}
		if n < tc.minSols || n > tc.maxSols {
			t.Errorf("%+v: %d completions, want %d-%d", tc.opts, n, tc.minSols, tc.maxSols)
		}
		if g := p.NumGivens(); tc.opts.Kind == "" && (g < minGivens || g > maxGivens+10) {
			t.Errorf("%+v: %d givens, want about 24-30", tc.opts, g)
		}
		// The generated puzzle goes through the whole pipeline.
		var out bytes.Buffer
		if err := problems.Solve(ctx, prob, prob.Reference(), "gen", a.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		if (out.String() == "-1\n") != (n == 0) {
			t.Errorf("%+v: output %q for %d completions", tc.opts, out.String(), n)
		}
	}
	for _, bad := range []problems.GenOptions{{Kind: "mixed"}, {Givens: -1}, {Givens: 82}} {
		if err := prob.Generate(&bytes.Buffer{}, bad); err == nil {
			t.Errorf("Generate(%+v): no error", bad)
		}
	}
}

// TestChecker judges hand-made outputs for sample 1 (answer 2829).
func TestChecker(t *testing.T) {
	prob := New()
	cases := []struct {
		output string
		want   verdict.Verdict
	}{
		{"2829\n", verdict.AC},
		{"2829", verdict.AC},
		{"2829\r\n", verdict.AC},
		{"2828\n", verdict.WA},
		{"-1\n", verdict.WA},
		{"", verdict.WA},
		{"2829\n2829\n", verdict.WA},
		{"\n2829\n", verdict.PE},
	}
	for _, tc := range cases {
		if r := prob.Checker().Check(nil, []byte(tc.output), []byte("2829\n")); r.Verdict != tc.want {
			t.Errorf("output %q: %s (%s), want %s", tc.output, r.Verdict, r.Message, tc.want)
		}
	}
}

func TestFormat(t *testing.T) {
	var b bytes.Buffer
	if err := New().Format(&b, []problems.Answer{{Score: 2829}, {Score: -1}}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "2829\n-1\n" {
		t.Errorf("Format: %q", b.String())
	}
}

func FuzzParse(f *testing.F) {
	tests, err := New().Tests()
	if err != nil {
		f.Fatal(err)
	}
	for _, tc := range tests[:3] {
		f.Add(tc.Input)
	}
	f.Add([]byte("1 2 3\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := Parse("fuzz", in)
		if err != nil {
			if _, ok := err.(*problems.ParseError); !ok {
				t.Fatalf("error %T %v, want *problems.ParseError", err, err)
			}
			return
		}
		var b bytes.Buffer
		if err := WriteInput(&b, p); err != nil {
			t.Fatal(err)
		}
		again, err := Parse("again", b.Bytes())
		if err != nil || !slices.Equal(again.Givens(), p.Givens()) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
