package program

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestMain(m *testing.M) {
	if sandbox.IsHelper() {
		sandbox.RunHelper()
	}
	code := m.Run()
	for _, exe := range builds.exes {
		exe.Close()
	}
	os.Exit(code)
}

// builds caches the programs of testdata, built once for all tests.
var builds struct {
	sync.Mutex
	exes map[string]*lang.Executable
}

// build compiles testdata/src once per test binary.
func build(t testing.TB, src string) *lang.Executable {
	t.Helper()
	builds.Lock()
	defer builds.Unlock()
	if e, ok := builds.exes[src]; ok {
		return e
	}
	exe, err := lang.Build(context.Background(), filepath.Join("testdata", src), lang.Options{})
	if errors.Is(err, exec.ErrNotFound) {
		testenv.Need(t, "the compiler of "+src, err)
	}
	if err != nil {
		t.Fatalf("building %s: %v", src, err)
	}
	if builds.exes == nil {
		builds.exes = map[string]*lang.Executable{}
	}
	builds.exes[src] = exe
	return exe
}

// copyTests copies testdata/poj3074 into a fresh folder and reads it.
func copyTests(t testing.TB) (string, []problems.Test) {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir("testdata/poj3074")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("testdata/poj3074", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, tests
}

// TestPrograms judges real programs in the real sandbox.
func TestPrograms(t *testing.T) {
	sb := sandboxtest.Full(t)
	dir, tests := copyTests(t)
	quick := sandbox.Limits{CPUTime: 500 * time.Millisecond, WallTime: 1500 * time.Millisecond, Memory: 256 << 20, Output: 1 << 20}
	tests1 := tests[:1]

	cases := []struct {
		src    string
		tests  []problems.Test
		limits sandbox.Limits
		want   []contest.Verdict // per test
		msg    string            // in the message of the first test that is not AC
	}{
		{"ac.c", tests, LimitsFor(nil), []contest.Verdict{contest.AC, contest.AC, contest.AC}, ""},
		{"ac.cpp", tests, LimitsFor(nil), []contest.Verdict{contest.AC, contest.AC, contest.AC}, ""},
		{"ac.go", tests, LimitsFor(nil), []contest.Verdict{contest.AC, contest.AC, contest.AC}, ""},
		{"ac.py", tests, LimitsFor(nil), []contest.Verdict{contest.AC, contest.AC, contest.AC}, ""},
		{"wa.c", tests, LimitsFor(nil), []contest.Verdict{contest.AC, contest.WA, contest.AC}, "line 2"},
		{"pe.c", tests, LimitsFor(nil), []contest.Verdict{contest.PE, contest.PE, contest.PE}, "wrong layout"},
		// A wall limit 10 times the CPU limit: on a loaded machine, the CPU
		// limit is reached before the wall limit stretched 10 times.
		{"loop.c", tests1, sandbox.Limits{CPUTime: 500 * time.Millisecond, WallTime: 5 * time.Second, Memory: 256 << 20, Output: 1 << 20}, []contest.Verdict{contest.TLE}, "CPU time limit"},
		{"sleep.c", tests1, quick, []contest.Verdict{contest.TLE}, "wall limit 1.50s: slept or blocked"},
		{"mem.c", tests1, sandbox.Limits{CPUTime: 2 * time.Second, WallTime: 5 * time.Second, Memory: 64 << 20}, []contest.Verdict{contest.MLE}, "memory"},
		{"flood.c", tests1, quick, []contest.Verdict{contest.OLE}, ""},
		{"segv.c", tests1, quick, []contest.Verdict{contest.RE}, "SIGSEGV"},
		{"exit3.c", tests1, quick, []contest.Verdict{contest.RE}, "exit code 3"},
		{"syntax.c", tests, quick, []contest.Verdict{contest.CE}, "error"}, // one row, not one per test
		{"syntax.py", tests1, quick, []contest.Verdict{contest.CE}, "SyntaxError"},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			t.Parallel()
			needCompiler(t, c.src)
			j := &Judge{Runner: sb, Limits: c.limits, Checker: contest.Lines{}, Parallel: 2, Hide: []string{dir}, Isolation: sb.Isolation().String()}
			res, err := j.Evaluate(context.Background(), filepath.Join("testdata", c.src), lang.Options{}, nil, c.tests)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Tests) != len(c.want) {
				t.Fatalf("%d tests judged, want %d", len(res.Tests), len(c.want))
			}
			msg := ""
			for i, tr := range res.Tests {
				if tr.Verdict != c.want[i] {
					t.Errorf("test %s: %s (%s), want %s", tr.Name, tr.Verdict, tr.Message, c.want[i])
				}
				if msg == "" && tr.Verdict != contest.AC {
					msg = tr.Message
				}
				checkMeasured(t, tr)
			}
			if !strings.Contains(msg, c.msg) {
				t.Errorf("message %q, want it to hold %q", msg, c.msg)
			}
			if res.Isolation == "" {
				t.Error("no isolation in the result")
			}
		})
	}
}

// needCompiler skips a test whose program's compiler is missing here
// (fails it in CI).
func needCompiler(t *testing.T, src string) {
	t.Helper()
	if tool := map[string]string{".c": "gcc", ".cpp": "g++", ".go": "go", ".py": "python3"}[filepath.Ext(src)]; tool != "" {
		testenv.NeedCommand(t, tool)
	}
}

// checkMeasured checks that a test that ran reports its time and memory.
func checkMeasured(t *testing.T, tr judge.TestResult) {
	t.Helper()
	switch tr.Verdict {
	case contest.CE, contest.IE:
		return
	case contest.TLE:
		// The limit that fired is the one the time reached.
		if tr.Limit == "cpu" && tr.TimeMS < 400 || tr.Limit == "wall" && tr.WallMS < 400 || tr.Limit == "" {
			t.Errorf("test %s: TLE (%q limit) after %.1f ms CPU, %.1f ms wall", tr.Name, tr.Limit, tr.TimeMS, tr.WallMS)
		}
	}
	if tr.MemoryKB <= 0 {
		t.Errorf("test %s: %s without a memory figure", tr.Name, tr.Verdict)
	}
	if tr.ExitCode == nil && tr.Signal == "" {
		t.Errorf("test %s: %s without an exit code or a signal", tr.Name, tr.Verdict)
	}
}

// TestContained runs programs that try to harm the machine or cheat, and
// checks that they neither pass nor leave a trace.
func TestContained(t *testing.T) {
	sb := sandboxtest.Full(t)
	dir, tests := copyTests(t)
	limits := sandbox.Limits{CPUTime: time.Second, WallTime: 2 * time.Second, Memory: 256 << 20}
	j := &Judge{Runner: sb, Limits: limits, Checker: contest.Lines{}, Hide: []string{dir}}

	t.Run("fork storm", func(t *testing.T) {
		t.Parallel()
		exe := build(t, "fork.c")
		o := j.Test(context.Background(), exe, nil, tests[0])
		if o.Verdict == contest.AC {
			t.Fatal("accepted")
		}
		var made int
		if _, err := fmt.Sscanf(string(o.Stdout), "forked %d", &made); err == nil && made >= 2000 {
			t.Errorf("the process limit did not stop the storm: %s", o.Stdout)
		}
		// Every child died with the run: none is left running fork.c's binary.
		if left := procsRunning(t, exe.Path); len(left) > 0 {
			t.Errorf("processes %v outlived the run", left)
		}
		t.Logf("%s: %s; stdout %q", o.Verdict, o.Message, o.Stdout)
	})

	t.Run("network", func(t *testing.T) {
		t.Parallel()
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		accepted := make(chan net.Conn, 1)
		go func() {
			if c, err := ln.Accept(); err == nil {
				accepted <- c
			}
		}()
		port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
		o := j.Test(context.Background(), build(t, "net.c"), []string{port}, tests[0])
		if o.Verdict == contest.AC || strings.Contains(string(o.Stdout), "connected") {
			t.Errorf("%s, stdout %q", o.Verdict, o.Stdout)
		}
		select {
		case c := <-accepted:
			c.Close()
			t.Error("the program reached the judge's loopback")
		case <-time.After(200 * time.Millisecond):
		}
		t.Logf("%s: %s", o.Verdict, o.Message)
	})

	t.Run("file system escape", func(t *testing.T) {
		t.Parallel()
		markers := []string{filepath.Join(t.TempDir(), "escaped"), "/etc/sudoku-judge-escaped", "/tmp/sudoku-judge-escaped"}
		for _, m := range markers {
			os.Remove(m)
		}
		answer := filepath.Join(dir, "1.ans")
		o := j.Test(context.Background(), build(t, "escape.c"), append([]string{answer}, markers...), tests[0])
		if o.Verdict == contest.AC {
			t.Error("the program read the expected answer and was accepted")
		}
		for _, m := range markers {
			if _, err := os.Stat(m); err == nil {
				t.Errorf("the program created %s", m)
				os.Remove(m)
			}
		}
		t.Logf("%s: %s", o.Verdict, o.Message)
	})
}

// procsRunning returns the pids of the processes on the machine whose
// executable is path.
func procsRunning(t *testing.T, path string) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		if exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe")); err == nil && exe == path {
			pids = append(pids, pid)
		}
	}
	return pids
}

// TestAnswersHidden shows that Judge.Hide is what keeps the answers from a
// program that can see the folder they are in: with the tests folder's
// parent shared into the sandbox, a program that prints the answer file is
// accepted unless the folder is hidden.
func TestAnswersHidden(t *testing.T) {
	sandboxtest.Full(t)
	_, tests := copyTests(t)
	// The shared folder is outside /tmp, which the sandbox replaces.
	shared, err := os.MkdirTemp("/var/tmp", "sudoku-judge-hide-")
	testenv.Need(t, "a writable /var/tmp", err)
	defer os.RemoveAll(shared)
	dir := filepath.Join(shared, "tests")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "1.ans"), tests[0].Answer, 0o644); err != nil {
		t.Fatal(err)
	}
	sb, err := sandbox.New(sandbox.Options{Allow: []string{shared}})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	exe := build(t, "escape.c")
	args := []string{filepath.Join(dir, "1.ans"), "/tmp/x"}
	for _, tt := range []struct {
		hide   []string
		accept bool
	}{{nil, true}, {[]string{dir}, false}} {
		j := &Judge{Runner: sb, Limits: LimitsFor(nil), Checker: contest.Lines{}, Hide: tt.hide}
		o := j.Test(context.Background(), exe, args, tests[0])
		if (o.Verdict == contest.AC) != tt.accept {
			t.Errorf("hide %v: %s (%s), want accepted %v; stderr %q", tt.hide, o.Verdict, o.Message, tt.accept, o.Stderr)
		}
	}
}
