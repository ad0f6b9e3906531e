package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// testJSON is the part of test --json these tests read.
type testJSON struct {
	Verdict       string
	Passed, Total int
	Groups        []struct {
		Name               string
		Headline, Official bool
		Verdict            string
		Passed, Total      int
	}
	Tests []struct {
		Name, Group, Verdict, Limit, Message, Diff, Stderr string
		TimeMS                                             float64 `json:"time_ms"`
		WallMS                                             float64 `json:"wall_ms"`
	}
}

func decodeTest(t *testing.T, stdout string) testJSON {
	t.Helper()
	var rs []testJSON
	if err := json.Unmarshal([]byte(stdout), &rs); err != nil || len(rs) != 1 {
		t.Fatalf("not one JSON result (%v):\n%s", err, stdout)
	}
	return rs[0]
}

// TestSeedStyleDFSOfficial judges a POJ 2676 program written as the seeds'
// DFS is (bitmasks, most constrained cell first): POJ accepts such
// programs, so on the official group it must be AC, with a wide margin
// under POJ's 2 s, and extended groups it is too slow for must not change
// that headline verdict (issue 12: it used to be TLE overall).
func TestSeedStyleDFSOfficial(t *testing.T) {
	needSandbox(t)
	prog := filepath.Join(programs, "poj2676_dfs.cpp")

	// POJ's limits, the official group only.
	code, stdout, stderr := cli(t, "test", "--problem", "poj2676", "--group", "official", "--json", prog)
	if code != exitOK {
		t.Fatalf("official group: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
	r := decodeTest(t, stdout)
	if r.Verdict != "AC" || r.Total != 2 || len(r.Groups) != 1 || r.Groups[0].Name != "official" || !r.Groups[0].Headline || !r.Groups[0].Official {
		t.Errorf("official group: %+v", r)
	}
	for _, tr := range r.Tests {
		// The margin: a quarter of the 2 s limit, in CPU time (the
		// program takes a few milliseconds; this is no speed target).
		if tr.Verdict != "AC" || tr.Group != "official" || tr.TimeMS > 500 || tr.WallMS <= 0 {
			t.Errorf("official test %+v", tr)
		}
	}

	// Every group under a limit the 17-clue set exceeds: the headline is
	// still AC (exit 0), and the extended TLE is reported beside it.
	code, stdout, stderr = cli(t, "test", "--problem", "poj2676", "--time-limit", "150ms", "--json", prog)
	if code != exitOK {
		t.Fatalf("all groups: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
	r = decodeTest(t, stdout)
	groups := map[string]string{}
	for _, g := range r.Groups {
		groups[g.Name] = g.Verdict
	}
	if r.Verdict != "AC" || groups["official"] != "AC" || groups["17clue"] != "TLE" || len(r.Groups) != 5 {
		t.Errorf("all groups: verdict %s, groups %v", r.Verdict, groups)
	}
	for _, tr := range r.Tests {
		if tr.Group == "" || tr.WallMS <= 0 {
			t.Errorf("test %s: group %q, wall %v ms", tr.Name, tr.Group, tr.WallMS)
		}
		// CPU, unless a loaded machine starved the program past the wall limit.
		if tr.Verdict == "TLE" && (tr.Limit != "cpu" && tr.Limit != "wall" || !strings.Contains(tr.Message, "limit")) {
			t.Errorf("TLE %s: limit %q, message %q: want the limit named", tr.Name, tr.Limit, tr.Message)
		}
		if tr.Verdict != "AC" && tr.Verdict != "TLE" {
			t.Errorf("test %s: %s %s", tr.Name, tr.Verdict, tr.Message)
		}
	}

	// The table says the same in one line.
	_, stdout, _ = cli(t, "test", "--problem", "poj2676", "--time-limit", "150ms", "--group", "official,17clue", prog)
	for _, want := range []string{"| group ", " cpu |", " wall |", "official AC · extended: 17clue TLE (0/1)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
}

// TestTestErrorsShown checks -v and --json on a Python crash (the whole
// traceback, not its first line), "N more" when diffs are cut, and
// --keep-output.
func TestTestErrorsShown(t *testing.T) {
	needSandbox(t)
	dir := t.TempDir()
	for i := 1; i <= 5; i++ {
		os.WriteFile(filepath.Join(dir, fmt.Sprint(i, ".in")), []byte(fmt.Sprintf("in %d\n", i)), 0o644)
		os.WriteFile(filepath.Join(dir, fmt.Sprint(i, ".ans")), []byte("something else\n"), 0o644)
	}
	crash := filepath.Join(t.TempDir(), "crash.py")
	os.WriteFile(crash, []byte("import sys\ndef solve(n):\n    return 1 // n\nsys.stderr.write('about to fail \\x1b[31m\\n')\nsolve(0)\n"), 0o644)

	code, stdout, _ := cli(t, "test", "--tests", dir, "-v", "-j", "1", crash)
	if code != exitFailed {
		t.Errorf("crash: exit %d", code)
	}
	for _, want := range []string{"ZeroDivisionError: integer division or modulo by zero", `File "`, "in solve", `about to fail \x1b[31m`, "1: RE: stderr"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("-v output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "\x1b") {
		t.Errorf("-v output holds a raw escape byte")
	}
	_, stdout, _ = cli(t, "test", "--tests", dir, "--json", crash)
	r := decodeTest(t, stdout)
	for _, tr := range r.Tests {
		if !strings.Contains(tr.Stderr, "Traceback (most recent call last):\n") || !strings.Contains(tr.Stderr, "ZeroDivisionError") {
			t.Errorf("JSON stderr of %s: %q", tr.Name, tr.Stderr)
		}
	}

	echo := filepath.Join(programs, "echo.c")
	keep := filepath.Join(t.TempDir(), "out")
	code, stdout, _ = cli(t, "test", "--tests", dir, "--keep-output", keep, echo)
	if code != exitFailed || strings.Count(stdout, "expected (-) versus got (+)") != 3 || !strings.Contains(stdout, "2 more tests with differences not shown") {
		t.Errorf("five WAs: exit %d, want 3 diffs and 2 more:\n%s", code, stdout)
	}
	for i := 1; i <= 5; i++ {
		if b, err := os.ReadFile(filepath.Join(keep, fmt.Sprint(i, ".out"))); err != nil || string(b) != fmt.Sprintf("in %d\n", i) {
			t.Errorf("kept output %d: %q, %v", i, b, err)
		}
	}
	_, stdout, _ = cli(t, "test", "--tests", dir, "--stop-on-failure", "-j", "1", echo)
	if !strings.Contains(stdout, "0/5 passed: 1 WA, 4 SKIPPED") || !strings.Contains(stdout, "not run: stopped after WA on 1") || strings.Contains(stdout, "TLE") {
		t.Errorf("--stop-on-failure:\n%s", stdout)
	}
	_, stdout, _ = cli(t, "test", "--tests", dir, "-v", echo)
	if n := strings.Count(stdout, "expected (-) versus got (+)"); n != 5 || strings.Contains(stdout, "more tests") {
		t.Errorf("-v: %d diffs, want all 5:\n%s", n, stdout)
	}
}

func TestTestGroupUsage(t *testing.T) {
	dir := testsDir(t)
	ac := filepath.Join(programs, "ac.c")
	wantUsageError(t, "no group \"nosuch\" (have official, 17clue, top1465, serg-multiple, gen)", "test", "--problem", "poj2676", "--group", "nosuch", ac)
	wantUsageError(t, "--group needs --problem", "test", "--tests", dir, "--group", "official", ac)
}

func TestTestHelpWallLimit(t *testing.T) {
	_, stdout, _ := cli(t, "test", "--help")
	for _, want := range []string{"3 × the time limit + 1 s", "waiting for a CPU", "machine overloaded", "exits 2", "--group", "--keep-output", "SKIPPED", "headline"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("test --help lacks %q", want)
		}
	}
}

// TestRunGroups checks that run -v gives each strategy's verdict by test
// group, and that run --json puts every test in its group.
func TestRunGroups(t *testing.T) {
	code, stdout, stderr := cli(t, "run", "--problem", "poj3076", "--strategy", "dlx", "-v")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, "by group: official AC · extended: gen AC\n") || !regexp.MustCompile(`\| secret/2-gen +\| gen +\| AC`).MatchString(stdout) {
		t.Errorf("run -v lacks the groups:\n%s", stdout)
	}
	_, stdout, _ = cli(t, "run", "--problem", "poj3076", "--strategy", "dlx", "--json")
	var rs []testJSON
	if err := json.Unmarshal([]byte(stdout), &rs); err != nil || len(rs) != 1 {
		t.Fatalf("run --json: %v\n%s", err, stdout)
	}
	for _, tr := range rs[0].Tests {
		if want := map[bool]string{true: "official", false: "gen"}[!strings.Contains(tr.Name, "gen")]; tr.Group != want {
			t.Errorf("run --json: test %s in group %q, want %q", tr.Name, tr.Group, want)
		}
	}
}
