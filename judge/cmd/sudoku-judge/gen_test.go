package main

import (
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
		{"zero count", []string{"gen", "--problem", "poj2676", "--count", "0"}, "--count 0"},
		{"bad count", []string{"gen", "--problem", "poj2676", "--count", "many"}, "--count"},
		{"negative givens", []string{"gen", "--problem", "poj2676", "--givens", "-3"}, "--givens -3"},
		{"bad kind", []string{"gen", "--problem", "poj2676", "--kind", "some"}, `kind "some": want unique or multiple`},
		{"kind the problem cannot express", []string{"gen", "--problem", "poj2676", "--kind", "none"}, "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantUsageError(t, tt.want, tt.args...) })
	}
}
