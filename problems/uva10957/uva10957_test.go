package uva10957

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
	problemtest.CheckConfig(t, New(), problemtest.Limits{3 * time.Second, 64, "default", "lines"})
}

// TestTests checks the data files: each input parses, round-trips through
// WriteInput, and has one answer line per grid.
func TestTests(t *testing.T) {
	problemtest.CheckTests(t, New(), WriteInput, map[string]int{"sample/1": 4, "secret/1-mixed": 100}, func(tc problems.Test, ps []*solvers.Puzzle) {
		if lines := bytes.Count(tc.Answer, []byte("\n")); lines != len(ps) {
			t.Errorf("%s: %d answer lines for %d grids", tc.Name, lines, len(ps))
		}
	})
}

// TestSamples checks the statement's sample, one grid of each verdict.
func TestSamples(t *testing.T) { problemtest.CheckSamples(t, New()) }

// TestData re-solves every test with the reference (fast) and with dlx and
// propagate, which produced the same answers when the data was made.
func TestData(t *testing.T) { problemtest.CheckData(t, New(), dlx.New(), propagate.New()) }

// TestGenerateKinds checks each kind gives grids of its verdict only, and
// that an unknown kind is refused.
func TestGenerateKinds(t *testing.T) {
	want := map[string]string{"unique": unique, "multiple": ambiguous, "none": impossible, "illegal": illegal}
	prob := New()
	for kind, verdict := range want {
		in, _ := problemtest.CheckGenerate(t, prob, problems.GenOptions{Count: 5, Seed: 7, Kind: kind})
		var out bytes.Buffer
		if err := problems.Solve(context.Background(), prob, dlx.New(), kind, in, &out); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(out.String(), ": "+verdict+".\n"); n != 5 {
			t.Errorf("kind %s: %d of 5 grids are %s:\n%s", kind, n, verdict, out.String())
		}
	}
	if err := prob.Generate(context.Background(), &bytes.Buffer{}, problems.GenOptions{Count: 1, Kind: "clash"}); err == nil {
		t.Errorf("Generate accepted kind clash")
	}
}

func TestFormat(t *testing.T) {
	var out bytes.Buffer
	answers := []problems.Answer{{Illegal: true, Solutions: 1}, {Solutions: 0}, {Solutions: 1}, {Solutions: 2}}
	if err := New().Format(&out, answers); err != nil {
		t.Fatal(err)
	}
	if want := "Case 1: Illegal.\nCase 2: Impossible.\nCase 3: Unique.\nCase 4: Ambiguous.\n"; out.String() != want {
		t.Errorf("Format = %q, want %q", out.String(), want)
	}
}

const row = "0 0 3 9 0 0 7 6 0\n"

func TestParseErrors(t *testing.T) {
	grid := strings.Repeat(row, 9)
	problemtest.CheckParseErrors(t, New(), []problemtest.ParseErrorCase{
		{"short grid", strings.Repeat(row, 8), 9, 0, "input ends inside grid 1 after 8 rows"},
		{"blank inside", strings.Repeat(row, 4) + "\n" + row, 5, 0, "empty line inside grid 1 after 4 rows"},
		{"letter", grid + "\n0 0 x 9 0 0 7 6 0\n", 11, 5, "grid 2, row 1: unexpected \"x\""},
		{"joined digits", "00 3 9 0 0 7 6 0\n", 1, 2, "grid 1, row 1: want single digits"},
		{"ten digits", "0 0 3 9 0 0 7 6 0 1\n", 1, 19, "grid 1, row 1: more than 9 digits"},
		{"eight digits", "0 0 3 9 0 0 7 6\n", 1, 0, "grid 1, row 1: 8 digits, want 9"},
	})
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(strings.Repeat(row, 9)))
	f.Add([]byte(strings.Repeat(row, 9) + "\n" + strings.Repeat(row, 9)))
	f.Add([]byte("0 0\r\n\n"))
	problemtest.FuzzParse(f, Parse, WriteInput)
}
