package poj3076

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

func TestConfig(t *testing.T) {
	c := New().Config()
	if c.TimeLimit() != 10*time.Second || c.MemoryLimit() != 64<<20 || c.Validation != "default" {
		t.Errorf("limits %v, %d bytes, validation %q; want POJ's 10s, 64 MiB, exact judging", c.TimeLimit(), c.MemoryLimit(), c.Validation)
	}
	if s := c.StrategyTimeLimit(); s < time.Second || s > 2*time.Second {
		t.Errorf("strategy time limit %v, want 1-2s", s)
	}
}

// test returns the named test of the problem's data.
func test(t *testing.T, name string) problems.Test {
	t.Helper()
	tests, err := New().Tests()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		if tc.Name == name {
			return tc
		}
	}
	t.Fatalf("no test %s", name)
	return problems.Test{}
}

// TestTests checks the data files: each input parses, round-trips through
// WriteInput, and has 16 answer lines per case.
func TestTests(t *testing.T) {
	tests, err := New().Tests()
	if err != nil {
		t.Fatal(err)
	}
	// Grid counts of the real data are facts of the judge's files.
	want := map[string]int{"sample/1": 1, "secret/1": 4}
	for _, tc := range tests {
		ps, err := Parse(tc.Name, tc.Input)
		if err != nil {
			t.Errorf("%s: %v", tc.Name, err)
			continue
		}
		if n, ok := want[tc.Name]; ok && len(ps) != n {
			t.Errorf("%s: %d grids, want %d", tc.Name, len(ps), n)
		}
		delete(want, tc.Name)
		if lines, _ := nonEmpty(tc.Answer); len(lines) != side*len(ps) {
			t.Errorf("%s: %d answer rows for %d grids", tc.Name, len(lines), len(ps))
		}
		var b bytes.Buffer
		if err := WriteInput(&b, ps); err != nil {
			t.Fatal(err)
		}
		if b.String() != string(tc.Input) {
			t.Errorf("%s: WriteInput(Parse(input)) differs from the input", tc.Name)
		}
	}
	for name := range want {
		t.Errorf("test %s is missing", name)
	}
}

// sample returns the sample input's 16 rows.
func sample(t *testing.T) []string {
	t.Helper()
	return strings.Split(strings.TrimSuffix(string(test(t, "sample/1").Input), "\n"), "\n")
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
	tests := []struct {
		name, input string
		line, col   int
		msg         string
	}{
		{"15 rows at the end", strings.Join(rows[:15], "\n"), 16, 0, "input ends inside grid 1 after 15 of its 16 rows"},
		{"15 rows then blank", strings.Join(rows[:15], "\n") + "\n\n" + grid, 16, 0, "empty line inside grid 1 after 15 rows"},
		{"17 rows", grid + rows[0] + "\n", 17, 0, "grid 1 has more than 16 rows"},
		{"no blank between grids", grid + grid, 17, 0, "grid 2 starts without the empty line"},
		{"short row", with(3, rows[3][:15]), 4, 16, "grid 1, row 4 has 15 cells, want 16"},
		{"long row", with(3, rows[3]+"A"), 4, 17, "grid 1, row 4 has 17 cells, want 16"},
		{"lower case", with(0, "a"+rows[0][1:]), 1, 1, "grid 1, row 1: want a letter A-P or '-' for an empty cell, got 'a'"},
		{"letter Q", with(5, rows[5][:7]+"Q"+rows[5][8:]), 6, 8, "got 'Q'"},
		{"dot for empty", with(15, "."+rows[15][1:]), 16, 1, "got '.'"},
		{"space inside", with(2, rows[2][:4]+" "+rows[2][5:]), 3, 5, "got ' '"},
		{"error in grid 2", grid + "\n" + with(1, rows[1][:10]), 19, 11, "grid 2, row 2 has 10 cells"},
		{"trailing garbage", grid + "\nend\n", 18, 1, "grid 2, row 1: want a letter A-P or '-'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("in", []byte(tc.input))
			var pe *problems.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *ParseError", err)
			}
			if pe.File != "in" || pe.Line != tc.line || pe.Col != tc.col || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("error %q at %d:%d, want %q at %d:%d", pe.Msg, pe.Line, pe.Col, tc.msg, tc.line, tc.col)
			}
		})
	}
}

// TestSamples solves the real tests with the reference and compares bytes:
// the answers are the judge's own files, in its layout.
func TestSamples(t *testing.T) {
	prob := New()
	for _, name := range []string{"sample/1", "secret/1"} {
		tc := test(t, name)
		var out bytes.Buffer
		if err := problems.Solve(context.Background(), prob, prob.Reference(), tc.Name, tc.Input, &out); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(tc.Answer) {
			t.Errorf("%s: output\n%s\nwant\n%s", tc.Name, out.String(), tc.Answer)
		}
	}
}

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

func TestChecker(t *testing.T) {
	tc := test(t, "secret/1")
	ans := string(tc.Answer)
	grids := strings.Split(ans, "\n\n")
	// Row 3 of grid 2 is output line 20 (16 rows, an empty line, 2 rows).
	lines := strings.SplitAfter(ans, "\n")
	row := lines[19]
	swapped := row[1:2] + row[0:1] + row[2:]
	changed := strings.Join(lines[:19], "") + swapped + strings.Join(lines[20:], "")
	tests := []struct {
		name, output string
		want         verdict.Verdict
		msg          string
	}{
		{"judge layout", ans, verdict.AC, ""},
		{"empty line after every grid", strings.Join(grids, "\n\n") + "\n", verdict.AC, ""},
		{"no empty lines", strings.Join(grids, "\n"), verdict.AC, ""},
		{"CRLF", strings.ReplaceAll(ans, "\n", "\r\n"), verdict.AC, ""},
		{"two letters swapped", changed, verdict.WA, "grid 2, row 3 (output line 20): expected"},
		{"missing grid", strings.Join(grids[:3], "\n\n"), verdict.WA, "grid 4, row 1: expected"},
		{"lower case", strings.ToLower(ans), verdict.WA, "grid 1, row 1 (output line 1)"},
		{"spaces between letters", strings.Join(strings.Split(ans, ""), " "), verdict.PE, "right letters, wrong layout"},
		{"empty", "", verdict.WA, "got end of output"},
	}
	for _, c := range tests {
		r := Checker{}.Check(tc.Input, []byte(c.output), tc.Answer)
		if r.Verdict != c.want || !strings.Contains(r.Message, c.msg) {
			t.Errorf("%s: %s %q, want %s %q", c.name, r.Verdict, r.Message, c.want, c.msg)
		}
		if r.Verdict != verdict.AC && r.Diff == "" {
			t.Errorf("%s: no diff", c.name)
		}
	}
}

func TestGenerate(t *testing.T) {
	prob := New()
	gen := func(opts problems.GenOptions) string {
		t.Helper()
		var b bytes.Buffer
		if err := prob.Generate(&b, opts); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	opts := problems.GenOptions{Count: 2, Seed: 5}
	out := gen(opts)
	ps, err := Parse("generated", []byte(out))
	if err != nil {
		t.Fatalf("generated input does not parse: %v\n%s", err, out)
	}
	if len(ps) != opts.Count {
		t.Fatalf("%d puzzles, want %d", len(ps), opts.Count)
	}
	for i, p := range ps {
		if n, _, err := solvers.Count(context.Background(), prob.Reference(), p, 2); err != nil || n != 1 {
			t.Errorf("puzzle %d: %d solutions (%v), want 1", i+1, n, err)
		}
	}
	if again := gen(opts); again != out {
		t.Error("the same seed generated a different input")
	}
	opts.Seed++
	if other := gen(opts); other == out {
		t.Error("another seed generated the same input")
	}
	if err := prob.Generate(new(bytes.Buffer), problems.GenOptions{Count: 1, Kind: "multiple"}); err == nil {
		t.Error("Generate kind multiple succeeded; the problem only has unique puzzles")
	}
}

func FuzzParse(f *testing.F) {
	row := "--A----C-----O-I\n"
	f.Add([]byte(strings.Repeat(row, 16)))
	f.Add([]byte(strings.Repeat(row, 16) + "\n" + strings.Repeat(row, 16)))
	f.Add([]byte(strings.Repeat(row, 17)))
	f.Add([]byte("\r\n" + strings.Repeat("ABCDEFGHIJKLMNOP\r\n", 15)))
	f.Fuzz(func(t *testing.T, input []byte) {
		ps, err := Parse("fuzz", input)
		if err != nil {
			var pe *problems.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error %v is not a located *ParseError", err)
			}
			return
		}
		// Accepted input has a canonical form that parses to the same puzzles.
		var b bytes.Buffer
		if err := WriteInput(&b, ps); err != nil {
			t.Fatal(err)
		}
		again, err := Parse("canonical", b.Bytes())
		if err != nil {
			t.Fatalf("canonical form does not parse: %v", err)
		}
		if len(again) != len(ps) {
			t.Fatalf("%d puzzles, then %d", len(ps), len(again))
		}
		for i := range ps {
			if ps[i].String() != again[i].String() {
				t.Fatalf("puzzle %d changed: %s then %s", i+1, ps[i], again[i])
			}
		}
	})
}

// FuzzChecker feeds the checker arbitrary output: it never panics, and it
// accepts only the expected letters, row by row.
func FuzzChecker(f *testing.F) {
	tests, err := New().Tests()
	if err != nil {
		f.Fatal(err)
	}
	tc := tests[0]
	f.Add(tc.Answer)
	f.Add([]byte(strings.ReplaceAll(string(tc.Answer), "\n", "\n\n")))
	f.Add([]byte("ABC\r\n"))
	f.Fuzz(func(t *testing.T, output []byte) {
		r := Checker{}.Check(tc.Input, output, tc.Answer)
		if r.Verdict == verdict.AC && strings.Join(strings.Fields(string(output)), "\n") != strings.Join(strings.Fields(string(tc.Answer)), "\n") {
			t.Fatalf("accepted %q", output)
		}
	})
}
