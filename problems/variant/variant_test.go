package variant_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/problems/variant"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/propagate"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

// dataOnly returns the catalog's problems that are only data: folders of
// problems/ with no Go package.
func dataOnly(t *testing.T) []*variant.Problem {
	t.Helper()
	var out []*variant.Problem
	for _, p := range catalog.All() {
		if v, ok := p.(*variant.Problem); ok {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		t.Fatal("the catalog has no problem of data alone")
	}
	return out
}

// TestCatalogProblems runs the checks every problem's own package runs on
// each problem of data alone (windoku): its data files parse and are
// written back byte for byte, the samples are what the reference answers,
// every test is answered alike by the reference and propagate, and the
// generator makes each kind it declares.
func TestCatalogProblems(t *testing.T) {
	for _, p := range dataOnly(t) {
		t.Run(p.ID(), func(t *testing.T) {
			problemtest.CheckTests(t, p, p.WriteInput, nil, nil)
			problemtest.CheckSamples(t, p)
			problemtest.CheckData(t, p, propagate.New())
			for _, kind := range p.Config().Harness.Kinds {
				in, ps := problemtest.CheckGenerate(t, p, problems.GenOptions{Count: 3, Seed: 9, Kind: kind})
				var out bytes.Buffer
				if err := problems.Solve(context.Background(), p, p.Reference(), kind, in, &out); err != nil {
					t.Fatal(err)
				}
				none, multiple := p.Answers()
				for i, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
					want := map[string]string{"unique": "", "multiple": multiple, "none": none}[kind]
					if want == "" && len(line) != p.Size()*p.Size() || want != "" && line != want {
						t.Errorf("kind %s: puzzle %d: answer %q", kind, i+1, line)
					}
					if ps[i].Clash() != nil {
						t.Errorf("kind %s: puzzle %d: givens clash: %v", kind, i+1, ps[i].Clash())
					}
				}
			}
		})
	}
}

// TestEveryStrategy solves each problem of data alone with every built-in
// strategy that declares its units: all agree with the answers.
func TestEveryStrategy(t *testing.T) {
	if testing.Short() {
		t.Skip("naive takes seconds")
	}
	for _, p := range dataOnly(t) {
		tc := problemtest.Test(t, p, "secret/4-mixed")
		ps, err := p.Parse(tc.Name, tc.Input)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range strategies.All() {
			if !solvers.SupportOf(s).Handles(ps[0]) {
				t.Errorf("%s: strategy %s does not handle its puzzles", p.ID(), s.Name())
				continue
			}
			var out bytes.Buffer
			if err := problems.Solve(context.Background(), p, s, tc.Name, tc.Input, &out); err != nil {
				t.Fatalf("%s with %s: %v", p.ID(), s.Name(), err)
			}
			if r := contest.Run(context.Background(), p.Checker(), tc.Input, out.Bytes(), tc.Answer); r.Verdict != contest.AC {
				t.Errorf("%s with %s: %s %s", p.ID(), s.Name(), r.Verdict, r.Message)
			}
		}
	}
}

// folder is a problem package of data alone, whose problem.yaml declares
// sudoku as its topology.
func folder(sudoku string) fstest.MapFS {
	return fstest.MapFS{
		"problem.yaml": {Data: []byte("name: X\nlimits: {time_limit: 1, memory: 64}\nharness:\n  checker: lines\n  sudoku:\n" + sudoku)},
	}
}

// jigsaw is a 9x9 region map whose regions are not the boxes: the boxes,
// but for a cell of the top-left one and one of the top-middle one traded.
var jigsaw = []string{
	"aaaabbccc", "aaabbbccc", "aabbbbccc", "dddeeefff", "dddeeefff", "dddeeefff", "ggghhhiii", "ggghhhiii", "ggghhhiii",
}

func TestTopologyErrors(t *testing.T) {
	tests := []struct{ sudoku, errText string }{
		{"    size: 8\n", "size 8: want 4, 9, 16 or 25"},
		{"    units: [stars]\n", `unknown unit "stars"`},
		{"    symbols: '12345678'\n", "want 9 characters"},
		{"    symbols: '112345678'\n", "all different"},
		{"    empty: '1'\n", "none of them the empty cell's"},
		{"    empty: ' '\n", "not a space"},
		{"    empty: '..'\n", "want one printable character"},
		{"    regions: [aaa]\n", "regions: 1 lines, want 9"},
		{"    regions: [" + strings.Repeat("aaaaaaaaa,", 8) + "aaaaaaaa]\n", "line 9 has 8 characters"},
		{"    regions: [" + strings.Repeat("abcdefghi,", 8) + "abcdefghj]\n", "region 10"},
		{"    regions: [" + strings.Repeat("aaaaaaaaa,", 8) + "bbbbbbbbb]\n", "has 72 cells, want 9"},
		{"    answers: {none: Same, multiple: Same}\n", "two different lines"},
	}
	for _, tc := range tests {
		_, err := variant.Open("x", folder(tc.sudoku))
		if err == nil || !strings.Contains(err.Error(), tc.errText) {
			t.Errorf("%q: error %v, want %q", tc.sudoku, err, tc.errText)
		}
	}
	if _, err := variant.Open("x", fstest.MapFS{"problem.yaml": {Data: []byte("name: X\nlimits: {time_limit: 1, memory: 64}\nharness: {checker: lines}\n")}}); err == nil || !strings.Contains(err.Error(), "declares no topology") {
		t.Errorf("a problem without a topology: %v", err)
	}
}

// TestJigsaw declares a jigsaw with its own region map, symbols and
// answers, and generates, parses, solves and formats puzzles of it: the
// regions are the map's, not the boxes.
func TestJigsaw(t *testing.T) {
	p, err := variant.Open("jig", folder("    regions: ["+strings.Join(jigsaw, ", ")+"]\n    symbols: ABCDEFGHI\n    empty: '-'\n    answers: {none: NONE, multiple: MANY}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Jigsaw() || p.ExtraUnits() != 0 {
		t.Errorf("jigsaw %v, %d extra units", p.Jigsaw(), p.ExtraUnits())
	}
	in, ps := problemtest.CheckGenerate(t, p, problems.GenOptions{Count: 4, Seed: 5, Kind: "mixed"})
	if strings.ContainsAny(string(in), "123456789.") {
		t.Errorf("input %q is not in the declared symbols", in)
	}
	for i, pz := range ps {
		if pz.Standard() || pz.Region(0) != pz.Region(3) || pz.Region(3) == pz.Region(4) {
			t.Errorf("puzzle %d: regions %v are not the map's", i+1, pz.Regions())
		}
	}
	var out bytes.Buffer
	if err := problems.Solve(context.Background(), p, p.Reference(), "jig", in, &out); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if line != "NONE" && line != "MANY" && (len(line) != 81 || strings.Trim(line, "ABCDEFGHI") != "") {
			t.Errorf("answer %d: %q", i+1, line)
		}
	}
}

func TestParse(t *testing.T) {
	p, err := variant.Open("x", folder("    units: [diagonals]\n"))
	if err != nil {
		t.Fatal(err)
	}
	row := "1" + strings.Repeat(".", 79) + "1"
	ps, err := p.Parse("in", []byte(row+"\r\n"+strings.Repeat(".", 81)+"  \n"))
	if err != nil || len(ps) != 2 || ps[0].Clash() == nil || !strings.HasPrefix(ps[0].Clash().Unit, "diagonal") {
		t.Errorf("Parse: %d puzzles, %v; clash %v", len(ps), err, ps[0].Clash())
	}
	problemtest.CheckParseErrors(t, p, []problemtest.ParseErrorCase{
		{"short line", row[:80] + "\n", 1, 81, "line has 80 cells, want 81"},
		{"long line", row + "1\n", 1, 82, "line has 82 characters, want 81"},
		{"zero", row + "\n0" + row[1:] + "\n", 2, 1, `unexpected "0"`},
		{"empty line", row + "\n\n" + row + "\n", 2, 1, "line has 0 cells"},
	})
	var out bytes.Buffer
	sol := make(solvers.Grid, 81)
	for i := range sol {
		sol[i] = uint8(1 + i%9)
	}
	if err := p.Format(&out, []problems.Answer{{Solutions: 0}, {Solutions: 2}, {Solutions: 1, Grid: sol}}); err != nil {
		t.Fatal(err)
	}
	if want := "No solution\nMultiple Solutions\n" + strings.Repeat("123456789", 9) + "\n"; out.String() != want {
		t.Errorf("Format = %q, want %q", out.String(), want)
	}
}

func FuzzParse(f *testing.F) {
	p, err := variant.Open("x", folder("    units: [windows]\n"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(strings.Repeat(".", 81) + "\n"))
	f.Add([]byte("1" + strings.Repeat(".", 80) + "\r\n" + strings.Repeat("9", 81)))
	problemtest.FuzzParse(f, p.Parse, p.WriteInput)
}
