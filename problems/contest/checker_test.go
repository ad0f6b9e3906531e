package contest

import (
	"context"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	const answer = "Case 1:\n123\n456\n"
	tests := []struct {
		name   string
		output string
		want   Verdict
		msg    string // part of the message
	}{
		{"exact", answer, AC, ""},
		{"crlf and trailing blanks", "Case 1:  \r\n123\r\n456\r\n\r\n\n", AC, ""},
		{"no final newline", strings.TrimSuffix(answer, "\n"), AC, ""},
		{"digits with spaces", "Case 1:\n1 2 3\n4 5 6\n", PE, "line 2: right answer, wrong layout"},
		{"joined lines", "Case 1:\n123456\n", PE, "line 2"},
		{"leading space", " Case 1:\n123\n456\n", PE, "line 1"},
		{"wrong digit", "Case 1:\n123\n465\n", WA, `line 3: expected "456", got "465"`},
		{"missing line", "Case 1:\n123\n", WA, `line 3: expected "456", got end of output`},
		{"extra line", answer + "789\n", WA, `line 4: expected end of output, got "789"`},
		{"empty", "", WA, "line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Lines{}.Check(context.Background(), nil, []byte(tt.output), []byte(answer))
			if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
				t.Fatalf("got %s %q, want %s with %q", r.Verdict, r.Message, tt.want, tt.msg)
			}
			if (r.Verdict == WA || r.Verdict == PE) && r.Diff == "" {
				t.Errorf("%s without a diff", r.Verdict)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	const answer = "1 2\n3\n"
	tests := []struct {
		output string
		want   Verdict
		msg    string
	}{
		{"1\n2 3", AC, ""},
		{"  1 2 3  \r\n", AC, ""},
		{"1 2 4", WA, `token 3: expected "3", got "4"`},
		{"1 2", WA, `token 3: expected "3", got end of output`},
		{"1 2 3 4", WA, `token 4: expected end of output, got "4"`},
	}
	for _, tt := range tests {
		r := Tokens{}.Check(context.Background(), nil, []byte(tt.output), []byte(answer))
		if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
			t.Errorf("Tokens(%q) = %s %q, want %s with %q", tt.output, r.Verdict, r.Message, tt.want, tt.msg)
		}
	}
}

func TestRun(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		c    Checker
		want Verdict
		msg  string
	}{
		{"nil checker", context.Background(), nil, IE, "no checker"},
		{"panic", context.Background(), Func(func(context.Context, []byte, []byte, []byte) Result { panic("bug\x1b[2J") }), IE, `checker panicked: bug\x1b[2J`},
		{"no verdict", context.Background(), Func(func(context.Context, []byte, []byte, []byte) Result { return Result{} }), IE, "no verdict"},
		{"canceled before", canceled, Lines{}, IE, "not checked: context canceled"},
		{"message made safe", context.Background(), Func(func(context.Context, []byte, []byte, []byte) Result {
			return Result{Verdict: WA, Message: "a\nb\x07" + strings.Repeat("x", 1000), Diff: "- \x1b[31m\n"}
		}), WA, `a b\x07xxx`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Run(tt.ctx, tt.c, nil, []byte("1\n"), []byte("1\n"))
			if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
				t.Fatalf("Run = %s %q, want %s with %q", r.Verdict, r.Message, tt.want, tt.msg)
			}
			if len(r.Message) > MaxMessage+3 || strings.ContainsAny(r.Message+r.Diff[:max(0, len(r.Diff)-1)], "\x1b\x07\n") {
				t.Errorf("unsafe or long result: %q / %q", r.Message, r.Diff)
			}
		})
	}
}

// TestRunInterrupted checks a checker that sees its context end mid-check
// is IE, whatever it returned, so Ctrl-C never turns into a verdict.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := Func(func(ctx context.Context, _, _, _ []byte) Result {
		cancel()
		return Result{Verdict: AC}
	})
	if r := Run(ctx, c, nil, nil, nil); r.Verdict != IE || !strings.Contains(r.Message, "interrupted") {
		t.Errorf("Run with the context canceled during the check = %s %q, want IE interrupted", r.Verdict, r.Message)
	}
}

// TestLinesOptions checks each setting against what the original judges
// are known to do with the same output: POJ 3076's grids separated by an
// empty line (POJ: PE without it or with one leading, AC with a trailing
// one), HDU's spaces at a line's end, Luogu's lack of PE.
func TestLinesOptions(t *testing.T) {
	const grids = "AB\nCD\n\nEF\nGH\n" // two grids, one empty line between
	poj, hdu, luogu, lenient := Lines{}, Lines{LineEndSpace: true}, Lines{NoPE: true}, Lines{SkipBlankLines: true}
	tests := []struct {
		name    string
		c       Lines
		output  string
		want    Verdict
		msg     string
		outLine int // the mismatch's output line; 0 when accepted or past the output's end
	}{
		{"POJ: as the answer", poj, grids, AC, "", 0},
		{"POJ: an empty line after the last grid too", poj, grids + "\n", AC, "", 0},
		{"POJ: CRLF", poj, strings.ReplaceAll(grids, "\n", "\r\n"), AC, "", 0},
		{"POJ: no empty line between grids", poj, "AB\nCD\nEF\nGH\n", PE, `line 3: right answer, wrong layout: expected an empty line, got "EF"`, 3},
		{"POJ: empty line before each grid", poj, "\nAB\nCD\n\nEF\nGH\n", PE, `line 1: right answer, wrong layout: unexpected empty line, expected "AB"`, 1},
		{"POJ: two empty lines between grids", poj, "AB\nCD\n\n\nEF\nGH\n", PE, "line 4", 4},
		{"POJ: space at a line's end", poj, "AB \nCD\n\nEF\nGH\n", AC, "", 0},
		{"POJ: a wrong letter", poj, "AB\nCD\n\nEF\nGG\n", WA, `line 5: expected "GH", got "GG"`, 5},
		{"HDU: space at a line's end", hdu, "AB \nCD\n\nEF\nGH\n", PE, "line 1: right answer, wrong layout: white space at the end of the line", 1},
		{"HDU: tab at a line's end", hdu, "AB\nCD\t\n\nEF\nGH\n", PE, "line 2: right answer, wrong layout: white space at the end", 2},
		{"HDU: CRLF", hdu, strings.ReplaceAll(grids, "\n", "\r\n"), AC, "", 0},
		{"HDU: space and newlines at the output's end", hdu, strings.TrimSuffix(grids, "\n") + " \n\n", AC, "", 0},
		{"HDU: no final newline", hdu, strings.TrimSuffix(grids, "\n"), AC, "", 0},
		{"Luogu: space at a line's end", luogu, "AB \nCD\n\nEF\nGH\n", AC, "", 0},
		{"Luogu: no empty line between grids", luogu, "AB\nCD\nEF\nGH\n", WA, "no PE", 3},
		{"Luogu: a wrong letter", luogu, "AB\nCD\n\nEF\nGG\n", WA, `expected "GH"`, 5},
		{"lenient: no empty line between grids", lenient, "AB\nCD\nEF\nGH\n", AC, "", 0},
		{"lenient: empty lines anywhere", lenient, "\n\nAB\n\nCD\n\n\nEF\nGH\n\n", AC, "", 0},
		{"lenient: a wrong letter names the output's line", lenient, "\nAB\nCD\nEF\nGG\n", WA, "line 5:", 5},
		{"lenient: spaces between letters", lenient, "A B\nCD\nEF\nGH\n", PE, "line 1: right answer, wrong layout", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Run(context.Background(), tt.c, nil, []byte(tt.output), []byte(grids))
			if r.Verdict != tt.want || !strings.Contains(r.Message, tt.msg) {
				t.Errorf("got %s %q, want %s with %q", r.Verdict, r.Message, tt.want, tt.msg)
			}
			m, bad := tt.c.FirstMismatch([]byte(tt.output), []byte(grids))
			if bad != (tt.want != AC) || m.OutputLine != tt.outLine {
				t.Errorf("FirstMismatch = %+v, %v; want output line %d", m, bad, tt.outLine)
			}
		})
	}
}

func TestLinesConfigure(t *testing.T) {
	tests := []struct {
		args Args
		want Lines
		err  string
	}{
		{nil, Lines{}, ""},
		{Args{"line_end_space": "ignore", "blank_lines": "compare", "layout": "PE"}, Lines{}, ""},
		{Args{"line_end_space": "compare"}, Lines{LineEndSpace: true}, ""},
		{Args{"blank_lines": "skip", "layout": "WA"}, Lines{SkipBlankLines: true, NoPE: true}, ""},
		{Args{"line_end_space": "strict"}, Lines{}, `line_end_space: "strict": want ignore or compare`},
		{Args{"layout": "pe"}, Lines{}, `layout: "pe": want PE or WA`},
		{Args{"blank": "skip"}, Lines{}, `unknown argument "blank"`},
	}
	for _, tt := range tests {
		c, err := Lines{}.Configure(tt.args)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Configure(%v) = %v, %v; want error %q", tt.args, c, err, tt.err)
			}
			continue
		}
		if err != nil || c != tt.want {
			t.Errorf("Configure(%v) = %+v, %v; want %+v", tt.args, c, err, tt.want)
		}
	}
}

// FuzzLines checks the settings against each other on any output: every
// verdict is AC, PE or WA; a stricter setting never accepts what a more
// lenient one rejects; without PE there is no PE; and FirstMismatch agrees
// with the verdict.
func FuzzLines(f *testing.F) {
	f.Add([]byte("AB\nCD\n\nEF\n"), []byte("AB\nCD\nEF\n"))
	f.Add([]byte("1 \r\n2\n"), []byte("1\n2"))
	f.Add([]byte("\n\nx\n"), []byte("x\n\n"))
	f.Fuzz(func(t *testing.T, output, answer []byte) {
		ctx := context.Background()
		check := func(l Lines) Verdict {
			r := Run(ctx, l, nil, output, answer)
			if r.Verdict != AC && r.Verdict != PE && r.Verdict != WA {
				t.Fatalf("%+v: verdict %s %q", l, r.Verdict, r.Message)
			}
			if _, bad := l.FirstMismatch(output, answer); bad != (r.Verdict != AC) {
				t.Fatalf("%+v: verdict %s but FirstMismatch says %v", l, r.Verdict, bad)
			}
			return r.Verdict
		}
		poj, hdu, lenient := check(Lines{}), check(Lines{LineEndSpace: true}), check(Lines{SkipBlankLines: true})
		if hdu == AC && poj != AC || poj == AC && lenient != AC {
			t.Fatalf("HDU %s, POJ %s, lenient %s: a stricter reading accepted more", hdu, poj, lenient)
		}
		if noPE := check(Lines{NoPE: true}); noPE == PE || (noPE == AC) != (poj == AC) {
			t.Fatalf("without PE %s, with PE %s", noPE, poj)
		}
	})
}
