package stress

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestShellQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"sol.cpp", "sol.cpp"},
		{"./dir/a-b_c.py", "./dir/a-b_c.py"},
		{"gcc -O2 -o {out} {src}", "'gcc -O2 -o {out} {src}'"},
		{"it's", `'it'\''s'`},
		{"", "''"},
		{"$HOME;rm -rf /", `'$HOME;rm -rf /'`},
	} {
		if got := shellQuote(tc.in); got != tc.want {
			t.Errorf("shellQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestReplay checks the replay command word by word, as a POSIX shell
// reads it back.
func TestReplay(t *testing.T) {
	sh := testenv.NeedCommand(t, "sh")
	f := &Failure{Dir: "stress-failures/hdu4069-multiple-seed2 (it's mine)"}
	flags := []string{"--time-limit", "1.5s", "--compile", "g++ -O2 -o {out} {src}"}
	got := f.Replay("hdu4069", flags, "my sol.cpp", []string{"first", "$x"})
	want := []string{"sudoku-judge", "test", "--problem", "hdu4069", "--time-limit", "1.5s", "--compile", "g++ -O2 -o {out} {src}",
		"--tests", "stress-failures/hdu4069-multiple-seed2 (it's mine)", "my sol.cpp", "--", "first", "$x"}
	words, err := exec.Command(sh, "-c", `eval "set -- $1"; for w in "$@"; do printf '%s\n' "$w"; done`, "sh", got).Output()
	if err != nil {
		t.Fatalf("sh reading %s: %v", got, err)
	}
	if g := strings.Split(strings.TrimSuffix(string(words), "\n"), "\n"); strings.Join(g, "|") != strings.Join(want, "|") {
		t.Errorf("the shell reads %s as\n%q\nwant\n%q", got, g, want)
	}
	if plain := (&Failure{Dir: "out/poj3074-seed7"}).Replay("poj3074", nil, "sol.c", nil); plain != "sudoku-judge test --problem poj3074 --tests out/poj3074-seed7 sol.c" {
		t.Errorf("plain replay %q", plain)
	}
}

func TestPrint(t *testing.T) {
	diff := contest.LineDiff([]byte("1\n2\n"), []byte("1\n3\n"))
	f := &Failure{Round: 1, Seed: 2, Kind: "multiple", Input: []byte("1\n\x1b[2J\n"), Cases: 5, Shrunk: 1,
		Test: judge.TestResult{Verdict: contest.WA, Message: "line 2: expected \"2\", got \"3\"", Diff: diff},
		Dir:  "out/hdu4069-multiple-seed2", Name: "hdu4069-multiple-seed2"}
	var b strings.Builder
	if err := f.Print(&b, "sudoku-judge test --problem hdu4069 --tests out/hdu4069-multiple-seed2 sol.c"); err != nil {
		t.Fatal(err)
	}
	want := `round 2 (seed 2, kind multiple) failed: WA: line 2: expected "2", got "3"
shrunk from 5 cases to 1
input:
    1
    \x1b[2J
expected (-) versus got (+):
    --- expected
    +++ output
    @@ -1,2 +1,2 @@
      1 1  1
    - 2    2
    +   2  3
    1 hunk: 1 line only in expected, 1 only in output
saved in out/hdu4069-multiple-seed2: hdu4069-multiple-seed2.in hdu4069-multiple-seed2.ans hdu4069-multiple-seed2.actual hdu4069-multiple-seed2.original
replay: sudoku-judge test --problem hdu4069 --tests out/hdu4069-multiple-seed2 sol.c
`
	if b.String() != want {
		t.Errorf("Print:\n%s\nwant\n%s", b.String(), want)
	}
	// Not saved and not shrunk: no files, no replay; a long input is left out.
	f = &Failure{Round: 0, Seed: 9, Input: []byte(strings.Repeat("x\n", maxInputLines+1)), Cases: 1, Shrunk: 1,
		Test: judge.TestResult{Verdict: contest.RE}}
	b.Reset()
	if err := f.Print(&b, ""); err != nil {
		t.Fatal(err)
	}
	if b.String() != "round 1 (seed 9) failed: RE\n" {
		t.Errorf("Print of an unsaved failure: %q", b.String())
	}
}

func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		rep        Report
		answeredBy string
		want       string
	}{
		{Report{Rounds: 100, Kinds: []string{"unique", "none"}}, "", "100/100 rounds passed (seeds 7..106; kinds unique, none; answers by the reference dlx)"},
		{Report{Rounds: 1, Kinds: []string{""}}, "brute.py", "1/1 rounds passed (seeds 7..7; kinds the default; answers by brute.py)"},
	} {
		if got := tc.rep.Summary(7, tc.answeredBy, "dlx"); got != tc.want {
			t.Errorf("Summary = %q, want %q", got, tc.want)
		}
	}
}
