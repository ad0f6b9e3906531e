package table_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sudoku-judge/sudoku-judge/internal/hostiletext"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/table"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// cells returns the cells of the table's rows, header first, each trimmed.
func cells(t *testing.T, out string) [][]string {
	t.Helper()
	var rows [][]string
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "|") {
			if line != "" && !strings.HasPrefix(line, "+") {
				t.Errorf("unexpected line in table: %q", line)
			}
			continue
		}
		parts := strings.Split(strings.Trim(line, "|"), "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		rows = append(rows, parts)
	}
	return rows
}

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "-"},
		{-time.Millisecond, "-"},
		{45 * time.Microsecond, "0.045 ms"},
		{1234 * time.Microsecond, "1.234 ms"},
		{12345 * time.Microsecond, "12.35 ms"},
		{123456 * time.Microsecond, "123.5 ms"},
		{999 * time.Millisecond, "999.0 ms"},
		{time.Second, "1.0 s"},
		{2 * time.Second, "2.0 s"},
		{90 * time.Second, "90.0 s"},
	}
	for _, tt := range tests {
		if got := table.Duration(tt.d); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestMemory(t *testing.T) {
	for kb, want := range map[int64]string{0: "-", 512: "512 KB", 1024: "1.0 MB", 12800: "12.5 MB"} {
		if got := table.Memory(kb); got != want {
			t.Errorf("Memory(%d) = %q, want %q", kb, got, want)
		}
	}
}

func TestResults(t *testing.T) {
	rs := []judge.Result{
		{Problem: "poj2676", Solution: "dlx", Tests: []judge.TestResult{
			{Name: "sample/1", Verdict: contest.AC, TimeMS: 1.5},
			{Name: "secret/1", Verdict: contest.AC, TimeMS: 2.5},
		}},
		{Problem: "poj2676", Solution: "naive", Tests: []judge.TestResult{
			{Name: "sample/1", Verdict: contest.AC, TimeMS: 3},
			{Name: "secret/1", Verdict: contest.TLE, TimeMS: 1000, Message: "stopped at the time limit of 1s"},
			{Name: "secret/2", Verdict: contest.Skipped, Message: "not run: TLE on secret/1"},
		}},
		{Problem: "poj3076", Solution: "fast", Tests: []judge.TestResult{
			{Name: "sample/1", Verdict: contest.NA, Message: "fast: 16x16: unsupported puzzle"},
		}},
		{Problem: "poj3074", Solution: "wrong", Tests: []judge.TestResult{
			{Name: "sample/1", Verdict: contest.WA, TimeMS: 0.5, Message: strings.Repeat("x", 100)},
		}},
	}
	for i := range rs {
		rs[i].Summarize()
	}
	var b bytes.Buffer
	if err := table.Results(&b, rs); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"problem", "strategy", "passed", "verdict", "total time", "max time", "note"},
		{"poj2676", "dlx", "2/2", "AC", "4.000 ms", "2.500 ms", ""},
		{"poj2676", "naive", "1/3", "TLE", "1.0 s", "1.0 s", "secret/1: TLE: stopped at the time limit of 1s"},
		{"poj3076", "fast", "0/1", "N/A", "-", "-", "sample/1: N/A: fast: 16x16: unsupported puzzle"},
		{"poj3074", "wrong", "0/1", "WA", "0.500 ms", "0.500 ms", "sample/1: WA: " + strings.Repeat("x", 55) + "..."},
	}
	if diff := cmp.Diff(want, cells(t, b.String())); diff != "" {
		t.Errorf("Results rows (-want +got):\n%s\n%s", diff, b.String())
	}
	// Times line up on the right.
	if !strings.Contains(b.String(), "|   4.000 ms | 2.500 ms |") {
		t.Errorf("total time is not right-aligned:\n%s", b.String())
	}
}

func TestTests(t *testing.T) {
	tests := []judge.TestResult{
		{Name: "sample/1", Verdict: contest.AC, TimeMS: 12.3456, MemoryKB: 2048},
		{Name: "secret/big", Verdict: contest.RE, TimeMS: 1500, Message: "exit status 2:\npanic: boom"},
	}
	var b bytes.Buffer
	if err := table.Tests(&b, tests); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"test", "verdict", "time", "memory", "message"},
		{"sample/1", "AC", "12.35 ms", "2.0 MB", ""},
		{"secret/big", "RE", "1.5 s", "-", "exit status 2: panic: boom"},
	}
	if diff := cmp.Diff(want, cells(t, b.String())); diff != "" {
		t.Errorf("Tests rows (-want +got):\n%s\n%s", diff, b.String())
	}

	// A program's tests, with groups and both times; a skipped test has none.
	tests = []judge.TestResult{
		{Name: "secret/1", Group: "official", Verdict: contest.AC, TimeMS: 120, WallMS: 130, MemoryKB: 2048},
		{Name: "secret/3-top1465", Group: "top1465", Verdict: contest.TLE, TimeMS: 2000, WallMS: 2100, Limit: "cpu", Message: "CPU time limit 2.00s exceeded"},
		{Name: "secret/4", Group: "serg", Verdict: contest.Skipped, Message: "not run: stopped after the TLE on secret/3-top1465"},
	}
	b.Reset()
	if err := table.Tests(&b, tests); err != nil {
		t.Fatal(err)
	}
	want = [][]string{
		{"test", "group", "verdict", "cpu", "wall", "memory", "message"},
		{"secret/1", "official", "AC", "120.0 ms", "130.0 ms", "2.0 MB", ""},
		{"secret/3-top1465", "top1465", "TLE", "2.0 s", "2.1 s", "-", "CPU time limit 2.00s exceeded"},
		{"secret/4", "serg", "SKIPPED", "-", "-", "-", "not run: stopped after the TLE on secret/3-top1465"},
	}
	if diff := cmp.Diff(want, cells(t, b.String())); diff != "" {
		t.Errorf("grouped Tests rows (-want +got):\n%s\n%s", diff, b.String())
	}
}

func TestEmptyTables(t *testing.T) {
	var b bytes.Buffer
	if err := table.Results(&b, nil); err != nil {
		t.Fatal(err)
	}
	if got := cells(t, b.String()); len(got) != 1 {
		t.Errorf("empty results: %d rows, want only the header:\n%s", len(got), b.String())
	}
}

// stubProblem is a problem with a catalog entry and nothing to solve.
type stubProblem struct {
	id    string
	cfg   problems.Config
	tests []problems.Test
	err   error
	ref   solvers.Strategy
}

func (p stubProblem) ID() string                                                   { return p.id }
func (p stubProblem) Config() problems.Config                                      { return p.cfg }
func (p stubProblem) Tests() ([]problems.Test, error)                              { return p.tests, p.err }
func (p stubProblem) Checker() contest.Checker                                     { return contest.Lines{} }
func (p stubProblem) Reference() solvers.Strategy                                  { return p.ref }
func (stubProblem) Format(io.Writer, []problems.Answer) error                      { return nil }
func (stubProblem) Generate(context.Context, io.Writer, problems.GenOptions) error { return nil }
func (stubProblem) Parse(string, []byte) ([]*solvers.Puzzle, error)                { return nil, nil }
func (stubProblem) SolveCase(context.Context, solvers.Strategy, *solvers.Puzzle) (problems.Answer, error) {
	return problems.Answer{}, nil
}

type named string

func (n named) Name() string { return string(n) }
func (named) Search(context.Context, *solvers.Puzzle, solvers.Options) (solvers.Stats, error) {
	return solvers.Stats{}, nil
}

func TestProblemsAndStrategies(t *testing.T) {
	var a, b problems.Config
	a.Name, a.Source, a.Limits.TimeLimit = "Sudoku", "POJ 2676", 1
	a.Harness.Checker, a.Harness.StrategyTimeLimit = "poj2676", 0.5
	b.Name, b.Source, b.Limits.TimeLimit, b.Validation = "Target Sudoku", "NOIP 2009", 2, "default"
	b.Harness.Checker, b.Harness.CheckerArgs = "lines", contest.Args{"layout": "WA", "line_end_space": "compare"}
	probs := []problems.Problem{
		stubProblem{id: "poj2676", cfg: a, ref: named("dlx"), tests: []problems.Test{
			{Name: "sample/1"}, {Name: "secret/1"}, {Name: "secret/2"},
		}},
		stubProblem{id: "target", cfg: b, ref: named("dlx"), err: errors.New("no data")},
	}
	var out bytes.Buffer
	if err := table.Problems(&out, probs); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"id", "name", "source", "sample", "secret", "time limit", "strategy limit", "checker", "reference"},
		{"poj2676", "Sudoku", "POJ 2676", "1", "2", "1.0 s", "500.0 ms", "poj2676", "dlx"},
		{"target", "Target Sudoku", "NOIP 2009", "error", "error", "2.0 s", "2.0 s", "lines (layout: WA, line_end_space: compare)", "dlx"},
	}
	if diff := cmp.Diff(want, cells(t, out.String())); diff != "" {
		t.Errorf("Problems rows (-want +got):\n%s\n%s", diff, out.String())
	}

	out.Reset()
	a.Groups = []problems.Group{
		{Name: "official", Official: true, About: "POJ's data", Tests: []string{"sample/1", "secret/1"}},
		{Name: "top1465", About: "magictour", Tests: []string{"secret/2"}},
	}
	probs[0] = stubProblem{id: "poj2676", cfg: a, ref: named("dlx")}
	if err := table.TestGroups(&out, probs); err != nil {
		t.Fatal(err)
	}
	want = [][]string{
		{"problem", "group", "role", "official", "tests", "about"},
		{"poj2676", "official", "headline", "yes", "2", "POJ's data"},
		{"poj2676", "top1465", "extended", "no", "1", "magictour"},
	}
	if diff := cmp.Diff(want, cells(t, out.String())); diff != "" {
		t.Errorf("TestGroups rows (-want +got):\n%s\n%s", diff, out.String())
	}

	out.Reset()
	if err := table.Strategies(&out, []solvers.Strategy{named("naive"), named("dlx")}, probs); err != nil {
		t.Fatal(err)
	}
	want = [][]string{
		{"strategy", "reference for"},
		{"naive", ""},
		{"dlx", "poj2676, target"},
	}
	if diff := cmp.Diff(want, cells(t, out.String())); diff != "" {
		t.Errorf("Strategies rows (-want +got):\n%s\n%s", diff, out.String())
	}
}

func TestGroups(t *testing.T) {
	official := judge.GroupResult{Name: "official", Headline: true, Official: true, Verdict: contest.AC, Passed: 2, Total: 2}
	top := judge.GroupResult{Name: "top1465", Verdict: contest.TLE, Passed: 1, Total: 2}
	gen := judge.GroupResult{Name: "generated", Headline: true, Verdict: contest.AC, Passed: 7, Total: 7}
	for _, tt := range []struct {
		groups []judge.GroupResult
		want   string
	}{
		{nil, ""},
		{[]judge.GroupResult{official, top}, "official AC · extended: top1465 TLE (1/2)"},
		{[]judge.GroupResult{official}, "official AC"},
		{[]judge.GroupResult{{Name: "official", Headline: true, Official: true}, top}, "extended: top1465 TLE (1/2)"}, // official not selected
		{[]judge.GroupResult{gen}, "generated AC (no official data: generated tests)"},
	} {
		if got := table.Groups(judge.Result{Groups: tt.groups}); got != tt.want {
			t.Errorf("Groups(%+v) = %q, want %q", tt.groups, got, tt.want)
		}
	}
}

// TestTablesEscape checks the defence in depth at the renderer: a result
// whose strings were never made safe (a judge that forgot) still prints no
// control byte, in the tests table, the results table, a table of any
// rows and the groups line.
func TestTablesEscape(t *testing.T) {
	h := hostiletext.Text
	tests := []judge.TestResult{{Name: h, Group: h, Verdict: contest.RE, Message: h}}
	r := judge.Result{Problem: h, Solution: h, Verdict: contest.RE, Tests: tests, Groups: []judge.GroupResult{{Name: h, Headline: true, Verdict: contest.RE, Total: 1}}}
	var b bytes.Buffer
	if err := table.Tests(&b, tests); err != nil {
		t.Fatal(err)
	}
	if err := table.Results(&b, []judge.Result{r}); err != nil {
		t.Fatal(err)
	}
	if err := table.Render(&b, []string{h}, []bool{false}, [][]string{{h}}); err != nil {
		t.Fatal(err)
	}
	b.WriteString(table.Groups(r))
	if f := hostiletext.Find(b.String()); f != "" {
		t.Errorf("the tables hold %s:\n%q", f, b.String())
	}
	if !strings.Contains(b.String(), `\x1b[2J`) {
		t.Errorf("the tables do not show the text escaped:\n%s", b.String())
	}
}
