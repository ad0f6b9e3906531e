package target

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestConfig(t *testing.T) {
	// 1 s as on Luogu, 128 MiB, exact judging.
	problemtest.CheckConfig(t, New(), problemtest.Limits{time.Second, 128, "default", "lines"})
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
	if tests := problemtest.Tests(t, New()); len(tests) != 22 {
		t.Fatalf("%d tests, want 2 samples and 20 official tests", len(tests))
	}
	problemtest.CheckData(t, New(), dlx.New())
}

// TestSolveCase checks the best grid itself on the first sample: it solves
// the puzzle and scores what the answer says.
func TestSolveCase(t *testing.T) {
	prob := New()
	tests := problemtest.Tests(t, prob)
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
	tests := problemtest.Tests(t, New())
	sample := string(tests[0].Input) // 9 lines, "7 0 0 9 0 0 0 0 1" first
	line := func(n int, s string) string {
		lines := strings.Split(sample, "\n")
		lines[n-1] = s
		return strings.Join(lines, "\n")
	}
	problemtest.CheckParseErrors(t, New(), []problemtest.ParseErrorCase{
		{"empty", "", 1, 0, "input ends after 0 of the 9 grid lines"},
		{"eight lines", strings.Join(strings.Split(sample, "\n")[:8], "\n") + "\n", 9, 0, "input ends after 8 of the 9 grid lines"},
		{"short line", line(3, "0 0 0 2 0 0 0 8"), 3, 16, "line has 8 digits, want 9"},
		{"long line", line(2, "1 0 0 0 0 5 9 0 0 4"), 2, 19, "unexpected \"4\" after the 9 digits"},
		{"number 10", line(4, "0 0 5 0 2 0 0 10 3"), 4, 15, "\"10\": want a digit 0-9"},
		{"negative", line(1, "-7 0 0 9 0 0 0 0 1"), 1, 1, "\"-7\": want a digit 0-9"},
		{"dot for empty", line(5, "0 0 0 . 0 0 6 4 8"), 5, 7, "\".\": want a digit 0-9"},
		{"digits run together", line(6, "413000000"), 6, 1, "\"413000000\": want a digit 0-9"},
		{"blank line inside", line(7, ""), 7, 1, "line has 0 digits, want 9"},
		{"tenth line", sample + "0 0 0\n", 10, 1, "unexpected \"0 0 0\" after the 9 grid lines"},
		{"leading blank line", "\n" + sample, 1, 1, "line has 0 digits, want 9"},
	})
}

func TestParseLayouts(t *testing.T) {
	tests := problemtest.Tests(t, New())
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
}

// TestWriteInputRoundTrip writes every test's input back and gets its bytes.
func TestWriteInputRoundTrip(t *testing.T) {
	problemtest.CheckTests(t, New(), writeInput, map[string]int{"sample/1": 1}, nil)
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
		in, ps := problemtest.CheckGenerate(t, prob, tc.opts)
		if len(ps) != 1 {
			t.Fatalf("%+v: %d puzzles, want 1", tc.opts, len(ps))
		}
		p := ps[0]
		if p.Clash() != nil {
			t.Errorf("%+v: givens clash", tc.opts)
		}
		n := problemtest.CheckCounts(t, dlx.New(), ps, maxCompletions, tc.minSols, tc.maxSols)[0]
		if g := p.NumGivens(); tc.opts.Kind == "" && (g < minGivens || g > maxGivens+10) {
			t.Errorf("%+v: %d givens, want about 24-30", tc.opts, g)
		}
		// The generated puzzle goes through the whole pipeline.
		var out bytes.Buffer
		if err := problems.Solve(ctx, prob, prob.Reference(), "gen", in, &out); err != nil {
			t.Fatal(err)
		}
		if (out.String() == "-1\n") != (n == 0) {
			t.Errorf("%+v: output %q for %d completions", tc.opts, out.String(), n)
		}
	}
	for _, bad := range []problems.GenOptions{{Kind: "mixed"}, {Givens: -1}, {Givens: 82}} {
		if err := prob.Generate(context.Background(), &bytes.Buffer{}, bad); err == nil {
			t.Errorf("Generate(%+v): no error", bad)
		}
	}
}

// TestChecker judges hand-made outputs for sample 1 (answer 2829) as
// Luogu does: white space at a line's end and the output's end is
// forgiven, any other layout is WA (Luogu has no PE).
func TestChecker(t *testing.T) {
	prob := New()
	cases := []struct {
		output string
		want   contest.Verdict
	}{
		{"2829\n", contest.AC},
		{"2829", contest.AC},
		{"2829\r\n", contest.AC},
		{"2828\n", contest.WA},
		{"-1\n", contest.WA},
		{"", contest.WA},
		{"2829\n2829\n", contest.WA},
		{"2829  \n\n\n", contest.AC},
		{"\n2829\n", contest.WA},
		{" 2829\n", contest.WA},
	}
	for _, tc := range cases {
		if r := contest.Run(context.Background(), prob.Checker(), nil, []byte(tc.output), []byte("2829\n")); r.Verdict != tc.want {
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
	for _, tc := range problemtest.Tests(f, New())[:3] {
		f.Add(tc.Input)
	}
	f.Add([]byte("1 2 3\n"))
	problemtest.FuzzParse(f, New().Parse, writeInput)
}

// writeInput is WriteInput for the one case of an input.
func writeInput(w io.Writer, ps []*solvers.Puzzle) error {
	if len(ps) != 1 {
		return fmt.Errorf("%d puzzles, want 1", len(ps))
	}
	return WriteInput(w, ps[0])
}
