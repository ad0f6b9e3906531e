package builtin_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/builtin"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

const (
	uniqueIn  = "1.3.\n.4.2\n2.4.\n.3.1\n"
	uniqueAns = "1234\n3412\n2143\n4321\n"
	emptyIn   = "....\n....\n....\n....\n"
	emptyAns  = "1234\n3412\n2143\n4321\n" // the first completion in digit order
)

var forward = backtrack{name: "forward"}

// threeTests returns a fake problem with three tests of the unique puzzle.
func threeTests(id string) *fakeProblem {
	return &fakeProblem{id: id, ref: forward, limit: 0.05, tests: []problems.Test{
		{Name: "sample/1", Input: []byte(uniqueIn), Answer: []byte(uniqueAns)},
		{Name: "secret/1", Input: []byte(uniqueIn), Answer: []byte(uniqueAns)},
		{Name: "secret/2", Input: []byte(uniqueIn), Answer: []byte(uniqueAns)},
	}}
}

// verdicts returns the test verdicts of r.
func verdicts(r judge.Result) []contest.Verdict {
	var vs []contest.Verdict
	for _, t := range r.Tests {
		vs = append(vs, t.Verdict)
	}
	return vs
}

func run(t *testing.T, probs []problems.Problem, strats []solvers.Strategy, opts builtin.Options) *builtin.Report {
	t.Helper()
	rep, err := builtin.Run(context.Background(), probs, strats, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if want := len(probs) * len(strats); len(rep.Results) != want {
		t.Fatalf("Run returned %d results, want %d", len(rep.Results), want)
	}
	return rep
}

func TestVerdicts(t *testing.T) {
	tests := []struct {
		strat    solvers.Strategy
		verdict  contest.Verdict // of the result
		tests    []contest.Verdict
		passed   int
		failed   bool
		message  string // in the first test's message
		timeMS   float64
		hasTimes bool // whether the first test has a measured time
	}{
		{strat: forward, verdict: contest.AC, tests: []contest.Verdict{contest.AC, contest.AC, contest.AC}, passed: 3, hasTimes: true},
		{strat: wrong{}, verdict: contest.WA, tests: []contest.Verdict{contest.WA, contest.WA, contest.WA}, failed: true,
			message: `line 1: expected "1234", got "2134"`, hasTimes: true},
		{strat: sleepy{}, verdict: contest.TLE, tests: []contest.Verdict{contest.TLE, contest.Skipped, contest.Skipped},
			message: "stopped at the ", timeMS: 50},
		{strat: panicky{}, verdict: contest.RE, tests: []contest.Verdict{contest.RE, contest.RE, contest.RE}, failed: true,
			message: "panic: runtime error: index out of range [3] with length 0 (at fake_test.go:", hasTimes: true},
		{strat: picky{}, verdict: contest.NA, tests: []contest.Verdict{contest.NA, contest.NA, contest.NA},
			message: "picky: 4x4 grids: unsupported puzzle"},
		{strat: broken{}, verdict: contest.RE, tests: []contest.Verdict{contest.RE, contest.RE, contest.RE}, failed: true,
			message: "case 1: broken: out of nodes", hasTimes: true},
	}
	for _, tt := range tests {
		t.Run(tt.strat.Name(), func(t *testing.T) {
			rep := run(t, []problems.Problem{threeTests("fake")}, []solvers.Strategy{tt.strat}, builtin.Options{})
			r := rep.Results[0]
			if r.Problem != "fake" || r.Solution != tt.strat.Name() {
				t.Errorf("result is for %s/%s, want fake/%s", r.Problem, r.Solution, tt.strat.Name())
			}
			if r.Verdict != tt.verdict || r.Passed != tt.passed || r.Total != 3 {
				t.Errorf("result %s %d/%d, want %s %d/3", r.Verdict, r.Passed, r.Total, tt.verdict, tt.passed)
			}
			if diff := cmp.Diff(tt.tests, verdicts(r)); diff != "" {
				t.Errorf("test verdicts (-want +got):\n%s", diff)
			}
			if got := r.Failed(); got != tt.failed {
				t.Errorf("Failed() = %v, want %v", got, tt.failed)
			}
			first := r.Tests[0]
			if !strings.Contains(first.Message, tt.message) {
				t.Errorf("message %q does not contain %q", first.Message, tt.message)
			}
			if strings.Contains(first.Message, "\n") {
				t.Errorf("message %q is not one line", first.Message)
			}
			switch {
			case tt.timeMS > 0 && first.TimeMS != tt.timeMS:
				t.Errorf("time %v ms, want %v", first.TimeMS, tt.timeMS)
			case tt.hasTimes && first.TimeMS <= 0:
				t.Errorf("time %v ms, want a measured time", first.TimeMS)
			}
		})
	}
}

func TestWrongAnswerHasDiff(t *testing.T) {
	rep := run(t, []problems.Problem{threeTests("fake")}, []solvers.Strategy{wrong{}}, builtin.Options{})
	d := rep.Results[0].Tests[0].Diff
	if !strings.Contains(d, "- 1    1234") || !strings.Contains(d, "+   1  2134") {
		t.Errorf("diff of a wrong answer does not show both lines:\n%s", d)
	}
}

func TestSkipAfterTLE(t *testing.T) {
	prob := threeTests("fake")
	rep := run(t, []problems.Problem{prob}, []solvers.Strategy{sleepy{}}, builtin.Options{WallClock: true})
	tests := rep.Results[0].Tests
	if tests[0].Message != "stopped at the time limit of 50ms" || tests[0].TimeMS != 50 {
		t.Errorf("first TLE: %q, %v ms; want the time limit of 50ms", tests[0].Message, tests[0].TimeMS)
	}
	for _, tr := range tests[1:] {
		if tr.Verdict != contest.Skipped || tr.Message != "not run: TLE on sample/1" || tr.TimeMS != 0 {
			t.Errorf("%s: %s %q %v ms, want SKIPPED, not run: TLE on sample/1, with no time", tr.Name, tr.Verdict, tr.Message, tr.TimeMS)
		}
	}
	if r := rep.Results[0]; r.Verdict != contest.TLE || r.Passed != 0 || r.Failed() {
		t.Errorf("pair: %s %d/%d failed=%v; want TLE, not a failure", r.Verdict, r.Passed, r.Total, r.Failed())
	}

	rep = run(t, []problems.Problem{prob}, []solvers.Strategy{sleepy{}}, builtin.Options{RunAfterTLE: true, TimeLimit: 20 * time.Millisecond, WallClock: true})
	for _, tr := range rep.Results[0].Tests {
		if tr.Verdict != contest.TLE || tr.TimeMS != 20 || strings.Contains(tr.Message, "skipped") {
			t.Errorf("with RunAfterTLE, %s: %s %q %v ms, want a TLE of its own at 20 ms", tr.Name, tr.Verdict, tr.Message, tr.TimeMS)
		}
	}
	if rep.Failed() {
		t.Errorf("a run with only TLEs failed: %s", rep.Summary())
	}
}

func TestAbandonsStrategyIgnoringDeadline(t *testing.T) {
	prob := threeTests("fake")
	prob.tests = prob.tests[:1]
	start := time.Now()
	rep := run(t, []problems.Problem{prob}, []solvers.Strategy{stubborn{d: 2 * time.Second}},
		builtin.Options{TimeLimit: 20 * time.Millisecond, Grace: 30 * time.Millisecond})
	if el := time.Since(start); el > time.Second {
		t.Errorf("Run waited %s for a strategy that ignores its deadline", el)
	}
	tr := rep.Results[0].Tests[0]
	if tr.Verdict != contest.TLE || !strings.Contains(tr.Message, "abandoned") {
		t.Errorf("got %s %q, want TLE ... abandoned", tr.Verdict, tr.Message)
	}
}

func TestFinishedTooLate(t *testing.T) {
	prob := threeTests("fake")
	prob.tests = prob.tests[:1]
	rep := run(t, []problems.Problem{prob}, []solvers.Strategy{overrun{d: 60 * time.Millisecond}},
		builtin.Options{TimeLimit: 20 * time.Millisecond, WallClock: true, Grace: time.Second})
	tr := rep.Results[0].Tests[0]
	if tr.Verdict != contest.TLE || !strings.HasPrefix(tr.Message, "finished after ") || tr.TimeMS != 20 {
		t.Errorf("got %s %q %v ms, want TLE finished after ... at 20 ms", tr.Verdict, tr.Message, tr.TimeMS)
	}
}

func TestCheckerAndDataFailuresAreIE(t *testing.T) {
	panics := threeTests("panics")
	panics.checker = contest.Func(func(_ context.Context, _, _, _ []byte) contest.Result { panic("checker bug") })
	silent := threeTests("silent")
	silent.checker = contest.Func(func(_ context.Context, _, _, _ []byte) contest.Result { return contest.Result{} })
	badInput := threeTests("badinput")
	badInput.tests[0].Input = []byte("12x4\n....\n....\n....\n")
	noTests := threeTests("notests")
	noTests.testsErr = errors.New("data/secret: permission denied")

	rep := run(t, []problems.Problem{panics, silent, badInput, noTests}, []solvers.Strategy{forward}, builtin.Options{})
	want := []struct {
		verdict contest.Verdict
		message string
	}{
		{contest.IE, "checker panicked: checker bug"},
		{contest.IE, "checker returned no verdict"},
		{contest.IE, "test input: sample/1:1:3: bad cell 'x'"},
		{contest.IE, "loading the tests of notests: data/secret: permission denied"},
	}
	for i, w := range want {
		r := rep.Results[i]
		if r.Verdict != w.verdict || r.Tests[0].Message != w.message {
			t.Errorf("%s: %s %q, want %s %q", r.Problem, r.Verdict, r.Tests[0].Message, w.verdict, w.message)
		}
		if !r.Failed() {
			t.Errorf("%s: a judge failure does not count as failed", r.Problem)
		}
	}
	if r := rep.Results[2]; r.Tests[1].Verdict != contest.AC {
		t.Errorf("badinput: a bad test spoiled the next one: %s", r.Tests[1].Verdict)
	}
}

func TestDisagreements(t *testing.T) {
	reverse := backtrack{name: "reverse", reverse: true}
	multi := []problems.Test{{Name: "sample/1", Input: []byte(emptyIn), Answer: []byte(emptyAns)}}

	t.Run("wrong grid", func(t *testing.T) {
		rep := run(t, []problems.Problem{threeTests("fake")}, []solvers.Strategy{wrong{}, forward}, builtin.Options{})
		if len(rep.Disagreements) != 3 {
			t.Fatalf("%d disagreements, want one per test:\n%v", len(rep.Disagreements), rep.Disagreements)
		}
		d := rep.Disagreements[0]
		// forward is the reference, so its output is the baseline although
		// it comes second.
		if d.Problem != "fake" || d.Test != "sample/1" || d.Baseline != "forward" || d.Strategy != "wrong" || d.Verdict != contest.WA {
			t.Errorf("disagreement %+v, want fake sample/1: wrong against forward, WA", d)
		}
		if !strings.Contains(d.Diff, "+   1  2134") {
			t.Errorf("disagreement diff does not show the wrong line:\n%s", d.Diff)
		}
		s := d.String()
		if !strings.HasPrefix(s, "fake sample/1: wrong disagrees with forward (WA): line 1:") || !strings.Contains(s, d.Diff) {
			t.Errorf("String() = %q", s)
		}
		if !rep.Failed() {
			t.Error("a run with disagreements did not fail")
		}
	})

	t.Run("different completions, exact checker", func(t *testing.T) {
		prob := &fakeProblem{id: "exact", ref: forward, tests: multi}
		rep := run(t, []problems.Problem{prob}, []solvers.Strategy{forward, reverse}, builtin.Options{})
		if len(rep.Disagreements) != 1 || rep.Disagreements[0].Strategy != "reverse" {
			t.Errorf("got disagreements %v, want reverse against forward", rep.Disagreements)
		}
	})

	t.Run("different completions, rule checker", func(t *testing.T) {
		prob := &fakeProblem{id: "rules", ref: forward, tests: multi, checker: ruleChecker}
		rep := run(t, []problems.Problem{prob}, []solvers.Strategy{forward, reverse}, builtin.Options{})
		if len(rep.Disagreements) != 0 {
			t.Errorf("valid completions reported as disagreements: %v", rep.Disagreements)
		}
		for _, r := range rep.Results {
			if r.Verdict != contest.AC {
				t.Errorf("%s: %s, want AC from the rule checker", r.Solution, r.Verdict)
			}
		}
	})

	t.Run("unfinished outputs are not compared", func(t *testing.T) {
		rep := run(t, []problems.Problem{threeTests("fake")}, []solvers.Strategy{sleepy{}, picky{}, panicky{}, forward}, builtin.Options{WallClock: true})
		if len(rep.Disagreements) != 0 {
			t.Errorf("got disagreements %v, want none", rep.Disagreements)
		}
	})
}

func TestResultOrderAndParallel(t *testing.T) {
	probs := []problems.Problem{threeTests("a"), threeTests("b"), threeTests("c")}
	strats := []solvers.Strategy{sleepy{}, forward, picky{}}
	var seen []string
	rep := run(t, probs, strats, builtin.Options{Parallel: 4, WallClock: true, OnResult: func(r judge.Result) {
		seen = append(seen, r.Problem+"/"+r.Solution)
	}})
	var got []string
	for _, r := range rep.Results {
		got = append(got, r.Problem+"/"+r.Solution)
	}
	want := []string{"a/sleepy", "a/forward", "a/picky", "b/sleepy", "b/forward", "b/picky", "c/sleepy", "c/forward", "c/picky"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("result order (-want +got):\n%s", diff)
	}
	if len(seen) != len(want) {
		t.Errorf("OnResult called %d times, want %d", len(seen), len(want))
	}
	if s := rep.Summary(); !strings.HasPrefix(s, "9 runs in ") || !strings.HasSuffix(s, ": 3 AC, 3 TLE, 3 N/A; no disagreements") {
		t.Errorf("Summary() = %q", s)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	probs := []problems.Problem{threeTests("a"), threeTests("b")}
	for _, p := range probs {
		p.(*fakeProblem).limit = 10
	}
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	rep, err := builtin.Run(ctx, probs, []solvers.Strategy{sleepy{}}, builtin.Options{Parallel: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after cancel: err %v, want context.Canceled", err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("Run took %s to stop after cancel", el)
	}
	for _, r := range rep.Results {
		for _, tr := range r.Tests {
			if tr.Verdict == contest.TLE {
				t.Errorf("%s/%s %s: an interrupted test was judged TLE", r.Problem, r.Solution, tr.Name)
			}
		}
	}
}

func TestEmpty(t *testing.T) {
	rep := run(t, nil, []solvers.Strategy{forward}, builtin.Options{})
	if rep.Failed() || len(rep.Disagreements) != 0 {
		t.Errorf("empty run: %s", rep.Summary())
	}
}

func TestCPUTime(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("tests are timed by CPU time only on Linux")
	}
	prob := threeTests("fake")
	prob.tests = prob.tests[:1]
	tests := []struct {
		name    string
		strat   solvers.Strategy
		opts    builtin.Options
		verdict contest.Verdict
		message string
		minMS   float64
		maxMS   float64
	}{
		// Sleeping uses no CPU time: under the CPU clock a nap costs
		// nothing, under the wall clock it counts.
		{"nap, CPU time", napper{d: 100 * time.Millisecond}, builtin.Options{TimeLimit: time.Second},
			contest.AC, "", 0, 50},
		{"nap, wall time", napper{d: 100 * time.Millisecond}, builtin.Options{TimeLimit: time.Second, WallClock: true},
			contest.AC, "", 100, 1000},
		// Spinning uses CPU time up to the limit.
		{"spin", spinner{}, builtin.Options{TimeLimit: 50 * time.Millisecond},
			contest.TLE, "stopped at the time limit of 50ms", 50, 50},
		// Waiting for the deadline without using CPU time is stopped by
		// the wall-clock limit, ten times the CPU limit.
		{"sleep", sleepy{}, builtin.Options{TimeLimit: 50 * time.Millisecond},
			contest.TLE, "stopped at the wall-clock limit of 500ms after 0s of CPU time", 50, 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := run(t, []problems.Problem{prob}, []solvers.Strategy{tt.strat}, tt.opts)
			tr := rep.Results[0].Tests[0]
			if tt.strat.Name() == "spinner" && strings.HasPrefix(tr.Message, "stopped at the wall-clock limit") {
				t.Skipf("the machine is too busy to give the spinner 50ms of CPU in 500ms: %s", tr.Message)
			}
			if tr.Verdict != tt.verdict || tr.Message != tt.message {
				t.Errorf("got %s %q, want %s %q", tr.Verdict, tr.Message, tt.verdict, tt.message)
			}
			if tr.TimeMS < tt.minMS || tr.TimeMS > tt.maxMS {
				t.Errorf("time %v ms, want %v..%v", tr.TimeMS, tt.minMS, tt.maxMS)
			}
		})
	}
}
