package judge

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/hostiletext"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// TestMakeSafe checks that every string of a result a program or a tests
// folder can control comes out safe, that safe text is left as it is, and
// that making a result safe twice changes nothing.
func TestMakeSafe(t *testing.T) {
	h := hostiletext.Text
	r := Result{Problem: h, Solution: h, Strategy: h, Isolation: h, Judge: h, Verdict: contest.Verdict(h),
		Groups: []GroupResult{{Name: h, Verdict: contest.Verdict(h)}},
		Tests:  []TestResult{{Name: h, Group: h, Verdict: contest.Verdict(h), Signal: h, Limit: h, Message: h + "\n" + h, Diff: h + "\n" + h, Stderr: h + "\n" + h}},
	}
	r.MakeSafe()
	g, tr := r.Groups[0], r.Tests[0]
	fields := map[string]string{
		"problem": r.Problem, "solution": r.Solution, "strategy": r.Strategy, "isolation": r.Isolation, "judge": r.Judge, "verdict": string(r.Verdict),
		"group name": g.Name, "group verdict": string(g.Verdict),
		"test name": tr.Name, "test group": tr.Group, "test verdict": string(tr.Verdict), "signal": tr.Signal, "limit": tr.Limit,
		"message": tr.Message, "diff": tr.Diff, "stderr": tr.Stderr,
	}
	for name, s := range fields {
		if f := hostiletext.Find(s); f != "" {
			t.Errorf("%s holds %s: %q", name, f, s)
		}
	}
	const escaped = `\x1b[2J\x1b[Htest 1: AC\x1bE1/1 passed\x1bE\x1b[8m\u{009b}31m\x9b\u{202e}CA\u{202c}\x00`
	if want := escaped + `\rAC`; tr.Name != want {
		t.Errorf("name %q, want %q", tr.Name, want)
	}
	// One line: the carriage return and the newline are white space.
	if want := escaped + " AC " + escaped + " AC"; tr.Message != want {
		t.Errorf("message %q, want %q", tr.Message, want)
	}
	if tr.Stderr != tr.Name+"\n"+tr.Name {
		t.Errorf("stderr %q, want its two lines kept", tr.Stderr)
	}
	once := r.Tests[0]
	r.MakeSafe()
	if r.Tests[0] != once {
		t.Errorf("MakeSafe twice: %+v, then %+v", once, r.Tests[0])
	}
	plain := TestResult{Name: "secret/1", Verdict: contest.WA, Message: `line 2: expected "1", got "2"`, Diff: "--- expected\n\tx\n", Stderr: "Traceback:\n\tat x\n"}
	safe := plain
	safe.MakeSafe()
	if safe != plain {
		t.Errorf("plain text changed: %+v, want %+v", safe, plain)
	}
}
