package workload

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	sudokujudge "github.com/sudoku-judge/sudoku-judge"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func TestLoad(t *testing.T) {
	dir := sudokujudge.Testdata()
	tests := []struct {
		problem, set string
		max          int
		wantLen      int
		wantInputs   int
		wantErr      string
	}{
		{Sudoku, "top95", 0, 95, 0, ""},
		{Sudoku, "serg", 5, 5, 0, ""},
		{"poj3074", "top95", 10, 10, 1, ""},
		{"poj2676", "top95", 3, 3, 1, ""},
		{"poj3074", Tests, 4, 4, 2, ""},
		{"poj3076", Tests, 2, 2, 2, ""},
		{Sudoku, Tests, 0, 0, 0, "not applicable"},
		{"poj3076", "top95", 0, 0, 0, "not applicable"},
		{Sudoku, "gen16", 3, 3, 0, ""},
		{"poj3074", "gen16", 0, 0, 0, "not applicable"},
		{Sudoku, "nosuch", 0, 0, 0, `no set named "nosuch"`},
		{"nosuch", "top95", 0, 0, 0, `no problem "nosuch"`},
	}
	for _, tt := range tests {
		t.Run(tt.problem+"/"+tt.set, func(t *testing.T) {
			w, err := Load(dir, tt.problem, tt.set, tt.max)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if w.Len() != tt.wantLen || len(w.Inputs) != tt.wantInputs {
				t.Fatalf("%d puzzles in %d inputs, want %d in %d", w.Len(), len(w.Inputs), tt.wantLen, tt.wantInputs)
			}
			cases := 0
			for _, in := range w.Inputs {
				cases += in.Cases
				if len(in.Data) == 0 {
					t.Errorf("input %s is empty", in.Name)
				}
			}
			if w.Inputs != nil && cases != w.Len() {
				t.Errorf("inputs hold %d cases, want %d", cases, w.Len())
			}
			s, _ := strategies.Lookup("dlx")
			for i := range w.Len() {
				if _, err := w.Solve(context.Background(), s, i); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	if _, err := Load(dir, Sudoku, Tests, 0); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("error %v does not wrap ErrNotApplicable", err)
	}
}

func TestName(t *testing.T) {
	w := &Workload{Problem: Sudoku, Set: "top95"}
	if got, want := w.Name("dlx"), "Solve/problem=sudoku/strategy=dlx/set=top95"; got != want {
		t.Errorf("Name = %q, want %q", got, want)
	}
	if got, want := w.ProgramName("fast"), "Solve/problem=sudoku/program=fast/set=top95"; got != want {
		t.Errorf("ProgramName = %q, want %q", got, want)
	}
	if got, want := Label("fast", false)+" "+Label("fast", true), "fast program=fast"; got != want {
		t.Errorf("Label = %q, want %q", got, want)
	}
	for in, want := range map[string]string{
		"my sol/v=2.cpp":            "my_sol_v_2.cpp",
		"tab\tnl\ncr\r":             "tab_nl_cr_",
		"\x1b[2J\u009b\u202eevil.c": "_[2J__evil.c",
		"bad\xffutf8":               "bad_utf8",
		"héllo-✓.py":                "héllo-✓.py",
	} {
		if got := NameValue(in); got != want {
			t.Errorf("NameValue(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSkip(t *testing.T) {
	dir := sudokujudge.Testdata()
	tests := []struct {
		problem, set, strategy string
		full                   bool
		want                   string // "" : measured
	}{
		{Sudoku, "top95", "naive", false, "takes minutes"},
		{Sudoku, "top95", "naive", true, ""},
		{Sudoku, "unbiased", "naive", false, ""},
		{Sudoku, "top95", "fast", false, ""},
		{"poj3076", Tests, "fast", false, ""}, // the wide engine handles 16x16
		{"poj3076", Tests, "mrv", false, "takes minutes"},
		{"poj3076", Tests, "dlx", false, ""},
		// The problems' own slow lists come from their problem.yaml.
		{"poj3074", Tests, "naive", false, "poj3074/tests takes minutes: the tests hold top1465"},
		{"poj3074", Tests, "naive", true, ""},
		{"hdu4069", Tests, "naive", false, "takes minutes"},
		{"hdu4069", Tests, "mrv", false, ""},
	}
	for _, tt := range tests {
		w, err := Load(dir, tt.problem, tt.set, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := strategies.Lookup(tt.strategy)
		if err != nil {
			t.Fatal(err)
		}
		got := w.Skip(s, tt.full)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s/%s %s full=%v: skip %q, want %q", tt.problem, tt.set, tt.strategy, tt.full, got, tt.want)
		}
	}
}

// A wrong answer is an error: serg's puzzles have several solutions, so
// posing them as unique ones must fail.
func TestSolveChecksAnswers(t *testing.T) {
	dir := sudokujudge.Testdata()
	w, err := Load(dir, Sudoku, "serg", 2)
	if err != nil {
		t.Fatal(err)
	}
	w.poser = uniqueness{want: 1}
	s, _ := strategies.Lookup("dlx")
	_, err = w.Solve(context.Background(), s, 0)
	var ce *CheckError
	if !errors.As(err, &ce) || ce.Verdict != "WA" || !strings.Contains(err.Error(), "sudoku/serg puzzle 1: dlx found 2 solutions") {
		t.Errorf("error %v, want a WA naming the puzzle and the wrong count", err)
	}
}

// TestPosers: problem= names one of two declared kinds, and every name
// Problems lists loads.
func TestPosers(t *testing.T) {
	names := Problems()
	if names[0] != Sudoku || len(names) < 5 {
		t.Fatalf("Problems() = %v", names)
	}
	for _, name := range names {
		if err := Lookup(name); err != nil {
			t.Errorf("Lookup(%q): %v", name, err)
		}
	}
	if err := Lookup("nosuch"); err == nil {
		t.Error("Lookup(nosuch) succeeded")
	}
	// A Sudoku workload has no inputs, so no program output to judge.
	w, err := Load(sudokujudge.Testdata(), Sudoku, "top95", 1)
	if err != nil {
		t.Fatal(err)
	}
	if res := w.poser.check(context.Background(), Input{}, []byte("x")); res.Verdict == "AC" {
		t.Error("sudoku accepted a program's output")
	}
}

// TestCheckAnswers: a strategy's answers are judged by the problem's
// checker, so a strategy that returns a wrong grid is caught (issue 10:
// only SolveCase's error was looked at).
func TestCheckAnswers(t *testing.T) {
	dir := sudokujudge.Testdata()
	for _, problem := range []string{"poj3074", "poj2676"} {
		w, err := Load(dir, problem, "top95", 3)
		if err != nil {
			t.Fatal(err)
		}
		s, err := strategies.Lookup("dlx")
		if err != nil {
			t.Fatal(err)
		}
		answers := make([]problems.Answer, w.Len())
		for i := range w.Len() {
			if answers[i], err = w.Solve(context.Background(), s, i); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.CheckAnswers(context.Background(), answers); err != nil {
			t.Fatalf("%s: right answers rejected: %v", problem, err)
		}
		wrong := slices.Clone(answers[1].Grid)
		wrong[0], wrong[1] = wrong[1], wrong[0]
		answers[1].Grid = wrong
		var ce *CheckError
		if err := w.CheckAnswers(context.Background(), answers); !errors.As(err, &ce) || ce.Verdict != "WA" {
			t.Errorf("%s: a wrong grid: %v, want a WA CheckError", problem, err)
		}
		if err := w.CheckOutput(context.Background(), 0, []byte("42\n")); !errors.As(err, &ce) || ce.Verdict != "WA" {
			t.Errorf(`%s: output "42": %v, want a WA CheckError`, problem, err)
		}
	}
}

// TestBaselineNames: every benchmark of the shipped baseline is named now
// as it was then, so old baselines still compare (issue 11).
func TestBaselineNames(t *testing.T) {
	f, err := os.Open("../baselines/intel-xeon-2core.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	loaded := make(map[string]*Workload)
	r := benchfmt.NewReader(f, f.Name())
	n := 0
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		base := res.Name.Base()
		_, parts := res.Name.Parts()
		keys := make(map[string]string)
		for _, p := range parts {
			k, v, _ := strings.Cut(strings.TrimPrefix(string(p), "/"), "=")
			keys[k] = v
		}
		key := keys["problem"] + "/" + keys["set"]
		w := loaded[key]
		if w == nil {
			if w, err = Load(sudokujudge.Testdata(), keys["problem"], keys["set"], 1); err != nil {
				t.Fatalf("%s: %v", res.Name, err)
			}
			loaded[key] = w
		}
		want := "Benchmark" + string(res.Name.Full())
		if got := "Benchmark" + w.Name(keys["strategy"]); !strings.HasPrefix(want, got) || string(base) != "Solve" {
			t.Errorf("baseline has %s, now named %s", want, got)
		}
		n++
	}
	if n < 50 {
		t.Errorf("read %d baseline results", n)
	}
}
