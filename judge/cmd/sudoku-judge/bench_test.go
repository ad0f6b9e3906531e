package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/bench/measure"
)

func TestBenchCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "new.txt")
	code, stdout, stderr := cli(t, "bench", "--set", "top95,unbiased", "--max", "4", "--count", "2", "--strategy", "naive,dlx,fast", "-o", out)
	if code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"µs/puzzle", "vs fastest", "top95", "unbiased", "1.00x"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "skipped Solve/problem=sudoku/strategy=naive/set=top95") {
		t.Errorf("naive on top95 not reported as skipped; stderr:\n%s", stderr)
	}
	res, warnings, err := compare.ReadFile(out)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	// naive, dlx, fast on unbiased and dlx, fast on top95, two passes each.
	if len(res) != 10 {
		t.Errorf("%d results, want 10", len(res))
	}
	if res[0].GetConfig("pkg") != measure.Pkg || res[0].GetConfig("goos") == "" {
		t.Errorf("file configuration %v", res[0].Config)
	}
	f, err := os.Open(out + measure.TimesSuffix)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	times, err := measure.ReadTimes(f, f.Name())
	if err != nil || len(times.Series) != 5 {
		t.Fatalf("per-puzzle times: %v, %+v", err, times)
	}

	// The report of this file has the speed chart and one distribution per set.
	page := filepath.Join(dir, "report.html")
	code, _, stderr = cli(t, "report", "-o", page, out)
	if code != exitOK {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), "<svg"); n != 3 {
		t.Errorf("report has %d charts, want 3", n)
	}
}

func TestBenchProgram(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "echo.sh")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\ncat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := cli(t, "bench", "--problem", "poj3074", "--set", "tests,top95", "--max", "3", "--count", "2",
		"--strategy", "fast", "--program", prog)
	if code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	if n := strings.Count(stdout, "echo.sh"); n != 2 {
		t.Errorf("program on %d sets, want 2 (tests, top95):\n%s", n, stdout)
	}
	broken := filepath.Join(dir, "broken.sh")
	if err := os.WriteFile(broken, []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = cli(t, "bench", "--problem", "poj3074", "--set", "tests", "--max", "2", "--count", "1", "--strategy", "fast", "--program", broken)
	if code != exitFailed || !strings.Contains(stderr, "failed: broken.sh") {
		t.Errorf("broken program: exit %d, stderr %q; want exit 1 naming it", code, stderr)
	}
}

func TestBenchUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"--count 0", []string{"bench", "--count", "0"}},
		{`no set named "nosuch"`, []string{"bench", "--set", "nosuch"}},
		{`no problem "nosuch"`, []string{"bench", "--problem", "nosuch"}},
		{`no strategy "nosuch"`, []string{"bench", "--strategy", "nosuch"}},
		{"sudoku has no tests", []string{"bench", "--set", "tests"}},
		{"--program", []string{"bench", "--problem", "poj3074", "--max", "1", "--program", "/no/such/program"}},
	} {
		t.Run(tc.want, func(t *testing.T) { wantUsageError(t, tc.want, tc.args...) })
	}
}
