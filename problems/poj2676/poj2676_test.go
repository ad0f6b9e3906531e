package poj2676

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
	// POJ's 2 s and 64 MiB; any valid completion is accepted.
	problemtest.CheckConfig(t, New(), problemtest.Limits{2 * time.Second, 64, "custom", "poj2676"})
}

// TestTests checks the data files: each input parses, round-trips through
// WriteInput, and has 9 answer lines per case.
func TestTests(t *testing.T) {
	multiple := 0
	// Case counts of the real data are facts of the judge's files.
	problemtest.CheckTests(t, New(), WriteInput, map[string]int{"sample/1": 1, "secret/1": 10}, func(tc problems.Test, ps []*solvers.Puzzle) {
		if lines := bytes.Count(tc.Answer, []byte("\n")); lines != 9*len(ps) {
			t.Errorf("%s: %d answer lines for %d cases", tc.Name, lines, len(ps))
		}
		for _, p := range ps {
			if n, _, _ := solvers.Count(context.Background(), New().Reference(), p, 2); n == 2 {
				multiple++
			}
		}
	})
	if multiple == 0 {
		t.Error("no case with several solutions: the special judge goes untested")
	}
}

const sample = `103000509
002109400
000704000
300502006
060000050
700803004
000401000
009205800
804000107
`

func TestParse(t *testing.T) {
	ps, err := Parse("in", []byte("  2\r\n"+strings.ReplaceAll(sample, "\n", "\r\n")+"\n\n"+sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].NumGivens() != 30 || ps[0].Cell(0) != 1 || ps[0].Cell(1) != 0 || ps[1].Cell(80) != 7 {
		t.Fatalf("parsed %d puzzles %v; want 2 copies of the sample, 30 givens each", len(ps), ps)
	}
	if ps, err := Parse("in", []byte("0\n")); err != nil || len(ps) != 0 {
		t.Errorf("Parse(0) = %d puzzles, %v; want none", len(ps), err)
	}
}

func TestParseErrors(t *testing.T) {
	rows := strings.Split(sample, "\n")
	problemtest.CheckParseErrors(t, New(), []problemtest.ParseErrorCase{
		{"empty input", "", 1, 0, "empty input: want the number of test cases"},
		{"only space", " \n\n", 1, 0, "empty input: want the number of test cases"},
		{"T not a number", "x1\n" + sample, 1, 1, `want the number of test cases, got "x1"`},
		{"T negative", "-1\n", 1, 1, "want the number of test cases"},
		{"T with junk", "1a\n" + sample, 1, 2, "want the number of test cases"},
		{"T too large", "99999999999999999999999\n", 1, 1, "number of test cases 99999999999999999999999 is too large"},
		{"T larger than cases", "2\n" + sample, 10, 0, "input ends in case 2 of 2, before row 1"},
		{"case cut short", "1\n" + strings.Join(rows[:4], "\n"), 5, 0, "input ends in case 1 of 1, before row 5"},
		{"short row", "1\n" + rows[0][:8] + "\n", 2, 9, "case 1, row 1 has 8 digits, want 9"},
		{"long row", "1\n" + rows[0] + "1\n", 2, 10, "case 1, row 1 has 10 digits, want 9"},
		{"dot for empty", "1\n" + rows[0] + "\n1.3000509\n", 3, 2, `case 1, row 2: want a digit 0-9 (0 for empty), got '.'`},
		{"spaced digits", "1\n1 0 3 0 0 0 5 0 9\n", 2, 2, "case 1, row 1 has 1 digits"},
		{"two rows on a line", "1\n" + rows[0] + " " + rows[1] + "\n", 2, 11, "case 1, row 2: want one row per line"},
		{"T and row on a line", "1 " + sample, 1, 3, "case 1, row 1: want one row per line"},
		{"trailing garbage", "1\n" + sample + "\n  #\n", 12, 3, `unexpected "#" after the 1 cases`},
		{"extra case", "1\n" + sample + sample, 11, 1, `unexpected "103000509" after the 1 cases`},
	})
}

// TestSamples solves the sample, whose solution is unique, with the
// reference and compares bytes.
func TestSamples(t *testing.T) { problemtest.CheckSamples(t, New(), "sample/1") }

func TestSolveCaseNoSolution(t *testing.T) {
	prob := New()
	// Row 1 leaves only 9 for r1c9, and column 9 already holds 9: the
	// givens do not clash, yet there is no solution.
	in := "1\n123456780\n000000009\n" + strings.Repeat("000000000\n", 7)
	ps, err := Parse("in", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	_, err = prob.SolveCase(context.Background(), prob.Reference(), ps[0])
	if err == nil || !strings.Contains(err.Error(), "no solution") || !strings.Contains(err.Error(), "12345678.") {
		t.Errorf("error %v, want one naming the puzzle and saying it has no solution", err)
	}
}

// alternative returns a completion of case k (from 0) of the test that
// differs from the one in its .ans.
func alternative(t *testing.T, tc problems.Test, k int) string {
	t.Helper()
	ps, err := Parse(tc.Name, tc.Input)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(tc.Answer), "\n")
	given := strings.Join(lines[9*k:9*k+9], "")
	var alt solvers.Grid
	_, err = New().Reference().Search(context.Background(), ps[k], solvers.Options{Visit: func(g solvers.Grid) bool {
		if strings.ReplaceAll(g.Format(9), "\n", "") != given {
			alt = append(solvers.Grid(nil), g...)
			return false
		}
		return true
	}})
	if err != nil || alt == nil {
		t.Fatalf("case %d has no second completion (%v)", k+1, err)
	}
	return alt.Format(9)
}

// replaceCase returns the answer with case k's 9 lines replaced by grid.
func replaceCase(answer []byte, k int, grid string) string {
	lines := strings.SplitAfter(string(answer), "\n")
	return strings.Join(lines[:9*k], "") + grid + strings.Join(lines[9*k+9:], "")
}

// setCell returns the answer with the digit of case k, row r, column c
// (from 0) replaced by d.
func setCell(answer []byte, k, r, c int, d byte) string {
	b := []byte(string(answer))
	b[(9*k+r)*10+c] = d
	return string(b)
}

func TestChecker(t *testing.T) {
	tc := problemtest.Test(t, New(), "secret/1")
	ans := string(tc.Answer)
	// Case 4 has exactly two completions. Case 1's r1c1 is a given 1, and
	// r1c4, r1c5 are empty cells holding 6 and 2 in its unique solution:
	// swapping them keeps row 1 right and breaks columns 4 and 5.
	alt := replaceCase(tc.Answer, 3, alternative(t, tc, 3))
	swapped := setCell([]byte(setCell(tc.Answer, 0, 0, 3, '2')), 0, 0, 4, '6')
	skip := Checker{SkipBlankLines: true}
	blankAfterEach := strings.ReplaceAll(ans, "\n", "\n\n") // rows: an empty line after each; cases too
	tests := []struct {
		name, output string
		c            Checker
		want         contest.Verdict
		msg          string
	}{
		{"reference answer", ans, Checker{}, contest.AC, ""},
		{"another completion", alt, Checker{}, contest.AC, ""},
		{"CRLF", strings.ReplaceAll(ans, "\n", "\r\n"), Checker{}, contest.AC, ""},
		{"trailing spaces and blank lines", strings.ReplaceAll(ans, "\n", " \n") + "\n\n", Checker{}, contest.AC, ""},
		{"given changed", setCell(tc.Answer, 0, 0, 0, '2'), Checker{}, contest.WA, "case 1: cell r1c1 holds 2 but the given is 1"},
		{"swap breaks columns", swapped, Checker{}, contest.WA, "case 1: r1c4 and r"},
		{"zero left", setCell(tc.Answer, 1, 2, 3, '0'), Checker{}, contest.WA, `line 12, column 4: '0' is not a digit 1-9`},
		{"missing case", replaceCase(tc.Answer, 9, ""), Checker{}, contest.WA, "output has 9 grids, want 10"},
		{"missing digits", ans[:len(ans)-5], Checker{}, contest.WA, "output ends in case 10 of 10 after 77 of its 81 digits"},
		{"extra case", ans + ans[:90], Checker{}, contest.WA, "line 91: unexpected output after the 10 cases"},
		{"empty", "", Checker{}, contest.WA, "output has 0 grids, want 10"},
		{"spaces between digits", strings.Join(strings.Split(ans, ""), " "), Checker{}, contest.PE, "line 1: right digits, wrong layout"},
		{"blank line between cases", strings.Replace(ans, ans[:90], ans[:90]+"\n", 1), Checker{}, contest.PE, "line 10:"},
		{"two rows on a line", strings.Replace(ans, "\n", "", 1), Checker{}, contest.PE, "line 1:"},
		{"skip: blank line between cases", strings.Replace(ans, ans[:90], ans[:90]+"\n", 1), skip, contest.AC, ""},
		{"skip: blank lines everywhere", "\n" + blankAfterEach, skip, contest.AC, ""},
		{"skip: spaces between digits", strings.Join(strings.Split(ans, ""), " "), skip, contest.PE, "line 1: right digits, wrong layout"},
		{"skip: two rows on a line", strings.Replace(ans, "\n", "", 1), skip, contest.PE, "line 1:"},
		{"skip: given changed", setCell(tc.Answer, 0, 0, 0, '2'), skip, contest.WA, "case 1: cell r1c1 holds 2"},
	}
	for _, tc2 := range tests {
		r := contest.Run(context.Background(), tc2.c, tc.Input, []byte(tc2.output), tc.Answer)
		if r.Verdict != tc2.want || !strings.Contains(r.Message, tc2.msg) {
			t.Errorf("%s: %s %q, want %s %q", tc2.name, r.Verdict, r.Message, tc2.want, tc2.msg)
		}
		if r.Verdict == contest.WA && tc2.name == "given changed" && r.Diff == "" {
			t.Errorf("%s: no diff against the expected answer", tc2.name)
		}
	}
	// The problem's checker as problem.yaml sets it up: the contest's
	// validator read each row as a word, so empty lines are AC, but a row
	// split by spaces is not one word (see SOURCE.md).
	for _, c := range []struct {
		name, output string
		want         contest.Verdict
	}{
		{"blank line between cases", strings.Replace(ans, ans[:90], ans[:90]+"\n", 1), contest.AC},
		{"blank lines everywhere", "\n" + blankAfterEach, contest.AC},
		{"spaces between digits", strings.Join(strings.Split(ans, ""), " "), contest.PE},
		{"given changed", setCell(tc.Answer, 0, 0, 0, '2'), contest.WA},
	} {
		if r := contest.Run(context.Background(), New().Checker(), tc.Input, []byte(c.output), tc.Answer); r.Verdict != c.want {
			t.Errorf("problem.yaml's checker: %s: %s %q, want %s", c.name, r.Verdict, r.Message, c.want)
		}
	}
	if r := contest.Run(context.Background(), Checker{}, []byte("1\n123\n"), tc.Answer, tc.Answer); r.Verdict != contest.IE {
		t.Errorf("malformed test input: %s, want IE", r.Verdict)
	}
	if c, err := (Checker{}).Configure(contest.Args{"blank_lines": "skip"}); err != nil || c != skip {
		t.Errorf("Configure(blank_lines: skip) = %+v, %v", c, err)
	}
	if _, err := (Checker{}).Configure(contest.Args{"line_end_space": "compare"}); err == nil || !strings.Contains(err.Error(), `unknown argument "line_end_space"`) {
		t.Errorf("Configure(line_end_space) = %v, want an unknown-argument error", err)
	}
}

func TestGenerate(t *testing.T) {
	prob := New()
	for _, kind := range []string{"", "multiple"} {
		_, ps := problemtest.CheckGenerate(t, prob, problems.GenOptions{Count: 3, Seed: 11, Kind: kind})
		want := map[string]int{"": 1, "multiple": 2}[kind]
		problemtest.CheckCounts(t, prob.Reference(), ps, 2, want, want)
	}
	if err := prob.Generate(context.Background(), new(bytes.Buffer), problems.GenOptions{Count: 1, Kind: "none"}); err == nil {
		t.Error("Generate kind none succeeded; the problem's inputs are always solvable")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("1\n" + sample))
	f.Add([]byte("0"))
	f.Add([]byte("2\r\n" + sample + "\n" + sample))
	f.Add([]byte("3\n" + sample))
	f.Add([]byte("1 103000509\n"))
	problemtest.FuzzParse(f, Parse, WriteInput)
}

// FuzzChecker feeds the special judge arbitrary output for the real test:
// it never panics, and it accepts nothing that is not a valid answer.
func FuzzChecker(f *testing.F) {
	tests := problemtest.Tests(f, New())
	tc := tests[1] // secret/1, the real data
	puzzles, err := Parse(tc.Name, tc.Input)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(tc.Answer)
	f.Add([]byte(strings.ReplaceAll(string(tc.Answer), "\n", " ")))
	f.Add([]byte("123456789\n"))
	f.Fuzz(func(t *testing.T, output []byte) {
		r := contest.Run(context.Background(), Checker{}, tc.Input, output, tc.Answer)
		if r.Verdict != contest.AC {
			return
		}
		rows := strings.Fields(string(output))
		if len(rows) != 9*len(puzzles) {
			t.Fatalf("accepted %d rows for %d cases", len(rows), len(puzzles))
		}
		for k, p := range puzzles {
			g := make(solvers.Grid, 0, cells)
			for _, row := range rows[9*k : 9*k+9] {
				for _, c := range []byte(row) {
					g = append(g, c-'0')
				}
			}
			if err := p.Check(g); err != nil {
				t.Fatalf("accepted an invalid case %d: %v", k+1, err)
			}
		}
	})
}
