package judge

import (
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestSummarize(t *testing.T) {
	tests := []struct {
		name   string
		tests  []contest.Verdict
		want   contest.Verdict
		passed int
		failed bool
	}{
		{"none", nil, contest.NA, 0, false},
		{"all N/A", []contest.Verdict{contest.NA, contest.NA}, contest.NA, 0, false},
		{"all AC", []contest.Verdict{contest.AC, contest.AC}, contest.AC, 2, false},
		{"a TLE", []contest.Verdict{contest.AC, contest.TLE}, contest.TLE, 1, false},
		{"a WA", []contest.Verdict{contest.TLE, contest.WA, contest.AC}, contest.WA, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Result{}
			for i, v := range tt.tests {
				r.Tests = append(r.Tests, TestResult{Verdict: v, TimeMS: float64(i + 1)})
			}
			r.Summarize()
			if r.Verdict != tt.want || r.Passed != tt.passed || r.Total != len(tt.tests) || r.Failed() != tt.failed {
				t.Errorf("got %s %d/%d failed=%v, want %s %d/%d failed=%v",
					r.Verdict, r.Passed, r.Total, r.Failed(), tt.want, tt.passed, len(tt.tests), tt.failed)
			}
			n := len(tt.tests)
			if got, want := r.TotalTime(), time.Duration(n*(n+1)/2)*time.Millisecond; got != want {
				t.Errorf("TotalTime = %v, want %v", got, want)
			}
			if got, want := r.MaxTime(), time.Duration(n)*time.Millisecond; got != want {
				t.Errorf("MaxTime = %v, want %v", got, want)
			}
		})
	}
}
