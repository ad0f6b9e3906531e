package judge

import (
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
)

func TestSummarize(t *testing.T) {
	tests := []struct {
		name   string
		tests  []verdict.Verdict
		want   verdict.Verdict
		passed int
		failed bool
	}{
		{"none", nil, verdict.NA, 0, false},
		{"all N/A", []verdict.Verdict{verdict.NA, verdict.NA}, verdict.NA, 0, false},
		{"all AC", []verdict.Verdict{verdict.AC, verdict.AC}, verdict.AC, 2, false},
		{"a TLE", []verdict.Verdict{verdict.AC, verdict.TLE}, verdict.TLE, 1, false},
		{"a WA", []verdict.Verdict{verdict.TLE, verdict.WA, verdict.AC}, verdict.WA, 1, true},
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
