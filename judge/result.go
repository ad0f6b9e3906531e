package judge

import (
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// A Result is the judgement of one solution on one problem.
type Result struct {
	Problem   string          `json:"problem"`
	Solution  string          `json:"solution"`           // a strategy name or the program's path
	Strategy  string          `json:"strategy,omitempty"` // the built-in strategy judged, for run
	Verdict   contest.Verdict `json:"verdict"`            // the worst verdict of the tests
	Passed    int             `json:"passed"`
	Total     int             `json:"total"`
	Isolation string          `json:"isolation,omitempty"` // what sandbox was in force, for programs
	Tests     []TestResult    `json:"tests"`
}

// A TestResult is the judgement of one test.
type TestResult struct {
	Name     string          `json:"name"`
	Verdict  contest.Verdict `json:"verdict"`
	TimeMS   float64         `json:"time_ms"`
	MemoryKB int64           `json:"memory_kb,omitempty"`
	ExitCode *int            `json:"exit_code,omitempty"`
	Signal   string          `json:"signal,omitempty"`
	Message  string          `json:"message,omitempty"` // one line: why it is not AC
	Diff     string          `json:"diff,omitempty"`    // expected versus got, for WA and PE
}

// Time returns the test's time as a duration.
func (t TestResult) Time() time.Duration { return time.Duration(t.TimeMS * float64(time.Millisecond)) }

// Millis converts a duration to the milliseconds of TimeMS.
func Millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Summarize sets Verdict, Passed and Total from Tests. A solution with no
// tests, or only N/A tests, is N/A.
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
