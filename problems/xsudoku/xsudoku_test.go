package xsudoku

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/propagate"
)

func TestConfig(t *testing.T) {
	problemtest.CheckConfig(t, New(), problemtest.Limits{time.Second, 64, "default", "lines"})
}

// TestTests checks the data files: each input parses, round-trips through
// WriteInput, and has one answer line per puzzle.
func TestTests(t *testing.T) {
	problemtest.CheckTests(t, New(), WriteInput, map[string]int{"sample/1": 4, "secret/1-mixed": 100}, func(tc problems.Test, ps []*solvers.Puzzle) {
		if lines := bytes.Count(tc.Answer, []byte("\n")); lines != len(ps) {
			t.Errorf("%s: %d answer lines for %d puzzles", tc.Name, lines, len(ps))
		}
	})
}

// TestSamples checks the sample: one puzzle of each answer.
func TestSamples(t *testing.T) { problemtest.CheckSamples(t, New()) }

// TestData re-solves every test with the reference (fast) and with dlx and
// propagate, which produced the same answers when the data was made.
func TestData(t *testing.T) { problemtest.CheckData(t, New(), dlx.New(), propagate.New()) }

// TestDiagonalsMatter checks the data would catch a solver that ignores
// the diagonals: some unique puzzle has other completions as a plain
// sudoku, and every clash test has solutions as one.
func TestDiagonalsMatter(t *testing.T) {
	ctx := context.Background()
	ambiguous := 0
	for _, name := range []string{"secret/2-unique", "secret/5-clash"} {
		tc := problemtest.Test(t, New(), name)
		ps, err := Parse(tc.Name, tc.Input)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range ps {
			plain, err := solvers.NewStandard(side, p.Givens())
			if err != nil {
				t.Fatal(err)
			}
			n, _, err := solvers.Count(ctx, dlx.New(), plain, 2)
			if err != nil {
				t.Fatal(err)
			}
			if name == "secret/5-clash" && (p.Clash() == nil || !strings.HasPrefix(p.Clash().Unit, "diagonal") || n == 0) {
				t.Errorf("%s puzzle %d: clash %v, %d plain solutions; want a clash on a diagonal only, and solutions without the diagonals", name, i+1, p.Clash(), n)
			}
			if n > 1 {
				ambiguous++
			}
		}
	}
	if ambiguous == 0 {
		t.Error("every unique puzzle is unique as a plain sudoku too")
	}
}

// TestGenerateKinds checks each kind gives puzzles of its answer only, and
// that an unknown kind is refused.
func TestGenerateKinds(t *testing.T) {
	want := map[string]string{"unique": "", "multiple": multipleSolutions, "none": noSolution, "clash": noSolution}
	prob := New()
	for kind, answer := range want {
		in, ps := problemtest.CheckGenerate(t, prob, problems.GenOptions{Count: 3, Seed: 7, Kind: kind, Givens: 30})
		var out bytes.Buffer
		if err := problems.Solve(context.Background(), prob, dlx.New(), kind, in, &out); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if answer == "" && len(line) != cells || answer != "" && line != answer {
				t.Errorf("kind %s: puzzle %d: answer %q", kind, i+1, line)
			}
			if clash := ps[i].Clash() != nil; clash != (kind == "clash") {
				t.Errorf("kind %s: puzzle %d: clash %v", kind, i+1, ps[i].Clash())
			}
		}
	}
	if err := prob.Generate(context.Background(), &bytes.Buffer{}, problems.GenOptions{Count: 1, Kind: "illegal"}); err == nil {
		t.Errorf("Generate accepted kind illegal")
	}
}

func TestFormat(t *testing.T) {
	sol := make(solvers.Grid, cells)
	for i := range sol {
		sol[i] = uint8(1 + i%side)
	}
	var out bytes.Buffer
	answers := []problems.Answer{{Solutions: 0, Illegal: true}, {Solutions: 0}, {Solutions: 1, Grid: sol}, {Solutions: 2, Grid: sol}}
	if err := New().Format(&out, answers); err != nil {
		t.Fatal(err)
	}
	want := "No solution\nNo solution\n" + strings.Repeat("123456789", side) + "\nMultiple Solutions\n"
	if out.String() != want {
		t.Errorf("Format = %q, want %q", out.String(), want)
	}
	if err := New().Format(&out, []problems.Answer{{Solutions: 1}}); err == nil {
		t.Error("Format of a unique answer without a grid succeeded")
	}
}

const row81 = "1...............................................................................1"

func TestParseErrors(t *testing.T) {
	problemtest.CheckParseErrors(t, New(), []problemtest.ParseErrorCase{
		{"short line", row81[:80] + "\n", 1, 81, "line has 80 cells, want 81"},
		{"long line", row81 + "1\n", 1, 82, "line has 82 characters, want 81"},
		{"zero", row81 + "\n0" + row81[1:] + "\n", 2, 1, "unexpected \"0\""},
		{"empty line", row81 + "\n\n" + row81 + "\n", 2, 1, "line has 0 cells"},
	})
}

func TestParse(t *testing.T) {
	ps, err := Parse("in", []byte(row81+"\r\n"+row81+"  \n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].NumGivens() != 2 || !lineFormat.Fits(ps[0]) {
		t.Fatalf("parsed %d puzzles; want 2 X-sudoku with 2 givens", len(ps))
	}
	// 1 at r1c1 and 1 at r9c9 share only the first diagonal.
	if c := ps[0].Clash(); c == nil || c.Unit != "diagonal 1" {
		t.Errorf("clash %v, want one on diagonal 1", c)
	}
	if ps, err := Parse("in", nil); err != nil || len(ps) != 0 {
		t.Errorf("Parse(empty) = %d puzzles, %v; want none", len(ps), err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(row81 + "\n"))
	f.Add([]byte(row81 + "\r\n" + row81))
	f.Add([]byte("..\r\n\n"))
	problemtest.FuzzParse(f, Parse, WriteInput)
}
