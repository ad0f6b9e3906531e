package hdu4069

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/propagate"
)

// TestParseLayouts checks inputs the parser accepts besides the sample's
// own layout: they must give the sample's puzzles.
func TestParseLayouts(t *testing.T) {
	tests := problemtest.Tests(t, New())
	sample := string(tests[0].Input)
	want, err := Parse("sample", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	noBorder := func(s string) string {
		// Drop the outer walls: up on row 1, right on column 9, ...
		var b strings.Builder
		toks := strings.Fields(s)
		b.WriteString(toks[0] + "\n")
		for k, tok := range toks[1:] {
			i := k % 81
			v := atoi(tok)
			if i < 9 {
				v &^= 16
			}
			if i%9 == 8 {
				v &^= 32
			}
			if i >= 72 {
				v &^= 64
			}
			if i%9 == 0 {
				v &^= 128
			}
			b.WriteString(itoa(v) + " ")
		}
		return b.String()
	}
	inputs := map[string]string{
		"one line":        strings.Join(strings.Fields(sample), " "),
		"CRLF":            strings.ReplaceAll(sample, "\n", "\r\n"),
		"tabs and blanks": "\n\n" + strings.ReplaceAll(sample, " ", "\t  "),
		"no border walls": noBorder(sample),
		"no final EOL":    strings.TrimRight(sample, "\n"),
	}
	for name, in := range inputs {
		got, err := Parse(name, []byte(in))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !problemtest.SamePuzzles(got, want) {
			t.Errorf("%s: puzzles differ from the sample's", name)
		}
	}
}

func atoi(s string) int {
	v := 0
	for _, c := range s {
		v = 10*v + int(c-'0')
	}
	return v
}

// TestWriteInputRoundTrip writes every test's input back and gets its
// bytes: the walls on both sides of every boundary and around the border,
// as the judge's sample has them.
func TestWriteInputRoundTrip(t *testing.T) {
	problemtest.CheckTests(t, New(), WriteInput, map[string]int{"sample/1": 3}, nil)
}

func TestGenerate(t *testing.T) {
	prob := New()
	tests := []struct {
		kind   string
		count  int
		lo, hi int // allowed solution counts, 2 meaning 2 or more
	}{
		{"", 2, 1, 1},
		{"unique", 1, 1, 1},
		{"multiple", 2, 2, 2},
		{"none", 2, 0, 0},
		{"mixed", 16, 0, 2},
	}
	for _, tc := range tests {
		opts := problems.GenOptions{Count: tc.count, Seed: 11, Kind: tc.kind}
		generate := problemtest.Generate
		if tc.kind == "" { // generating is slow: check determinism once
			generate = problemtest.CheckGenerate
		}
		_, ps := generate(t, prob, opts)
		counts := problemtest.CheckCounts(t, propagate.New(), ps, 2, tc.lo, tc.hi)
		seen := map[int]bool{}
		for k, p := range ps {
			if p.Standard() {
				t.Errorf("%q case %d: regions are the standard boxes", tc.kind, k+1)
			}
			if tc.kind == "none" && p.Clash() != nil {
				t.Errorf("%q case %d: givens clash; want the search to show there is no solution", tc.kind, k+1)
			}
			seen[counts[k]] = true
		}
		if tc.kind == "mixed" && len(seen) != 3 {
			t.Errorf("mixed: solution counts %v, want all of 0, 1, 2+", seen)
		}
	}
}

func TestGenerateBadOptions(t *testing.T) {
	for _, opts := range []problems.GenOptions{
		{Kind: "several"},
		{Count: -1},
		{Count: MaxCases + 1},
	} {
		if err := New().Generate(context.Background(), &bytes.Buffer{}, opts); err == nil {
			t.Errorf("Generate(%+v): no error", opts)
		}
	}
}

// TestChecker judges hand-made outputs of the sample, as HDU's judge does
// (SOURCE.md): spaces at a line's end count (PE); white space at the very
// end and CRLF are forgiven.
func TestChecker(t *testing.T) {
	prob := New()
	tests := problemtest.Tests(t, prob)
	in, ans := tests[0].Input, string(tests[0].Answer)
	cases := []struct {
		name   string
		output string
		want   contest.Verdict
	}{
		{"expected", ans, contest.AC},
		{"CRLF", strings.ReplaceAll(ans, "\n", "\r\n"), contest.AC},
		{"wrong digit", strings.Replace(ans, "521439678", "521439687", 1), contest.WA},
		{"lower-case Solutions", strings.Replace(ans, "Multiple Solutions", "Multiple solutions", 1), contest.WA},
		{"No Solution capitalised", strings.Replace(ans, "No solution", "No Solution", 1), contest.WA},
		{"unique case called multiple", strings.Replace(ans, "521439678\n763895124\n984527361\n346182795\n157964832\n812743956\n235678419\n479216583\n698351247", "Multiple Solutions", 1), contest.WA},
		{"missing last case", strings.TrimSuffix(ans, "Case 3:\nMultiple Solutions\n"), contest.WA},
		{"case header on the grid's line", strings.Replace(ans, "Case 1:\n", "Case 1: ", 1), contest.PE},
		{"no final newline", strings.TrimSuffix(ans, "\n"), contest.AC},
		{"blank lines and a space at the end", ans + " \n\n", contest.AC},
		{"a space after the case label", strings.Replace(ans, "Case 1:\n", "Case 1: \n", 1), contest.PE},
		{"a space after each line", strings.ReplaceAll(ans, "\n", " \n"), contest.PE},
		{"a blank line between cases", strings.Replace(ans, "\nCase 2:", "\n\nCase 2:", 1), contest.PE},
		{"empty", "", contest.WA},
	}
	for _, tc := range cases {
		if r := contest.Run(context.Background(), prob.Checker(), in, []byte(tc.output), []byte(ans)); r.Verdict != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, r.Verdict, r.Message, tc.want)
		}
	}
}

func TestFormat(t *testing.T) {
	grid := make(solvers.Grid, 81)
	for i := range grid {
		grid[i] = uint8(i%9 + 1)
	}
	var b bytes.Buffer
	err := New().Format(&b, []problems.Answer{{Solutions: 0}, {Grid: grid, Solutions: 1}, {Grid: grid, Solutions: 2}})
	if err != nil {
		t.Fatal(err)
	}
	want := "Case 1:\nNo solution\nCase 2:\n" + strings.Repeat("123456789\n", 9) + "Case 3:\nMultiple Solutions\n"
	if b.String() != want {
		t.Errorf("Format:\n%s\nwant\n%s", b.String(), want)
	}
	for _, bad := range []problems.Answer{{Solutions: 1}, {Solutions: 1, Grid: make(solvers.Grid, 81)}, {Solutions: 1, Grid: grid[:80]}} {
		if err := New().Format(&bytes.Buffer{}, []problems.Answer{bad}); err == nil {
			t.Errorf("Format(%v): no error", bad)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, tc := range problemtest.Tests(f, New())[:2] {
		f.Add(tc.Input)
	}
	f.Add([]byte("1\n0 0 0"))
	f.Add([]byte("2\n-1 300 x"))
	problemtest.FuzzParse(f, Parse, WriteInput)
}
