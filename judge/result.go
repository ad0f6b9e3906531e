package judge

import (
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// A Result is the judgement of one solution on one problem.
type Result struct {
	Problem  string `json:"problem"`
	Solution string `json:"solution"`           // a strategy name or the program's path
	Strategy string `json:"strategy,omitempty"` // the built-in strategy judged, for run
	// Verdict is the headline verdict: the worst verdict of the headline
	// group's tests when Groups has one with tests, else of every test.
	Verdict   contest.Verdict `json:"verdict"`
	Passed    int             `json:"passed"` // tests passed, of every group
	Total     int             `json:"total"`
	Isolation string          `json:"isolation,omitempty"` // what sandbox was in force, for programs
	// Compiled says the program compiled only as the original judge's
	// compiler, and why (see lang.Executable.Compiled).
	Compiled string `json:"compiled,omitempty"`
	// Judge is the sudoku-judge build that judged, as its --version says.
	Judge string `json:"judge,omitempty"`
	// Groups summarizes the tests by group, the headline group first; nil
	// when the tests have no groups.
	Groups []GroupResult `json:"groups,omitempty"`
	Tests  []TestResult  `json:"tests"`
}

// A GroupResult is the judgement of one group of tests (see
// problems.Group).
type GroupResult struct {
	Name     string          `json:"name"`
	Headline bool            `json:"headline,omitempty"` // the group the headline verdict is on
	Official bool            `json:"official,omitempty"` // the original judge's own data
	Verdict  contest.Verdict `json:"verdict"`            // the worst of its tests'; SKIPPED when none ran
	Passed   int             `json:"passed"`
	Total    int             `json:"total"`
}

// A TestResult is the judgement of one test.
type TestResult struct {
	Name    string          `json:"name"`
	Group   string          `json:"group,omitempty"` // the test's group, when the tests have groups
	Verdict contest.Verdict `json:"verdict"`
	TimeMS  float64         `json:"time_ms"` // CPU time for programs (user+sys)
	// WallMS is the wall-clock time, from the program's start to its end;
	// 0 where only one time is measured (built-in strategies).
	WallMS   float64 `json:"wall_ms,omitempty"`
	MemoryKB int64   `json:"memory_kb,omitempty"`
	ExitCode *int    `json:"exit_code,omitempty"`
	Signal   string  `json:"signal,omitempty"`
	// CPUWaitMS is how long the program was runnable but waiting for a
	// CPU (sandbox.Result.CPUWait), which the wall-clock limit does not
	// count; 0 where not measured.
	CPUWaitMS float64 `json:"cpu_wait_ms,omitempty"`
	// Limit names the time limit that stopped a TLE: "cpu" or "wall".
	Limit   string `json:"limit,omitempty"`
	Message string `json:"message,omitempty"` // one line: why it is not AC
	Diff    string `json:"diff,omitempty"`    // expected versus got, for WA and PE; the compiler's output for CE
	// Stderr is what the program wrote to its standard error, capped and
	// made safe (contest.Safe, keeping newlines), for -v and JSON.
	Stderr string `json:"stderr,omitempty"`
}

// Wall returns the test's wall-clock time as a duration.
func (t TestResult) Wall() time.Duration { return time.Duration(t.WallMS * float64(time.Millisecond)) }

// Time returns the test's time as a duration.
func (t TestResult) Time() time.Duration { return time.Duration(t.TimeMS * float64(time.Millisecond)) }

// Millis converts a duration to the milliseconds of TimeMS.
func Millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Summarize sets Verdict, Passed and Total from Tests, and each group's
// counts and verdict when Groups names the groups. A solution with no
// tests, or only N/A tests, is N/A. The headline group's verdict is the
// Verdict; when it has no tests (not selected), every test's is.
func (r *Result) Summarize() {
	r.Total = len(r.Tests)
	r.Passed = 0
	vs := make([]contest.Verdict, 0, len(r.Tests))
	for _, t := range r.Tests {
		if t.Verdict.Passed() {
			r.Passed++
		}
		vs = append(vs, t.Verdict)
	}
	r.Verdict = contest.Worst(vs...)
	if len(vs) == 0 {
		r.Verdict = contest.NA
	}
	for i := range r.Groups {
		g := &r.Groups[i]
		g.Passed, g.Total = 0, 0
		var gv []contest.Verdict
		for _, t := range r.Tests {
			if t.Group != g.Name {
				continue
			}
			g.Total++
			if t.Verdict.Passed() {
				g.Passed++
			}
			gv = append(gv, t.Verdict)
		}
		g.Verdict = contest.Worst(gv...)
		if len(gv) == 0 || g.Verdict.Passed() && g.Passed < g.Total {
			// A group is AC only when every one of its tests ran and
			// passed: SKIPPED ranks below AC, so a group whose failure
			// stopped the run elsewhere must not read AC.
			g.Verdict = contest.Skipped
		}
		if g.Headline && g.Total > 0 {
			r.Verdict = g.Verdict
		}
	}
}

// Accepted reports whether the result is a pass, as test's exit code says:
// the headline verdict is AC, or, when no headline group was judged, every
// test passed (and there was one).
func (r *Result) Accepted() bool {
	if _, ok := r.Headline(); ok {
		return r.Verdict == contest.AC
	}
	return r.Passed == r.Total && r.Total > 0
}

// Headline returns the group the headline verdict is on, if the tests have
// groups and that group's tests were judged.
func (r *Result) Headline() (GroupResult, bool) {
	for _, g := range r.Groups {
		if g.Headline && g.Total > 0 {
			return g, true
		}
	}
	return GroupResult{}, false
}

// TotalTime returns the sum of the tests' times.
func (r *Result) TotalTime() time.Duration {
	var d time.Duration
	for _, t := range r.Tests {
		d += t.Time()
	}
	return d
}

// MaxTime returns the longest test time.
func (r *Result) MaxTime() time.Duration {
	var d time.Duration
	for _, t := range r.Tests {
		d = max(d, t.Time())
	}
	return d
}

// Failed reports whether any test failed (see contest.Verdict.Failed).
func (r *Result) Failed() bool {
	for _, t := range r.Tests {
		if t.Verdict.Failed() {
			return true
		}
	}
	return false
}
