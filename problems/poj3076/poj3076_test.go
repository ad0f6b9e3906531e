package poj3076

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

func TestConfig(t *testing.T) {
	// POJ's 10 s and 64 MiB, exact judging but for the empty lines.
	problemtest.CheckConfig(t, New(), problemtest.Limits{10 * time.Second, 64, "default", "poj3076"})
}

// TestTests checks the data files: each input parses, round-trips through
// WriteInput, and has 16 answer lines per case.
func TestTests(t *testing.T) {
	// Grid counts of the real data are facts of the judge's files.
	problemtest.CheckTests(t, New(), WriteInput, map[string]int{"sample/1": 1, "secret/1": 4}, func(tc problems.Test, ps []*solvers.Puzzle) {
		if rows := len(strings.Fields(string(tc.Answer))); rows != side*len(ps) {
			t.Errorf("%s: %d answer rows for %d grids", tc.Name, rows, len(ps))
		}
		// The layout the checker requires: one empty line between grids.
		if lines := strings.Count(string(tc.Answer), "\n"); lines != (side+1)*len(ps)-1 {
			t.Errorf("%s: %d answer lines for %d grids, want %d", tc.Name, lines, len(ps), (side+1)*len(ps)-1)
		}
	})
}

// sample returns the sample input's 16 rows.
func sample(t *testing.T) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(string(problemtest.Test(t, New(), "sample/1").Input), "\n"), "\n")
}

func TestParse(t *testing.T) {
	rows := sample(t)
	grid := strings.Join(rows, "\n") + "\n"
	crlf := strings.ReplaceAll(grid, "\n", "\r\n")
	tests := []struct {
		name, input string
		grids       int
	}{
		{"empty", "", 0},
		{"blank lines only", "\n\n", 0},
		{"one grid, no final newline", strings.TrimSuffix(grid, "\n"), 1},
		{"judge layout", grid + "\n" + grid, 2},
		{"blank after each", grid + "\n" + grid + "\n", 2},
		{"CRLF and extra blank lines", "\r\n" + crlf + "\r\n\r\n" + crlf, 2},
	}
	for _, tc := range tests {
		ps, err := Parse("in", []byte(tc.input))
		if err != nil || len(ps) != tc.grids {
			t.Errorf("%s: %d grids, %v; want %d", tc.name, len(ps), err, tc.grids)
			continue
		}
		// The sample's first row is --A----C-----O-I.
		for _, p := range ps {
			if p.Size() != side || p.Cell(0) != 0 || p.Cell(2) != 1 || p.Cell(15) != 9 {
				t.Errorf("%s: first row read as %s", tc.name, strings.SplitN(p.String(), "\n", 2)[0])
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	rows := sample(t)
	grid := strings.Join(rows, "\n") + "\n"
	with := func(r int, row string) string { // the sample with row r (from 0) replaced
		rs := append([]string(nil), rows...)
		rs[r] = row
		return strings.Join(rs, "\n") + "\n"
	}
	const letter = "want a letter A-P or '-' for an empty cell, got "
	problemtest.CheckParseErrors(t, New(), []problemtest.ParseErrorCase{
		{"15 rows at the end", strings.Join(rows[:15], "\n"), 16, 0, "input ends inside grid 1 after 15 of its 16 rows"},
		{"15 rows then blank", strings.Join(rows[:15], "\n") + "\n\n" + grid, 16, 0, "empty line inside grid 1 after 15 rows"},
		{"17 rows", grid + rows[0] + "\n", 17, 0, "grid 1 has more than 16 rows"},
		{"no blank between grids", grid + grid, 17, 0, "grid 1 has more than 16 rows, or grid 2 starts without the empty line"},
		{"short row", with(3, rows[3][:15]), 4, 16, "grid 1, row 4 has 15 cells, want 16"},
		{"long row", with(3, rows[3]+"A"), 4, 17, "grid 1, row 4 has 17 cells, want 16"},
		{"lower case", with(0, "a"+rows[0][1:]), 1, 1, "grid 1, row 1: " + letter + "'a'"},
		{"letter Q", with(5, rows[5][:7]+"Q"+rows[5][8:]), 6, 8, "grid 1, row 6: " + letter + "'Q'"},
		{"dot for empty", with(15, "."+rows[15][1:]), 16, 1, "grid 1, row 16: " + letter + "'.'"},
		{"space inside", with(2, rows[2][:4]+" "+rows[2][5:]), 3, 5, "grid 1, row 3: " + letter + "' '"},
		{"error in grid 2", grid + "\n" + with(1, rows[1][:10]), 19, 11, "grid 2, row 2 has 10 cells"},
		{"trailing garbage", grid + "\nend\n", 18, 1, "grid 2, row 1: want a letter A-P or '-'"},
	})
}

// TestSamples solves the real tests with the reference and compares bytes:
// the answers are the judge's own files, in its layout.
func TestSamples(t *testing.T) { problemtest.CheckSamples(t, New(), "sample/1", "secret/1") }

func TestSolveCaseErrors(t *testing.T) {
	prob := New()
	clash := "AA" + strings.Repeat("-", 14) + "\n" + strings.Repeat(strings.Repeat("-", 16)+"\n", 15)
	ps, err := Parse("in", []byte(clash))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prob.SolveCase(context.Background(), prob.Reference(), ps[0]); err == nil || !strings.Contains(err.Error(), "both hold 1 in row 1") {
		t.Errorf("clashing givens: error %v, want one naming the clash", err)
	}
	small, err := solvers.NewStandard(9, make([]uint8, 81))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prob.SolveCase(context.Background(), prob.Reference(), small); err == nil {
		t.Error("SolveCase accepted a 9x9 puzzle")
	}
}

// TestChecker checks POJ's rule (see SOURCE.md) on the real judge data:
// the empty line between grids is required, one before the first grid is
// wrong, one after the last is forgiven; and the lenient reading the
// problem.yaml setting blank_lines: skip gives.
func TestChecker(t *testing.T) {
	tc := problemtest.Test(t, New(), "secret/1")
	ans := string(tc.Answer)
	grids := strings.Split(ans, "\n\n")
	// Row 3 of grid 2 is output line 20 (16 rows, an empty line, 2 rows).
	lines := strings.SplitAfter(ans, "\n")
	row := lines[19]
	swapped := row[1:2] + row[0:1] + row[2:]
	changed := strings.Join(lines[:19], "") + swapped + strings.Join(lines[20:], "")
	lenient := Checker{Lines: contest.Lines{SkipBlankLines: true}}
	tests := []struct {
		name, output string
		c            Checker
		want         contest.Verdict
		msg          string
	}{
		{"judge layout", ans, Checker{}, contest.AC, ""},
		{"empty line after every grid", strings.Join(grids, "\n\n") + "\n", Checker{}, contest.AC, ""},
		{"CRLF", strings.ReplaceAll(ans, "\n", "\r\n"), Checker{}, contest.AC, ""},
		{"no empty lines", strings.Join(grids, "\n"), Checker{}, contest.PE, "between grids 1 and 2 (output line 17): expected the empty line between grids"},
		{"empty line before every grid", "\n" + strings.Join(grids, "\n\n"), Checker{}, contest.PE, "grid 1, row 1 (output line 1): expected \"" + lines[0][:16] + "\", got an empty line"},
		{"two empty lines between grids", strings.Join(grids, "\n\n\n"), Checker{}, contest.PE, "grid 2, row 1 (output line 18)"},
		{"two letters swapped", changed, Checker{}, contest.WA, "grid 2, row 3 (output line 20): expected"},
		{"missing grid", strings.Join(grids[:3], "\n\n"), Checker{}, contest.WA, "between grids 3 and 4: expected \"\", got end of output"},
		{"a grid too many", ans + "\n" + grids[0] + "\n", Checker{}, contest.WA, "after grid 4 (output line 68): expected end of output, got"},
		{"lower case", strings.ToLower(ans), Checker{}, contest.WA, "grid 1, row 1 (output line 1)"},
		{"spaces between letters", strings.Join(strings.Split(ans, ""), " "), Checker{}, contest.PE, "right letters, wrong layout"},
		{"empty", "", Checker{}, contest.WA, "got end of output"},
		{"lenient: no empty lines", strings.Join(grids, "\n"), lenient, contest.AC, ""},
		{"lenient: empty line before every grid", "\n" + strings.Join(grids, "\n\n"), lenient, contest.AC, ""},
		{"lenient: missing grid", strings.Join(grids[:3], "\n"), lenient, contest.WA, "grid 4, row 1: expected"},
	}
	for _, c := range tests {
		r := contest.Run(context.Background(), c.c, tc.Input, []byte(c.output), tc.Answer)
		if r.Verdict != c.want || !strings.Contains(r.Message, c.msg) {
			t.Errorf("%s: %s %q, want %s %q", c.name, r.Verdict, r.Message, c.want, c.msg)
		}
		if r.Verdict != contest.AC && r.Diff == "" {
			t.Errorf("%s: no diff", c.name)
		}
	}
	if c, err := (Checker{}).Configure(contest.Args{"blank_lines": "skip"}); err != nil || c != lenient {
		t.Errorf("Configure(blank_lines: skip) = %+v, %v; want %+v", c, err, lenient)
	}
}

func TestGenerate(t *testing.T) {
	prob := New()
	_, ps := problemtest.CheckGenerate(t, prob, problems.GenOptions{Count: 2, Seed: 5})
	problemtest.CheckCounts(t, prob.Reference(), ps, 2, 1, 1)
	if err := prob.Generate(context.Background(), new(bytes.Buffer), problems.GenOptions{Count: 1, Kind: "multiple"}); err == nil {
		t.Error("Generate kind multiple succeeded; the problem only has unique puzzles")
	}
}

func FuzzParse(f *testing.F) {
	row := "--A----C-----O-I\n"
	f.Add([]byte(strings.Repeat(row, 16)))
	f.Add([]byte(strings.Repeat(row, 16) + "\n" + strings.Repeat(row, 16)))
	f.Add([]byte(strings.Repeat(row, 17)))
	f.Add([]byte("\r\n" + strings.Repeat("ABCDEFGHIJKLMNOP\r\n", 15)))
	problemtest.FuzzParse(f, Parse, WriteInput)
}

// FuzzChecker feeds the checker arbitrary output: it never panics, and it
// accepts only the expected letters, row by row.
func FuzzChecker(f *testing.F) {
	tests := problemtest.Tests(f, New())
	tc := tests[0]
	f.Add(tc.Answer)
	f.Add([]byte(strings.ReplaceAll(string(tc.Answer), "\n", "\n\n")))
	f.Add([]byte("ABC\r\n"))
	f.Fuzz(func(t *testing.T, output []byte) {
		r := contest.Run(context.Background(), Checker{}, tc.Input, output, tc.Answer)
		if r.Verdict == contest.AC && strings.Join(strings.Fields(string(output)), "\n") != strings.Join(strings.Fields(string(tc.Answer)), "\n") {
			t.Fatalf("accepted %q", output)
		}
	})
}
