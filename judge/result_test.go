package judge

import (
	"fmt"
	"strings"
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

// TestSummarizeGroups checks that the headline verdict is the headline
// group's, with the other groups beside it, and falls back to every test
// when the headline group was not judged.
func TestSummarizeGroups(t *testing.T) {
	type test struct {
		group string
		v     contest.Verdict
	}
	tests := []struct {
		name   string
		tests  []test
		want   contest.Verdict
		groups string // name:verdict passed/total, in order
	}{
		{"extended TLE", []test{{"official", contest.AC}, {"official", contest.AC}, {"top", contest.TLE}, {"top", contest.AC}},
			contest.AC, "official:AC 2/2 top:TLE 1/2"},
		{"official WA", []test{{"official", contest.WA}, {"top", contest.AC}},
			contest.WA, "official:WA 0/1 top:AC 1/1"},
		{"official partly skipped", []test{{"official", contest.AC}, {"official", contest.Skipped}, {"top", contest.WA}},
			contest.Skipped, "official:SKIPPED 1/2 top:WA 0/1"},
		{"official not selected", []test{{"top", contest.TLE}, {"top", contest.AC}},
			contest.TLE, "official:SKIPPED 0/0 top:TLE 1/2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Result{Groups: []GroupResult{{Name: "official", Headline: true, Official: true}, {Name: "top"}}}
			for _, tc := range tt.tests {
				r.Tests = append(r.Tests, TestResult{Group: tc.group, Verdict: tc.v})
			}
			r.Summarize()
			var got []string
			for _, g := range r.Groups {
				got = append(got, fmt.Sprintf("%s:%s %d/%d", g.Name, g.Verdict, g.Passed, g.Total))
			}
			if r.Verdict != tt.want || strings.Join(got, " ") != tt.groups {
				t.Errorf("verdict %s, groups %s; want %s, %s", r.Verdict, strings.Join(got, " "), tt.want, tt.groups)
			}
		})
	}
}

// TestAccepted pins test's exit rule: the headline group's verdict when it
// was judged, else every test AC, and never an empty run.
func TestAccepted(t *testing.T) {
	type test struct {
		group string
		v     contest.Verdict
	}
	for _, tt := range []struct {
		name   string
		groups bool
		tests  []test
		want   bool
	}{
		{"headline AC, extended TLE", true, []test{{"official", contest.AC}, {"top", contest.TLE}}, true},
		{"headline WA, extended AC", true, []test{{"official", contest.WA}, {"top", contest.AC}}, false},
		{"headline TLE, extended AC", true, []test{{"official", contest.TLE}, {"top", contest.AC}}, false},
		{"headline skipped in part", true, []test{{"official", contest.AC}, {"official", contest.Skipped}}, false},
		{"headline not judged, every test AC", true, []test{{"top", contest.AC}, {"top", contest.AC}}, true},
		{"headline not judged, a TLE", true, []test{{"top", contest.AC}, {"top", contest.TLE}}, false},
		{"no groups, every test AC", false, []test{{"", contest.AC}, {"", contest.AC}}, true},
		{"no groups, a skipped test", false, []test{{"", contest.AC}, {"", contest.Skipped}}, false},
		{"no tests", false, nil, false},
	} {
		r := Result{}
		if tt.groups {
			r.Groups = []GroupResult{{Name: "official", Headline: true, Official: true}, {Name: "top"}}
		}
		for _, tc := range tt.tests {
			r.Tests = append(r.Tests, TestResult{Group: tc.group, Verdict: tc.v})
		}
		r.Summarize()
		if got := r.Accepted(); got != tt.want {
			t.Errorf("%s: Accepted() = %v, want %v", tt.name, got, tt.want)
		}
	}
}
