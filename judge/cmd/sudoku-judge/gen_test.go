package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func TestGenDeterministic(t *testing.T) {
	prob, err := catalog.Lookup("poj2676")
	if err != nil {
		t.Fatal(err)
	}
	gen := func(seed string) string {
		t.Helper()
		code, stdout, stderr := cli(t, "gen", "--problem", "poj2676", "--count", "3", "--seed", seed)
		if code != exitOK || stderr != "" {
			t.Fatalf("gen --seed %s: exit %d, stderr %q", seed, code, stderr)
		}
		return stdout
	}
	a, b, c := gen("42"), gen("42"), gen("43")
	if a != b {
		t.Errorf("same seed, different output:\n%s\n---\n%s", a, b)
	}
	if a == c {
		t.Errorf("seeds 42 and 43 gave the same output:\n%s", a)
	}
	cases, err := prob.Parse("gen", []byte(a))
	if err != nil {
		t.Fatalf("gen wrote an invalid input: %v\n%s", err, a)
	}
	if len(cases) != 3 {
		t.Errorf("gen --count 3 wrote %d cases", len(cases))
	}
}

func TestGenEveryProblem(t *testing.T) {
	for _, prob := range catalog.All() {
		t.Run(prob.ID(), func(t *testing.T) {
			code, stdout, stderr := cli(t, "gen", "--problem", prob.ID(), "--seed", "5")
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if cases, err := prob.Parse("gen", []byte(stdout)); err != nil || len(cases) == 0 {
				t.Errorf("gen wrote %d cases, parse error %v:\n%s", len(cases), err, stdout)
			}
		})
	}
}

func TestGenUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no problem", []string{"gen"}, `required flag(s) "problem" not set`},
		{"unknown problem", []string{"gen", "--problem", "sudoku"}, "sudoku"},
		{"zero count", []string{"gen", "--problem", "poj2676", "--count", "0"}, `bad count "0"`},
		{"bad count", []string{"gen", "--problem", "poj2676", "--count", "many"}, "--count"},
		{"negative givens", []string{"gen", "--problem", "poj2676", "--givens", "-3"}, `bad count "-3"`},
		{"bad kind", []string{"gen", "--problem", "poj2676", "--kind", "some"}, `kind "some": want unique or multiple`},
		{"kind the problem cannot express", []string{"gen", "--problem", "poj2676", "--kind", "none"}, "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantUsageError(t, tt.want, tt.args...) })
	}
}

// TestGenGivens: --givens is honoured, or gen says how many givens it
// reached (issue 12: --givens 20 silently gave 23-25, 200 a solved grid).
func TestGenGivens(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		stderr     string // "" when it must be empty
		wantGivens int    // every puzzle's, when > 0
	}{
		{"reached", []string{"--problem", "poj3074", "--givens", "30", "-n", "3"}, exitOK, "", 30},
		{"every cell", []string{"--problem", "poj2676", "--givens", "81"}, exitOK, "", 81},
		{"below what removal reaches", []string{"--problem", "poj3074", "--givens", "17", "-n", "2"}, exitOK,
			"sudoku-judge: gen: --givens 17 not reached: the puzzles have ", 0},
		{"more than the cells", []string{"--problem", "poj3074", "--givens", "200"}, exitUsage,
			"sudoku-judge: gen: --givens 200: a poj3074 grid has 81 cells\n", 0},
		{"more than the cells of 16x16", []string{"--problem", "poj3076", "--givens", "257"}, exitUsage, "a poj3076 grid has 256 cells", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, append([]string{"gen"}, tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, stderr)
			}
			if tt.stderr == "" && stderr != "" || !strings.Contains(stderr, tt.stderr) || strings.Count(stderr, "\n") > 1 {
				t.Errorf("stderr %q, want one line with %q", stderr, tt.stderr)
			}
			if code != exitOK {
				if stdout != "" {
					t.Errorf("wrote puzzles on an error:\n%s", stdout)
				}
				return
			}
			prob, err := catalog.Lookup(tt.args[1])
			if err != nil {
				t.Fatal(err)
			}
			cases, err := prob.Parse("gen", []byte(stdout))
			if err != nil || len(cases) == 0 {
				t.Fatalf("%d cases, %v:\n%s", len(cases), err, stdout)
			}
			for i, p := range cases {
				if n := p.NumGivens(); tt.wantGivens > 0 && n != tt.wantGivens {
					t.Errorf("case %d has %d givens, want %d", i+1, n, tt.wantGivens)
				}
				if n := p.NumGivens(); tt.wantGivens == 0 && (n <= 17 || !strings.Contains(stderr, " have "+fmt.Sprint(n)) && !strings.Contains(stderr, " to "+fmt.Sprint(n))) {
					t.Errorf("case %d has %d givens, which %q does not say", i+1, n, stderr)
				}
			}
		})
	}
}
