package workload

import (
	"strings"
	"testing"

	sudokujudge "github.com/sudoku-judge/sudoku-judge"
)

// TestSelect checks bench's lists of problems and sets: the defaults, the
// pairs that do not apply (left out of a product, an error alone), and
// unknown names.
func TestSelect(t *testing.T) {
	sets := sudokujudge.Testdata()
	for _, tc := range []struct {
		problems, sets string
		want           string // problem/set of each workload, or the error's start
	}{
		{"", "", "sudoku/top95 sudoku/hardest1106"},
		{"sudoku", "tests,top95", "sudoku/top95"},
		{"poj3074", "tests", "poj3074/tests"},
		{" poj3074 , sudoku ", "top95", "poj3074/top95 sudoku/top95"},
		{"sudoku", "tests", "error: workload: sudoku/tests: not applicable"},
		{"sudoku,poj3074", "tests", "poj3074/tests"},
		{"nope", "", "error: problem: "},
		{"", "top95,nope", "error: set: "},
	} {
		ws, err := Select(sets, tc.problems, tc.sets, 2)
		var got []string
		for _, w := range ws {
			got = append(got, w.Problem+"/"+w.Set)
		}
		g := strings.Join(got, " ")
		if err != nil {
			g = "error: " + err.Error()
		}
		if !strings.HasPrefix(g, tc.want) {
			t.Errorf("Select(%q, %q) = %s, want %s", tc.problems, tc.sets, g, tc.want)
		}
	}
	// all: every set, poj3074's tests too, but not the 16x16 and 25x25
	// sets for a 9x9 problem.
	ws, err := Select(sets, "sudoku,poj3074", "all", 1)
	var got []string
	for _, w := range ws {
		got = append(got, w.Problem+"/"+w.Set)
	}
	want := "sudoku/unbiased sudoku/17clue sudoku/top95 sudoku/top1465 sudoku/hardest11plus sudoku/hardest1106 sudoku/serg sudoku/gen16 sudoku/gen25 " +
		"poj3074/tests poj3074/unbiased poj3074/17clue poj3074/top95 poj3074/top1465 poj3074/hardest11plus poj3074/hardest1106 poj3074/serg"
	if err != nil || strings.Join(got, " ") != want {
		t.Errorf("Select(sudoku,poj3074, all) = %s, %v; want %s", strings.Join(got, " "), err, want)
	}
	if _, err := Sets(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no puzzle set") {
		t.Errorf("Sets(an empty folder) = %v, want an error naming the missing set", err)
	}
}
