package poj3074

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

func TestConfig(t *testing.T) {
	// POJ's 1 s and 64 MiB, exact judging.
	problemtest.CheckConfig(t, New(), problemtest.Limits{time.Second, 64, "default", "lines"})
}

// TestTests checks the data files: each input parses, round-trips through
// WriteInput, and has one answer line per case.
func TestTests(t *testing.T) {
	// Case counts of the real data are facts of the judge's files.
	problemtest.CheckTests(t, New(), WriteInput, map[string]int{"sample/1": 2, "secret/1": 91}, func(tc problems.Test, ps []*solvers.Puzzle) {
		if lines := bytes.Count(tc.Answer, []byte("\n")); lines != len(ps) {
			t.Errorf("%s: %d answer lines for %d cases", tc.Name, lines, len(ps))
		}
	})
}

const (
	row81  = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	sol81  = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	givens = 17
)

// TestCases checks what Cases yields: the puzzles, then the fault of a
// malformed line and nothing after it, and no more once the loop stops.
func TestCases(t *testing.T) {
	tests := []struct {
		name, input string
		stopAfter   int    // break out of the loop after this many puzzles; 0: never
		want        int    // puzzles yielded
		wantErr     string // the error yielded last, if any
	}{
		{"all", row81 + "\n" + row81 + "\nend\n", 0, 2, ""},
		{"malformed", row81 + "\nx\n" + row81 + "\nend\n", 0, 1, "in:2:1: unexpected"},
		{"no end", row81 + "\n", 0, 1, `in:2: input ends without the "end" line after 1 puzzle`},
		{"stopped", row81 + "\n" + row81 + "\nx\n", 1, 1, ""},
		{"stopped before a fault", row81 + "\nx\n", 1, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got int
			var gotErr error
			for p, err := range Cases("in", []byte(tt.input)) {
				if gotErr != nil {
					t.Fatalf("yielded again after the error %v", gotErr)
				}
				switch {
				case err != nil && p != nil:
					t.Fatalf("yielded a puzzle with the error %v", err)
				case err != nil:
					gotErr = err
				case p == nil:
					t.Fatal("yielded a nil puzzle without an error")
				default:
					got++
				}
				if got == tt.stopAfter {
					break
				}
			}
			if got != tt.want {
				t.Errorf("yielded %d puzzles, want %d", got, tt.want)
			}
			if msg := fmt.Sprint(gotErr); (tt.wantErr == "") != (gotErr == nil) || !strings.Contains(msg, tt.wantErr) {
				t.Errorf("error %v, want %q", gotErr, tt.wantErr)
			}
		})
	}
}

func TestParse(t *testing.T) {
	ps, err := Parse("in", []byte(row81+"\r\n"+row81+"  \nend\r\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].NumGivens() != givens || ps[0].Cell(0) != 4 || ps[0].Cell(80) != 0 {
		t.Fatalf("parsed %d puzzles, first with %d givens; want 2 with %d", len(ps), ps[0].NumGivens(), givens)
	}
	if ps, err := Parse("in", []byte("end")); err != nil || len(ps) != 0 {
		t.Errorf("Parse(end) = %d puzzles, %v; want none", len(ps), err)
	}
}

func TestParseErrors(t *testing.T) {
	problemtest.CheckParseErrors(t, New(), []problemtest.ParseErrorCase{
		{"empty input", "", 1, 0, `input ends without the "end" line`},
		{"no end", row81 + "\n", 2, 0, `input ends without the "end" line after 1 puzzle`},
		{"no end, no newline", row81, 2, 0, `input ends without the "end"`},
		{"short line", row81[:80] + "\nend\n", 1, 81, "line has 80 cells, want 81"},
		{"long line", row81 + "5\nend\n", 1, 82, "line has 82 characters, want 81"},
		{"zero for empty", "0" + row81[1:] + "\nend\n", 1, 1, "unexpected '0': want a digit 1-9 or '.'"},
		{"bad char", row81[:40] + "x" + row81[41:] + "\nend\n", 1, 41, `unexpected 'x'`},
		{"space inside", row81[:9] + " " + row81[10:] + "\nend\n", 1, 10, `unexpected ' '`},
		{"blank line", row81 + "\n\n" + row81 + "\nend\n", 2, 0, "empty line"},
		{"END in capitals", row81 + "\nEND\n", 2, 1, `unexpected "END": want a puzzle of 81 cells or "end"`},
		{"garbage after end", "end\n\n  more\n", 3, 3, `unexpected "more" after the "end" line`},
		{"second line bad", row81 + "\n" + row81[:5] + "\nend\n", 2, 6, "line has 5 cells"},
	})
}

// TestSamples solves the samples with the reference and compares bytes.
func TestSamples(t *testing.T) { problemtest.CheckSamples(t, New()) }

func TestSolveCaseNoSolution(t *testing.T) {
	clash := []byte("11" + strings.Repeat(".", 79))
	// Row 1 leaves only 9 for r1c9, and column 9 already holds 9: no
	// clash among the givens, yet no solution.
	dead := []byte("12345678." + "........9" + strings.Repeat(".", 63))
	tests := []struct {
		name  string
		cells []byte
		msg   string
	}{
		{"clash", clash, "both hold 1"},
		{"dead end", dead, "has no solution"},
	}
	prob := New()
	for _, tc := range tests {
		ps, err := Parse("in", append(tc.cells, "\nend\n"...))
		if err != nil {
			t.Fatal(err)
		}
		_, err = prob.SolveCase(context.Background(), prob.Reference(), ps[0])
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), string(tc.cells[:9])) {
			t.Errorf("%s: error %v, want one naming the puzzle and saying %q", tc.name, err, tc.msg)
		}
	}
	if err := prob.Format(new(bytes.Buffer), []problems.Answer{{}}); err == nil {
		t.Error("Format of an answer without a grid succeeded")
	}
}

func TestChecker(t *testing.T) {
	in := []byte(row81 + "\n" + row81 + "\nend\n")
	ans := []byte(sol81 + "\n" + sol81 + "\n")
	wrong := "5" + sol81[1:]
	tests := []struct {
		name, output string
		want         contest.Verdict
	}{
		{"exact", string(ans), contest.AC},
		{"CRLF and trailing blank", sol81 + "\r\n" + sol81 + " \r\n\r\n", contest.AC},
		{"no final newline", sol81 + "\n" + sol81, contest.AC},
		{"wrong digit", sol81 + "\n" + wrong + "\n", contest.WA},
		{"missing line", sol81 + "\n", contest.WA},
		{"extra line", string(ans) + sol81 + "\n", contest.WA},
		{"spaces inside", sol81 + "\n" + sol81[:9] + " " + sol81[9:] + "\n", contest.PE},
		{"one line", sol81 + " " + sol81 + "\n", contest.PE},
		{"empty", "", contest.WA},
	}
	for _, tc := range tests {
		r := contest.Run(context.Background(), New().Checker(), in, []byte(tc.output), ans)
		if r.Verdict != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, r.Verdict, r.Message, tc.want)
		}
	}
}

func TestGenerate(t *testing.T) {
	prob := New()
	_, ps := problemtest.CheckGenerate(t, prob, problems.GenOptions{Count: 4, Seed: 7, Givens: 30})
	problemtest.CheckCounts(t, prob.Reference(), ps, 2, 1, 1)
	for _, kind := range []string{"multiple", "none", "bogus"} {
		if err := prob.Generate(context.Background(), new(bytes.Buffer), problems.GenOptions{Count: 1, Kind: kind}); err == nil {
			t.Errorf("Generate kind %q succeeded; the problem only has unique puzzles", kind)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(row81 + "\nend\n"))
	f.Add([]byte("end"))
	f.Add([]byte(row81 + "\r\n" + row81[:80] + "x\nend\n\n"))
	f.Add([]byte("end\ngarbage"))
	problemtest.FuzzParse(f, Parse, WriteInput)
}

// BenchmarkParse parses the 5,000 17-clue puzzles of testdata as one
// input, as solve does before its first search.
func BenchmarkParse(b *testing.B) {
	in := inputOf(b, "../../testdata/17clue.txt")
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := Parse("17clue", in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFormat writes the answers to the same puzzles.
func BenchmarkFormat(b *testing.B) {
	ps, err := Parse("17clue", inputOf(b, "../../testdata/17clue.txt"))
	if err != nil {
		b.Fatal(err)
	}
	answers := make([]problems.Answer, len(ps))
	for i, p := range ps {
		answers[i].Grid = p.Givens()
		for k, v := range answers[i].Grid {
			answers[i].Grid[k] = v%9 + 1 // any digits: Format does not check sudoku rules
		}
	}
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		if err := New().Format(&out, answers); err != nil {
			b.Fatal(err)
		}
	}
}

// inputOf returns the puzzles of a testdata set, one a line, as an input.
func inputOf(b *testing.B, path string) []byte {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var in bytes.Buffer
	for line := range strings.Lines(string(data)) {
		if !strings.HasPrefix(line, "#") {
			in.WriteString(line[:cells] + "\n")
		}
	}
	in.WriteString("end\n")
	return in.Bytes()
}

// TestDecode81 checks decode81, eight characters at a time, against
// decodeSlowly, one at a time, on every byte value in every place of a
// valid line: the same verdict, and the same cells when both accept.
func TestDecode81(t *testing.T) {
	for i := range cells {
		for c := range 256 {
			line := []byte(row81)
			line[i] = byte(c)
			checkDecode81(t, line)
		}
	}
}

// FuzzDecode81 is TestDecode81 on any 81 bytes.
func FuzzDecode81(f *testing.F) {
	f.Add([]byte(row81))
	f.Add([]byte(strings.Repeat(".", cells)))
	f.Add([]byte(strings.Repeat("\xae", cells))) // '.' with its top bit set
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) >= cells {
			checkDecode81(t, line[:cells])
		}
	})
}

func checkDecode81(t *testing.T, line []byte) {
	t.Helper()
	var fast, slow [cells]uint8
	ok := decode81((*[cells]byte)(line), &fast)
	fault := decodeSlowly(line, &slow)
	if ok != (fault == nil) || ok && fast != slow {
		t.Fatalf("line %q: decode81 %v %v, decodeSlowly %v %v", line, ok, fast, fault, slow)
	}
}

// TestEncode81 checks encode81, eight cells at a time, against the
// digits one at a time, with every byte value in every place of a grid.
func TestEncode81(t *testing.T) {
	for i := range cells {
		for v := range 256 {
			var g [cells]uint8
			for k := range g {
				g[k] = uint8(k%9 + 1)
			}
			g[i] = uint8(v)
			line, ok := encode81(&g)
			if want := v >= 1 && v <= 9; ok != want {
				t.Fatalf("cell %d holds %d: ok %v, want %v", i, v, ok, want)
			}
			if !ok {
				continue
			}
			for k, c := range line[:cells] {
				if c != '0'+g[k] {
					t.Fatalf("cell %d holds %d: line %q", i, v, line)
				}
			}
			if line[cells] != '\n' {
				t.Fatalf("line %q does not end in a newline", line)
			}
		}
	}
}
