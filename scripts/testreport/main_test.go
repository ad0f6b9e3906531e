package main

import (
	"strings"
	"testing"
)

func TestReport(t *testing.T) {
	in := strings.Join([]string{
		`{"Action":"start","Package":"p"}`,
		`{"Action":"run","Package":"p","Test":"TestA"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"    a_test.go:9: skipped: needs gcc: not found\n"}`,
		`{"Action":"output","Package":"p","Test":"TestA","Output":"--- SKIP: TestA (0.00s)\n"}`,
		`{"Action":"skip","Package":"p","Test":"TestA"}`,
		`{"Action":"run","Package":"p","Test":"TestB"}`,
		`{"Action":"output","Package":"p","Test":"TestB","Output":"    b_test.go:3: got 1, want 2\n"}`,
		`{"Action":"output","Package":"p","Test":"TestB","Output":"--- FAIL: TestB (0.00s)\n"}`,
		`{"Action":"fail","Package":"p","Test":"TestB"}`,
		`{"Action":"run","Package":"p","Test":"TestC"}`,
		`{"Action":"output","Package":"p","Test":"TestC","Output":"--- PASS: TestC (0.00s)\n"}`,
		`{"Action":"pass","Package":"p","Test":"TestC"}`,
		`{"Action":"fail","Package":"p","Elapsed":1.5}`,
		`{"Action":"pass","Package":"q","Elapsed":0.25}`,
	}, "\n")
	var out strings.Builder
	failed, err := report(strings.NewReader(in), &out)
	if err != nil || !failed {
		t.Fatalf("report = %v, %v; want a failure", failed, err)
	}
	got := out.String()
	for _, want := range []string{
		"b_test.go:3: got 1, want 2",
		"FAIL\tp\t1.5s",
		"ok  \tq\t0.2s",
		"1 tests skipped\n  p TestA: skipped: needs gcc: not found\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "TestC") {
		t.Errorf("report shows a passing test's output:\n%s", got)
	}
}

func TestReportPasses(t *testing.T) {
	var out strings.Builder
	failed, err := report(strings.NewReader(`{"Action":"pass","Package":"q","Elapsed":1}`+"\n"), &out)
	if err != nil || failed {
		t.Fatalf("report = %v, %v; want a pass", failed, err)
	}
	if !strings.Contains(out.String(), "0 tests skipped") {
		t.Errorf("report = %q", out.String())
	}
}
