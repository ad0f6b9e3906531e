package main

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/hostiletext"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/builtin"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

// referenceOf returns the name of the reference strategy of problem id.
func referenceOf(t *testing.T, id string) string {
	t.Helper()
	p, err := catalog.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return p.Reference().Name()
}

func TestRunUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown problem", []string{"run", "--problem", "poj9999"}, "poj9999"},
		{"unknown problem in a list", []string{"run", "--problem", "poj2676,nosuch"}, "nosuch"},
		{"unknown strategy", []string{"run", "--strategy", "quantum"}, "quantum"},
		{"unknown flag", []string{"run", "--fast"}, "unknown flag: --fast"},
		{"argument", []string{"run", "poj2676"}, "poj2676"},
		{"negative jobs", []string{"run", "-j", "-1", "--problem", "poj2676"}, `bad count "-1"`},
		{"negative jobs, by the old name", []string{"run", "--parallel", "-1", "--problem", "poj2676"}, `bad count "-1"`},
		{"bad time limit", []string{"run", "--time-limit", "soon"}, "--time-limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantUsageError(t, tt.want, tt.args...) })
	}
}

func TestRunSubset(t *testing.T) {
	ref := referenceOf(t, "poj2676")
	code, stdout, stderr := cli(t, "run", "--problem", "poj2676", "--strategy", ref)
	if code != exitOK {
		t.Fatalf("exit %d, want 0; stderr %q; stdout:\n%s", code, stderr, stdout)
	}
	if !strings.Contains(stdout, "| poj2676 | "+ref+" ") || !strings.Contains(stdout, "| AC ") {
		t.Errorf("no AC row for poj2676/%s in:\n%s", ref, stdout)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "1 run in ") || !strings.HasSuffix(last, ": 1 AC; no disagreements") {
		t.Errorf("summary line %q", last)
	}
}

func TestRunTLEIsNotFatal(t *testing.T) {
	if _, err := strategies.Lookup("naive"); err != nil {
		t.Skip("naive is not registered")
	}
	code, stdout, stderr := cli(t, "run", "--problem", "poj3076", "--strategy", "naive", "--time-limit", "30ms")
	if code != exitOK {
		t.Fatalf("exit %d, want 0 for a TLE; stderr %q; stdout:\n%s", code, stderr, stdout)
	}
	if !regexp.MustCompile(`\| poj3076 \| naive +\| +0/\d+ \| TLE `).MatchString(stdout) {
		t.Errorf("no TLE row for poj3076/naive:\n%s", stdout)
	}
	for _, want := range []string{"sample/1: TLE: stopped at the", ": 1 TLE; no disagreements"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestRunJSON(t *testing.T) {
	ref := referenceOf(t, "poj2676")
	code, stdout, stderr := cli(t, "run", "--problem", "poj2676", "--strategy", ref, "--json", "--time-limit", "10s")
	if code != exitOK {
		t.Fatalf("exit %d, want 0; stderr %q", code, stderr)
	}
	// The documented fields, by name.
	var raw []map[string]any
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("--json output does not parse: %v\n%s", err, stdout)
	}
	if len(raw) != 1 {
		t.Fatalf("%d objects, want one per problem and strategy", len(raw))
	}
	for _, k := range []string{"problem", "solution", "strategy", "verdict", "passed", "total", "judge", "tests"} {
		if _, ok := raw[0][k]; !ok {
			t.Errorf("result has no %q field: %v", k, raw[0])
		}
	}
	tests, _ := raw[0]["tests"].([]any)
	if len(tests) == 0 {
		t.Fatalf("no tests in %v", raw[0])
	}
	for _, k := range []string{"name", "verdict", "time_ms"} {
		if _, ok := tests[0].(map[string]any)[k]; !ok {
			t.Errorf("test has no %q field: %v", k, tests[0])
		}
	}
	// And their values.
	var rs []judge.Result
	if err := json.Unmarshal([]byte(stdout), &rs); err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Problem != "poj2676" || r.Solution != ref || r.Strategy != ref || r.Verdict != contest.AC || r.Passed != r.Total || r.Total != len(r.Tests) {
		t.Errorf("result %s/%s %s %d/%d with %d tests, want poj2676/%s AC, all passed", r.Problem, r.Solution, r.Verdict, r.Passed, r.Total, len(r.Tests), ref)
	}
	if want := readBuild().String(); r.Judge != want {
		t.Errorf("judge %q, want --version's %q", r.Judge, want)
	}
	if r.Tests[0].Name != "sample/1" || r.Tests[0].TimeMS <= 0 {
		t.Errorf("first test %q took %v ms, want sample/1 with a time", r.Tests[0].Name, r.Tests[0].TimeMS)
	}
}

func TestWriteRunJSON(t *testing.T) {
	rep := &builtin.Report{
		Results: []judge.Result{{Problem: "p", Solution: "bad", Verdict: contest.WA, Total: 1,
			Tests: []judge.TestResult{{Name: "sample/1", Verdict: contest.WA, TimeMS: 1.5, Message: "line 1"}}}},
		Disagreements: []builtin.Disagreement{{Problem: "p", Test: "sample/1", Baseline: "good", Strategy: "bad",
			Verdict: contest.WA, Message: "line 1", Diff: "-12\n+21\n"}},
	}
	var out, errOut bytes.Buffer
	if err := writeRunJSON(&env{stdout: &out, stderr: &errOut}, rep); err != nil {
		t.Fatal(err)
	}
	var rs []judge.Result
	if err := json.Unmarshal(out.Bytes(), &rs); err != nil {
		t.Fatalf("stdout is not the JSON array: %v\n%s", err, out.String())
	}
	if len(rs) != 1 || rs[0].Tests[0].TimeMS != 1.5 {
		t.Errorf("decoded %+v", rs)
	}
	// Disagreements are not results: they go to stderr, keeping stdout JSON.
	if want := "p sample/1: bad disagrees with good (WA): line 1\n-12\n+21\n"; errOut.String() != want {
		t.Errorf("stderr %q, want %q", errOut.String(), want)
	}
}

// TestRunOutputsEscape: run's table, failures, disagreements and JSON
// show no control byte raw, whoever made the results (issue 22's defence
// in depth at each renderer).
func TestRunOutputsEscape(t *testing.T) {
	h := hostiletext.Text
	rep := func() *builtin.Report {
		r := &builtin.Report{
			Results: []judge.Result{{Problem: "p", Solution: h, Tests: []judge.TestResult{{Name: h, Verdict: contest.WA, Message: h, Diff: h + "\n" + h}}}},
			Disagreements: []builtin.Disagreement{{Problem: "p", Test: h, Baseline: "good", Strategy: h,
				Verdict: contest.WA, Message: h, Diff: h + "\n"}},
		}
		r.Results[0].Summarize()
		return r
	}
	var report, out, errOut bytes.Buffer
	if err := rep().WriteText(&report, true, nil); err != nil {
		t.Fatal(err)
	}
	if err := writeRunJSON(&env{stdout: &out, stderr: &errOut}, rep()); err != nil {
		t.Fatal(err)
	}
	for what, s := range map[string]string{"report": report.String(), "JSON": out.String(), "stderr": errOut.String()} {
		if f := hostiletext.Find(s); f != "" {
			t.Errorf("the %s holds %s:\n%q", what, f, s)
		}
	}
	if f, err := hostiletext.FindJSON(out.Bytes()); err != nil || f != "" {
		t.Errorf("the JSON, decoded, holds %s (%v)", f, err)
	}
}

// TestRunJSONDeterministic checks that two identical runs print the same
// --json bytes once the measured times are masked: every "time_ms" value
// is replaced by 0 before comparing (times are the only measured fields).
// The runs cover N/A results, several problems and strategies, and the
// multi-verdict problems.
func TestRunJSONDeterministic(t *testing.T) {
	args := []string{"run", "--problem", "poj3076,hdu4069,uva10957", "--strategy", "dlx,propagate,fast", "--json", "--time-limit", "10s"}
	times := regexp.MustCompile(`"time_ms": [-+.0-9eE]+`)
	var outs [2]string
	for i := range outs {
		code, stdout, stderr := cli(t, args...)
		if code != exitOK {
			t.Fatalf("exit %d; stderr %q", code, stderr)
		}
		if !times.MatchString(stdout) {
			t.Fatalf("no time_ms in the output:\n%s", stdout)
		}
		outs[i] = times.ReplaceAllString(stdout, `"time_ms": 0`)
	}
	if outs[0] != outs[1] {
		t.Errorf("two identical runs differ beyond their times:\n%s\n---\n%s", outs[0], outs[1])
	}
}
