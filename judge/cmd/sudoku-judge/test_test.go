package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
)

// TestMain lets the sandbox re-execute the test binary as its helper, as
// main does for the command: test and stress run programs in-process.
func TestMain(m *testing.M) { sandboxtest.Main(m) }

// programs is where the contest programs of the tests live.
const programs = "../../program/testdata"

// needSandbox skips a test that runs programs (fails it in CI) unless the
// sandbox has full isolation here and the test programs' gcc and python3
// are installed.
func needSandbox(t testing.TB) {
	t.Helper()
	for _, tool := range []string{"gcc", "python3"} {
		testenv.NeedCommand(t, tool)
	}
	sandboxtest.Full(t)
}

// testsDir copies the small POJ 3074 test folder into a fresh directory.
func testsDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(programs, "poj3074")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestTestCommand(t *testing.T) {
	needSandbox(t)
	dir := testsDir(t)
	prog := func(name string) string { return filepath.Join(programs, name) }

	// A program that prints its first argument, to see "-- ARGS" arrive.
	argsDir := t.TempDir()
	os.WriteFile(filepath.Join(argsDir, "1.in"), nil, 0o644)
	os.WriteFile(filepath.Join(argsDir, "1.out"), []byte("hello\n"), 0o644)
	echoArg := filepath.Join(t.TempDir(), "arg.py")
	os.WriteFile(echoArg, []byte("import sys\nprint(sys.argv[1])\n"), 0o644)

	// A C source without an extension.
	noExt := filepath.Join(t.TempDir(), "solution")
	if b, err := os.ReadFile(prog("ac.c")); err != nil || os.WriteFile(noExt, b, 0o644) != nil {
		t.Fatal("copying ac.c")
	}

	// Testlib-style checkers: one that wants the output byte for byte, one
	// that rejects everything (even the answer: a broken checker), and the
	// first as a C source, which is compiled in the sandbox.
	chkDir := t.TempDir()
	chk := filepath.Join(chkDir, "exact")
	os.WriteFile(chk, []byte("#!/bin/sh\ncmp -s \"$2\" \"$3\" && exit 0\necho 'wrong answer: never good enough' >&2\nexit 1\n"), 0o755)
	reject := filepath.Join(chkDir, "reject")
	os.WriteFile(reject, []byte("#!/bin/sh\necho 'wrong answer: never good enough' >&2\nexit 1\n"), 0o755)
	chkC := filepath.Join(chkDir, "exact.c")
	os.WriteFile(chkC, []byte(`#include <stdio.h>
int main(int argc, char **argv) {
	FILE *o = fopen(argv[2], "r"), *a = fopen(argv[3], "r");
	int x, y;
	do { x = getc(o); y = getc(a); } while (x == y && x != EOF);
	if (x == y) return 0;
	fputs("wrong answer: differs\n", stderr);
	return 1;
}
`), 0o644)
	chkBad := filepath.Join(chkDir, "bad.c")
	os.WriteFile(chkBad, []byte("int main( {"), 0o644)

	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     []string // in stdout
	}{
		{"AC", []string{"test", "--tests", dir, prog("ac.c")}, exitOK,
			[]string{"| 1 ", "| AC", "3/3 passed", "isolation: cgroup"}},
		{"WA with a diff", []string{"test", "--tests", dir, "-j", "1", prog("wa.c")}, exitFailed,
			[]string{"| WA", "2/3 passed: 1 WA", `token 2: expected "915382476`, "2: WA: expected (-) versus got (+)", "- 2    915382476", "+   2  195382476", "1 hunk: 1 line only in expected, 1 only in output"}},
		{"CE", []string{"test", "--tests", dir, prog("syntax.c")}, exitFailed,
			[]string{"| CE", "| compile | CE", "0/1 passed: 1 CE", "compiler output", "expected ';'"}},
		{"TLE with a limit", []string{"test", "--tests", dir, "--time-limit", "300ms", prog("loop.c")}, exitFailed,
			[]string{"| TLE", "0/3 passed: 3 TLE"}},
		{"MLE with a limit", []string{"test", "--tests", dir, "--memory-limit", "64M", prog("mem.c")}, exitFailed,
			[]string{"| MLE", "3 MLE"}},
		{"arguments after --", []string{"test", "--tests", argsDir, echoArg, "--", "hello"}, exitOK,
			[]string{"1/1 passed"}},
		{"external checker", []string{"test", "--tests", dir, "--checker", chk, "-j", "1", prog("wa.c")}, exitFailed,
			[]string{"never good enough", "1 WA"}},
		{"checker source", []string{"test", "--tests", dir, "--checker", chkC, "-j", "1", prog("wa.c")}, exitFailed,
			[]string{"wrong answer: differs", "1 WA"}},
		{"checker rejecting the answer", []string{"test", "--tests", dir, "--checker", reject, prog("ac.c")}, exitUsage, nil},
		{"checker that does not compile", []string{"test", "--tests", dir, "--checker", chkBad, prog("ac.c")}, exitUsage, nil},
		{"compile memory limit", []string{"test", "--tests", dir, "--compile-memory-limit", "1M", prog("ac.c")}, exitFailed,
			[]string{"| compile | CE", "compile memory limit exceeded"}},
		{"language alias", []string{"test", "--tests", dir, "--lang", "C", noExt}, exitOK,
			[]string{"3/3 passed"}},
		{"missing compiler", []string{"test", "--tests", dir, "--compile", "no-such-cc -o {out} {src}", prog("ac.c")}, exitUsage, nil},
		{"compile command", []string{"test", "--tests", dir, "--compile", "gcc -O0 -o {out} {src}", prog("ac.c")}, exitOK,
			[]string{"3/3 passed"}},
		{"language by flag", []string{"test", "--tests", dir, "--lang", "c", noExt}, exitOK,
			[]string{"3/3 passed"}},
		{"problem data", []string{"test", "--problem", "poj3074", "--time-limit", "10s", prog("ac.c")}, exitOK,
			[]string{"sample/", "passed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.wantCode, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
}

func TestTestJSON(t *testing.T) {
	needSandbox(t)
	dir := testsDir(t)
	code, stdout, stderr := cli(t, "test", "--tests", dir, "--json", filepath.Join(programs, "segv.c"))
	if code != exitFailed {
		t.Errorf("exit %d, want %d; stderr %q", code, exitFailed, stderr)
	}
	var got []struct {
		Problem, Solution, Verdict, Isolation, Judge string
		Passed, Total                                int
		Tests                                        []struct {
			Name, Verdict, Signal, Message string
			TimeMS                         *float64 `json:"time_ms"`
			MemoryKB                       int64    `json:"memory_kb"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if len(got) != 1 {
		t.Fatalf("%d results, want 1", len(got))
	}
	r := got[0]
	if r.Verdict != "RE" || r.Total != 3 || r.Passed != 0 || !strings.HasPrefix(r.Isolation, "cgroup") || r.Problem != dir || r.Judge != readBuild().String() {
		t.Errorf("result %+v", r)
	}
	for _, tr := range r.Tests {
		if tr.Verdict != "RE" || tr.Signal != "SIGSEGV" || tr.TimeMS == nil || tr.MemoryKB <= 0 {
			t.Errorf("test %+v", tr)
		}
	}
}

func TestTestUsage(t *testing.T) {
	dir := testsDir(t)
	ac := filepath.Join(programs, "ac.c")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no tests", []string{"test", ac}, "--problem ID or --tests DIR"},
		{"no program", []string{"test", "--tests", dir}, "arg"},
		{"two programs", []string{"test", "--tests", dir, ac, ac}, "one PROGRAM"},
		{"bad memory", []string{"test", "--tests", dir, "--memory-limit", "lots", ac}, "--memory-limit"},
		{"unknown problem", []string{"test", "--problem", "nosuch", ac}, "nosuch"},
		{"missing tests", []string{"test", "--tests", filepath.Join(dir, "nope"), ac}, "nope"},
		{"missing program", []string{"test", "--tests", dir, filepath.Join(dir, "nope.c")}, "nope.c"},
		{"unknown language", []string{"test", "--tests", dir, "--lang", "cobol", ac}, "cobol"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantUsageError(t, tt.want, tt.args...) })
	}
}

// TestStrictLimitFlags gives every size, duration and count flag values
// that once became no limit at all (NaN, overflow, a size that rounds to
// zero, zero itself) or meant something else (512B as 512 MiB): each is a
// usage error naming the flag, before anything runs.
func TestStrictLimitFlags(t *testing.T) {
	dir := testsDir(t)
	ac := filepath.Join(programs, "ac.c")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"test", "--tests", dir, "--memory-limit", "NaN", ac}, "--memory-limit"},
		{[]string{"test", "--tests", dir, "--memory-limit", "9000000000G", ac}, "--memory-limit"},
		{[]string{"test", "--tests", dir, "--memory-limit", "1e-9", ac}, "--memory-limit"},
		{[]string{"test", "--tests", dir, "--memory-limit", "0", ac}, "--memory-limit"},
		{[]string{"test", "--tests", dir, "--memory-limit", "512X", ac}, "--memory-limit"},
		{[]string{"test", "--tests", dir, "--memory-limit", "-256M", ac}, "--memory-limit"},
		{[]string{"test", "--tests", dir, "--output-limit", "Inf", ac}, "--output-limit"},
		{[]string{"test", "--tests", dir, "--compile-memory-limit", "0.5B", ac}, "--compile-memory-limit"},
		{[]string{"test", "--tests", dir, "--time-limit", "0", ac}, "--time-limit"},
		{[]string{"test", "--tests", dir, "--time-limit", "-1s", ac}, "--time-limit"},
		{[]string{"test", "--tests", dir, "--time-limit", "2", ac}, "--time-limit"},
		{[]string{"test", "--tests", dir, "--time-limit", "9999999999h", ac}, "--time-limit"},
		{[]string{"test", "--tests", dir, "--compile-time-limit", "0s", ac}, "--compile-time-limit"},
		{[]string{"test", "--tests", dir, "-j", "-1", ac}, "-j"},
		{[]string{"stress", "--problem", "poj3074", "--count", "0", ac}, "--count"},
		{[]string{"stress", "--problem", "poj3074", "--cases", "0", ac}, "--cases"},
		{[]string{"stress", "--problem", "poj3074", "--against-time-limit", "NaN", ac}, "--against-time-limit"},
		{[]string{"bench", "--count", "0"}, "--count"},
		{[]string{"bench", "--max", "-1"}, "--max"},
		{[]string{"gen", "--problem", "poj3074", "--count", "0"}, "--count"},
		{[]string{"solve", "--problem", "poj3074", "--time-limit", "0"}, "--time-limit"},
		{[]string{"run", "--time-limit", "NaN"}, "--time-limit"},
		{[]string{"compare", "--fail-over", "NaN", "a", "b"}, "fail-over"},
		{[]string{"compare", "--fail-over", "-5", "a", "b"}, "fail-over"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[:len(tt.args)-1], " "), func(t *testing.T) { wantUsageError(t, tt.want, tt.args...) })
	}
}

// TestSizeFlagBytes checks that 512B is 512 bytes, not 512 MiB: a program
// that allocates a few MiB is MLE under it.
func TestSizeFlagBytes(t *testing.T) {
	var f programFlags
	cmd := &cobra.Command{Use: "t"}
	f.register(cmd)
	if err := cmd.Flags().Set("memory-limit", "512B"); err != nil {
		t.Fatal(err)
	}
	l, err := f.limits(nil)
	if err != nil {
		t.Fatal(err)
	}
	if l.Memory != 512 {
		t.Fatalf("--memory-limit 512B gives a limit of %d bytes, want 512", l.Memory)
	}
}

// TestTestInterrupted cancels a run while a program spins: the judge stops,
// shows what it judged, and exits 2 saying it was interrupted, not that the
// program failed.
func TestTestInterrupted(t *testing.T) {
	needSandbox(t)
	dir := testsDir(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(time.Second, cancel)
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"test", "--tests", dir, "-j", "1", "--time-limit", "60s", filepath.Join(programs, "loop.c")},
		&env{stdout: &out, stderr: &errOut})
	if code != exitUsage || !strings.Contains(errOut.String(), "interrupted") {
		t.Fatalf("exit %d, stderr %q; want %d and an interrupted message", code, errOut.String(), exitUsage)
	}
	if !strings.Contains(out.String(), "not run") {
		t.Errorf("the table does not show the tests the interrupt stopped:\n%s", out.String())
	}
}
