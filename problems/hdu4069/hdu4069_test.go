package hdu4069

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/mrv"
	"github.com/sudoku-judge/sudoku-judge/solvers/propagate"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestConfig(t *testing.T) {
	// HDU's 2 s and 32 MiB for C and C++, exact judging.
	problemtest.CheckConfig(t, New(), problemtest.Limits{2 * time.Second, 32, "default", "lines"})
}

// TestData re-solves every test with the reference strategy and with
// independent ones: every output must pass the checker against the stored
// answer.
func TestData(t *testing.T) {
	if tests := problemtest.Tests(t, New()); len(tests) != 7 {
		t.Fatalf("%d tests, want the sample and 6 secret files", len(tests))
	}
	// dlx is mkdata's second opinion; mrv needs seconds on a few minimal
	// puzzles with 14 givens.
	second := []solvers.Strategy{dlx.New(), propagate.New()}
	if !testing.Short() {
		second = append(second, mrv.New())
	}
	problemtest.CheckData(t, New(), second...)
}

// TestSampleRegions checks the wall decoding against the regions the lead
// decoded by hand in testdata/jigsaw.txt, and the givens too.
func TestSampleRegions(t *testing.T) {
	want, counts := solverstest.Jigsaw(t)
	tests := problemtest.Tests(t, New())
	got, err := Parse("sample", tests[0].Input)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d cases, want %d", len(got), len(want))
	}
	for k := range got {
		if !slices.Equal(got[k].Regions(), want[k].Regions()) {
			t.Errorf("case %d regions:\n got %v\nwant %v", k+1, got[k].Regions(), want[k].Regions())
		}
		if !slices.Equal(got[k].Givens(), want[k].Givens()) {
			t.Errorf("case %d givens:\n got %s\nwant %s", k+1, got[k], want[k])
		}
	}
	if !slices.Equal(counts, []int{1, 0, 2}) {
		t.Errorf("jigsaw.txt counts %v, want the sample's 1, 0, 2", counts)
	}
}

func TestParseErrors(t *testing.T) {
	sample := sampleCase(t)
	problemtest.CheckParseErrors(t, New(), []problemtest.ParseErrorCase{
		{"empty", "", 1, 1, "empty input"},
		{"blank", " \n\n", 3, 1, "empty input"},
		{"T not a number", "x\n", 1, 1, "number of cases \"x\" is not an integer"},
		{"T zero", "0\n", 1, 1, "number of cases 0 out of range"},
		{"T negative", "-3\n", 1, 1, "number of cases -3 out of range"},
		{"T too large", "2501\n", 1, 1, "number of cases 2501 out of range 1-2500"},
		{"T larger than the cases", "2\n" + sample, 11, 1, "input ends in case 2 of 2 after 0 of its 81 cells"},
		{"case cut short", "1\n" + firstLines(sample, 3), 5, 1, "input ends in case 1 of 1 after 27 of its 81 cells"},
		{"trailing data", "1\n" + sample + "7\n", 11, 1, "unexpected \"7\" after the last case (T = 1)"},
		{"cell not a number", "1\n" + replaceToken(sample, 0, "14a"), 2, 1, "case 1, cell r1c1: \"14a\" is not an integer 0-255"},
		{"cell too large", "1\n" + replaceToken(sample, 10, "256"), 3, 5, "case 1, cell r2c2: value 256 out of range 0-255"},
		{"cell negative", "1\n" + replaceToken(sample, 80, "-1"), 10, 29, "case 1, cell r9c9: value -1 out of range"},
		{"digit 10", "1\n" + replaceToken(sample, 1, "26"), 2, 5, "case 1, cell r1c2: value 26 has digit 10, want 0-9"},
		{"digit 15", "1\n" + replaceToken(sample, 1, "31"), 2, 5, "case 1, cell r1c2: value 31 has digit 15"},
		// Sample r1c1 is 144 (up, left walls) and r1c2 18 (up, digit 2):
		// a right wall on r1c1 alone is one-sided.
		{"one-sided vertical wall", "1\n" + replaceToken(sample, 0, "176"), 2, 1, "case 1: wall between r1c1 and r1c2 on one side only"},
		// r1c2 18 has no wall below, r2c2 38 (right wall, digit 6) none
		// above; a wall above r2c2 alone is one-sided.
		{"one-sided horizontal wall", "1\n" + replaceToken(sample, 10, "54"), 2, 5, "case 1: wall between r1c2 and r2c2 on one side only"},
		{"regions merged", "1\n" + openAll(sample), 2, 1, "case 1: walls make 1 regions, want 9; the region of r1c1 has 81 cells"},
		// r5c5 joins the two halves of its region (r3c4 r3c5 r4c4 r5c4 and
		// r5c6 r6c6 r7c6 r7c5, see testdata/jigsaw.txt): walling it off
		// leaves three pieces, the first of which starts at r3c4.
		{"region split", "1\n" + walledCell(sample), 4, 12, "case 1: walls make 11 regions, want 9; the region of r3c4 has 4 cells"},
	})
}

// sampleCase returns the first case of the sample, as 9 lines.
func sampleCase(t *testing.T) string {
	t.Helper()
	tests := problemtest.Tests(t, New())
	lines := strings.Split(string(tests[0].Input), "\n")
	return strings.Join(lines[1:10], "\n") + "\n"
}

func firstLines(s string, n int) string {
	return strings.Join(strings.SplitN(s, "\n", n+1)[:n], "\n") + "\n"
}

// replaceToken replaces the i-th number of a case.
func replaceToken(s string, i int, tok string) string {
	lines := strings.Split(s, "\n")
	f := strings.Fields(lines[i/9])
	f[i%9] = tok
	lines[i/9] = strings.Join(f, " ")
	return strings.Join(lines, "\n")
}

// mapCells rewrites every cell value of a case.
func mapCells(s string, f func(i, v int) int) string {
	var b strings.Builder
	for i, tok := range strings.Fields(s) {
		v := 0
		for _, c := range tok {
			v = 10*v + int(c-'0')
		}
		b.WriteString(itoa(f(i, v)))
		if i%9 == 8 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}

// openAll removes every wall.
func openAll(s string) string {
	return mapCells(s, func(_, v int) int { return v & 15 })
}

// walledCell walls off r5c5 on every side, and its neighbours towards it.
func walledCell(s string) string {
	const c = 40
	return mapCells(s, func(i, v int) int {
		switch i {
		case c:
			return v | 16 | 32 | 64 | 128
		case c - 9:
			return v | 64
		case c + 9:
			return v | 16
		case c - 1:
			return v | 32
		case c + 1:
			return v | 128
		}
		return v
	})
}
