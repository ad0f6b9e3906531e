package program

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/hostiletext"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// fakeRunner returns a canned result and records the spec it was given.
type fakeRunner struct {
	res  *sandbox.Result
	err  error
	spec sandbox.Spec
}

func (f *fakeRunner) Run(_ context.Context, spec sandbox.Spec) (*sandbox.Result, error) {
	f.spec = spec
	return f.res, f.err
}

// TestVerdicts checks how sandbox results become verdicts, without running
// anything.
func TestVerdicts(t *testing.T) {
	test := problems.Test{Name: "t1", Input: []byte("in\n"), Answer: []byte("1 2\n3 4\n")}
	tests := []struct {
		name        string
		res         *sandbox.Result
		err         error
		want        contest.Verdict
		wantMsg     string
		wantTimeMS  float64
		wantExit    int // -1: no exit code
		wantSignal  string
		wantDiffHas string
	}{
		{"AC", &sandbox.Result{Status: sandbox.OK, Stdout: []byte("1 2\n3 4\n"), CPUTime: 12 * time.Millisecond, Memory: 2 << 20}, nil, contest.AC, "", 12, 0, "", ""},
		{"WA", &sandbox.Result{Status: sandbox.OK, Stdout: []byte("1 2\n3 5\n")}, nil, contest.WA, `expected "4", got "5"`, 0, 0, "", "+   2  3 5"},
		{"TLE on CPU", &sandbox.Result{Status: sandbox.TimeLimit, ExitCode: -1, Signal: "SIGKILL", CPUTime: 1100 * time.Millisecond, WallTime: 1200 * time.Millisecond, Note: "CPU time 1.1s exceeded"}, nil, contest.TLE, "CPU time", 1100, -1, "SIGKILL", ""},
		{"TLE on wall time", &sandbox.Result{Status: sandbox.TimeLimit, ExitCode: -1, CPUTime: time.Millisecond, WallTime: 4 * time.Second, CPUWait: 20 * time.Millisecond}, nil, contest.TLE, "wall limit 4.00s: slept or blocked (CPU 0.00s, CPU wait 0.02s)", 1, -1, "", ""},
		{"TLE on wall time, long numbers", &sandbox.Result{Status: sandbox.TimeLimit, ExitCode: -1, CPUTime: 999 * time.Millisecond, WallTime: 140 * time.Second, CPUWait: 99 * time.Second}, nil, contest.TLE, "CPU 1.00s, CPU wait 99.00s", 999, -1, "", ""},
		{"starved three times", &sandbox.Result{Status: sandbox.Starved, ExitCode: -1, Signal: "SIGKILL", CPUTime: 300 * time.Millisecond, WallTime: 16 * time.Second, CPUWait: 15 * time.Second, Note: "machine overloaded: 15s waiting for a CPU"}, nil, contest.IE, "machine overloaded: 15s waiting for a CPU (3 tries)", 300, -1, "SIGKILL", ""},
		{"MLE", &sandbox.Result{Status: sandbox.MemoryLimit, ExitCode: -1, Signal: "SIGKILL", Memory: 64 << 20}, nil, contest.MLE, "memory", 0, -1, "SIGKILL", ""},
		{"OLE", &sandbox.Result{Status: sandbox.OutputLimit, ExitCode: -1, Note: "output over 8 MiB"}, nil, contest.OLE, "output over 8 MiB", 0, -1, "", ""},
		{"RE by exit", &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: 3, Stderr: []byte("\nTraceback (most recent call last):\n  x\n")}, nil, contest.RE, "exit code 3: Traceback", 0, 3, "", ""},
		{"RE by signal", &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: -1, Signal: "SIGSEGV"}, nil, contest.RE, "killed by SIGSEGV", 0, -1, "SIGSEGV", ""},
		{"sandbox failure", &sandbox.Result{Status: sandbox.Internal, ExitCode: -1, Note: "mount failed\nmore"}, nil, contest.IE, "mount failed", 0, -1, "", ""},
		{"runner error", &sandbox.Result{Status: sandbox.Internal}, errors.New("no cgroup"), contest.IE, "sandbox: no cgroup", 0, -1, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &fakeRunner{res: tt.res, err: tt.err}
			j := &Judge{Runner: r, Limits: sandbox.Limits{CPUTime: time.Second}, Hide: []string{"/answers"}}
			exe := &lang.Executable{Path: "/b/prog", Args: []string{"x.py"}, Dir: "/b"}
			got := j.Test(context.Background(), exe, []string{"--fast"}, test)
			if got.Verdict != tt.want || !strings.Contains(got.Message, tt.wantMsg) {
				t.Errorf("got %s %q, want %s with %q", got.Verdict, got.Message, tt.want, tt.wantMsg)
			}
			if strings.Contains(got.Message, "\n") {
				t.Errorf("message %q is not one line", got.Message)
			}
			if (got.Verdict == contest.TLE || got.Verdict == contest.IE) && len(got.Message) > 72 {
				t.Errorf("message %q is %d characters: the table cuts it at 72", got.Message, len(got.Message))
			}
			if got.TimeMS != tt.wantTimeMS {
				t.Errorf("time %v ms, want %v", got.TimeMS, tt.wantTimeMS)
			}
			switch {
			case tt.err != nil:
			case tt.wantExit < 0 && got.ExitCode != nil:
				t.Errorf("exit code %d, want none", *got.ExitCode)
			case tt.wantExit >= 0 && (got.ExitCode == nil || *got.ExitCode != tt.wantExit):
				t.Errorf("exit code %v, want %d", got.ExitCode, tt.wantExit)
			}
			if got.Signal != tt.wantSignal {
				t.Errorf("signal %q, want %q", got.Signal, tt.wantSignal)
			}
			if !strings.Contains(got.Diff, tt.wantDiffHas) {
				t.Errorf("diff %q, want it to hold %q", got.Diff, tt.wantDiffHas)
			}
			if tt.res != nil && tt.res.Memory > 0 && got.MemoryKB != tt.res.Memory>>10 {
				t.Errorf("memory %d KB, want %d", got.MemoryKB, tt.res.Memory>>10)
			}
			// What the sandbox was asked to run.
			s := r.spec
			if s.Path != "/b/prog" || strings.Join(s.Args, " ") != "x.py --fast" || s.Limits.CPUTime != time.Second ||
				strings.Join(s.Hide, ",") != strings.Join(append([]string{"/answers"}, judgeBinary()...), ",") || s.Program != "/b" {
				t.Errorf("spec %+v", s)
			}
		})
	}
}

// TestTimesAndStderr checks that every test reports its CPU and wall
// times, that a TLE names the limit that fired, and that the program's
// whole stderr is kept, safe to print, with its lines.
func TestTimesAndStderr(t *testing.T) {
	limits := sandbox.Limits{CPUTime: time.Second} // wall limit 3×1s+1s
	tests := []struct {
		name      string
		res       *sandbox.Result
		limit     string
		cpu, wall float64
		stderr    string
	}{
		{"AC", &sandbox.Result{Status: sandbox.OK, Stdout: []byte("ok\n"), CPUTime: 12 * time.Millisecond, WallTime: 30 * time.Millisecond}, "", 12, 30, ""},
		{"CPU TLE", &sandbox.Result{Status: sandbox.TimeLimit, ExitCode: -1, CPUTime: 1010 * time.Millisecond, WallTime: 1100 * time.Millisecond}, "cpu", 1010, 1100, ""},
		{"wall TLE", &sandbox.Result{Status: sandbox.TimeLimit, ExitCode: -1, CPUTime: 5 * time.Millisecond, WallTime: 4 * time.Second}, "wall", 5, 4000, ""},
		{"RE with a traceback", &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: 1, CPUTime: time.Millisecond, WallTime: 2 * time.Millisecond,
			Stderr: []byte("Traceback (most recent call last):\n  File \"a.py\", line 3\nZeroDivisionError: division by zero\x1b[2J\n")},
			"", 1, 2, "Traceback (most recent call last):\n  File \"a.py\", line 3\nZeroDivisionError: division by zero\\x1b[2J\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := &Judge{Runner: &fakeRunner{res: tt.res}, Limits: limits}
			got := j.Test(context.Background(), &lang.Executable{Path: "/p"}, nil, problems.Test{Name: "1", Answer: []byte("ok\n")})
			if got.Limit != tt.limit || got.TimeMS != tt.cpu || got.WallMS != tt.wall || got.TestResult.Stderr != tt.stderr {
				t.Errorf("limit %q, cpu %v ms, wall %v ms, stderr %q; want %q, %v, %v, %q", got.Limit, got.TimeMS, got.WallMS, got.TestResult.Stderr, tt.limit, tt.cpu, tt.wall, tt.stderr)
			}
			if tt.limit != "" && !strings.Contains(strings.ToLower(got.Message), tt.limit) {
				t.Errorf("TLE message %q does not say which limit fired", got.Message)
			}
		})
	}
	long := SafeLog([]byte(strings.Repeat("x", 100)+"\n"), 40)
	if want := strings.Repeat("x", 40) + "\n... (61 more bytes)\n"; long != want {
		t.Errorf("SafeLog cut: %q, want %q", long, want)
	}
	if w := WallLimit(limits); w != 4*time.Second {
		t.Errorf("WallLimit(1s CPU) = %v, want 4s", w)
	}
}

func TestJudgeOrderAndCancel(t *testing.T) {
	var tests []problems.Test
	for i := range 20 {
		tests = append(tests, problems.Test{Name: string(rune('a' + i)), Answer: []byte("ok")})
	}
	r := &fakeRunner{res: &sandbox.Result{Status: sandbox.OK, Stdout: []byte("ok")}}
	j := &Judge{Runner: r, Parallel: 1, Isolation: "fake"}
	res := j.Judge(context.Background(), &lang.Executable{Path: "/p"}, nil, tests)
	if res.Passed != 20 || res.Total != 20 || res.Verdict != contest.AC || res.Isolation != "fake" {
		t.Errorf("result %+v", res)
	}
	for i, tr := range res.Tests {
		if tr.Name != tests[i].Name {
			t.Fatalf("test %d is %q, want %q", i, tr.Name, tests[i].Name)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = j.Judge(ctx, &lang.Executable{Path: "/p"}, nil, tests)
	if res.Verdict != contest.IE || res.Passed != 0 {
		t.Errorf("cancelled judging: %s, %d passed", res.Verdict, res.Passed)
	}
}

// stdinRunner answers each test with its own input, whose first line is
// also how long the run "took" in CPU milliseconds.
type stdinRunner struct{}

func (stdinRunner) Run(_ context.Context, spec sandbox.Spec) (*sandbox.Result, error) {
	b, _ := io.ReadAll(spec.Stdin)
	return &sandbox.Result{Status: sandbox.OK, Stdout: b, CPUTime: time.Millisecond, WallTime: time.Millisecond}, nil
}

// TestStopOnFailure checks that the tests after the first failure are
// SKIPPED, with no time, and that without the option they all run.
func TestStopOnFailure(t *testing.T) {
	var tests []problems.Test
	for i, v := range []string{"ok", "ok", "bad", "ok", "ok"} {
		ans := "ok"
		if v == "bad" {
			ans = "something else"
		}
		tests = append(tests, problems.Test{Name: fmt.Sprint(i + 1), Input: []byte(v), Answer: []byte(ans)})
	}
	for _, tt := range []struct {
		stop bool
		want string
	}{
		{false, "AC AC WA AC AC"},
		{true, "AC AC WA SKIPPED SKIPPED"},
	} {
		j := &Judge{Runner: stdinRunner{}, Parallel: 1, StopOnFailure: tt.stop}
		res := j.Judge(context.Background(), &lang.Executable{Path: "/p"}, nil, tests)
		var got []string
		for _, tr := range res.Tests {
			got = append(got, string(tr.Verdict))
			if tr.Verdict == contest.Skipped && (tr.TimeMS != 0 || tr.Message != "not run: stopped after WA on 3") {
				t.Errorf("skipped test %s: %v ms, %q", tr.Name, tr.TimeMS, tr.Message)
			}
		}
		if strings.Join(got, " ") != tt.want || res.Verdict != contest.WA || res.Passed != 4-2*btoi(tt.stop) {
			t.Errorf("stop %v: %s, %s %d/%d; want %s", tt.stop, strings.Join(got, " "), res.Verdict, res.Passed, res.Total, tt.want)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestCompileFailed(t *testing.T) {
	ce := &lang.CompileError{Output: "x.c: In function 'main':\nx.c:3:1: error: expected ';' before '}' token\n" + strings.Repeat("note\n", 50)}
	res := CompileFailed(ce, []problems.Test{{Name: "1"}, {Name: "2"}})
	if res.Verdict != contest.CE || res.Total != 1 || res.Passed != 0 {
		t.Fatalf("result %+v, want one CE row for two tests", res)
	}
	for _, tr := range res.Tests {
		if tr.Verdict != contest.CE || !strings.Contains(tr.Message, "expected ';'") {
			t.Errorf("test %s: %s %q", tr.Name, tr.Verdict, tr.Message)
		}
	}
	if !strings.Contains(res.Tests[0].Diff, "error: expected") || strings.Count(res.Tests[0].Diff, "note\n") != 50 {
		t.Errorf("compiler log:\n%s", res.Tests[0].Diff)
	}
}

func TestLimitsFor(t *testing.T) {
	l := LimitsFor(nil)
	if l.CPUTime != 2*time.Second || l.Memory != 256<<20 || l.Output != 64<<20 {
		t.Errorf("defaults %+v", l)
	}
	var c problems.Config
	c.Limits.TimeLimit, c.Limits.Memory = 1, 64
	l = LimitsFor(&c)
	if l.CPUTime != time.Second || l.Memory != 64<<20 || l.Output != 64<<20 {
		t.Errorf("poj3074-like limits %+v", l)
	}
}

// TestProgramTextIsSafe checks the boundary where what a program wrote
// enters a result: whatever the verdict, every string of the test's result
// is safe to show (issue 22: an RE's message carried raw escapes from the
// program's stderr), and so are the tests' names, from a folder's files.
func TestProgramTextIsSafe(t *testing.T) {
	h := []byte(hostiletext.Text)
	test := problems.Test{Name: hostiletext.FileName, Input: []byte("1\n"), Answer: []byte("1\n")}
	results := []struct {
		name string
		res  *sandbox.Result
		err  error
	}{
		{"RE", &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: 1, Stderr: h}, nil},
		{"RE by a signal", &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: -1, Signal: "SIGSEGV", Stderr: append(h, "\nSegmentation fault\n"...)}, nil},
		{"WA", &sandbox.Result{Status: sandbox.OK, Stdout: h, Stderr: h}, nil},
		{"TLE", &sandbox.Result{Status: sandbox.TimeLimit, ExitCode: -1, Stderr: h, Note: hostiletext.Text}, nil},
		{"MLE", &sandbox.Result{Status: sandbox.MemoryLimit, ExitCode: -1, Stderr: h, Note: hostiletext.Text}, nil},
		{"OLE", &sandbox.Result{Status: sandbox.OutputLimit, ExitCode: -1, Stdout: h, Note: hostiletext.Text}, nil},
		{"IE", &sandbox.Result{Status: sandbox.Internal, ExitCode: -1, Note: hostiletext.Text}, nil},
		{"runner error", nil, errors.New(hostiletext.Text)},
	}
	exe := &lang.Executable{Path: "/b/prog"}
	for _, tt := range results {
		t.Run(tt.name, func(t *testing.T) {
			j := &Judge{Runner: &fakeRunner{res: tt.res, err: tt.err}, Limits: sandbox.Limits{CPUTime: time.Second}, Parallel: 1}
			one := j.Test(context.Background(), exe, nil, test).TestResult
			all := j.Judge(context.Background(), exe, nil, []problems.Test{test, test})
			for i, tr := range append([]judge.TestResult{one}, all.Tests...) {
				for field, s := range map[string]string{"name": tr.Name, "message": tr.Message, "diff": tr.Diff, "stderr": tr.Stderr, "signal": tr.Signal} {
					if f := hostiletext.Find(s); f != "" {
						t.Errorf("result %d: %s holds %s: %q", i, field, f, s)
					}
				}
			}
			if !strings.Contains(one.Name, `\x1b[2J`) {
				t.Errorf("name %q, want the file's name escaped", one.Name)
			}
		})
	}
	ce := CompileFailed(&lang.CompileError{Output: hostiletext.Text, Err: errors.New(hostiletext.Text)}, nil)
	for _, tr := range ce.Tests {
		if f := hostiletext.Find(tr.Message + tr.Diff); f != "" {
			t.Errorf("CE: %s in %q %q", f, tr.Message, tr.Diff)
		}
	}
}

// scriptRunner gives each run the next of its results, and records the
// input each run read.
type scriptRunner struct {
	results []*sandbox.Result
	inputs  []string
}

func (s *scriptRunner) Run(_ context.Context, spec sandbox.Spec) (*sandbox.Result, error) {
	b, _ := io.ReadAll(spec.Stdin)
	s.inputs = append(s.inputs, string(b))
	res := s.results[0]
	if len(s.results) > 1 {
		s.results = s.results[1:]
	}
	return res, nil
}

// TestStarvedRetried checks that a test the machine starved is run again,
// each time on its whole input, Tries times at most, and then is IE, never
// a verdict the load decided; a run measured fairly in between is judged.
func TestStarvedRetried(t *testing.T) {
	starved := &sandbox.Result{Status: sandbox.Starved, ExitCode: -1, Signal: "SIGKILL", CPUTime: 200 * time.Millisecond, CPUWait: 15 * time.Second,
		Note: "machine overloaded: 15s waiting for a CPU"}
	ok := &sandbox.Result{Status: sandbox.OK, Stdout: []byte("42\n"), CPUTime: 700 * time.Millisecond}
	tle := &sandbox.Result{Status: sandbox.TimeLimit, ExitCode: -1, CPUTime: 1100 * time.Millisecond}
	tests := []struct {
		name     string
		results  []*sandbox.Result
		want     contest.Verdict
		wantRuns int
		wantMsg  string
	}{
		{"fair at once", []*sandbox.Result{ok}, contest.AC, 1, ""},
		{"fair on the second try", []*sandbox.Result{starved, ok}, contest.AC, 2, ""},
		{"a real TLE on the third", []*sandbox.Result{starved, starved, tle}, contest.TLE, 3, "CPU time limit"},
		{"starved every time", []*sandbox.Result{starved, starved, starved, ok}, contest.IE, 3, "machine overloaded: 15s waiting for a CPU (3 tries)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &scriptRunner{results: tt.results}
			j := &Judge{Runner: r, Limits: sandbox.Limits{CPUTime: time.Second}}
			got := j.Test(context.Background(), &lang.Executable{Path: "/p"}, nil, problems.Test{Name: "1", Input: []byte("6 7\n"), Answer: []byte("42\n")})
			if got.Verdict != tt.want || !strings.Contains(got.Message, tt.wantMsg) || len(r.inputs) != tt.wantRuns {
				t.Errorf("%s %q after %d runs, want %s %q after %d", got.Verdict, got.Message, len(r.inputs), tt.want, tt.wantMsg, tt.wantRuns)
			}
			for i, in := range r.inputs {
				if in != "6 7\n" {
					t.Errorf("run %d read %q, want the whole input", i+1, in)
				}
			}
			if len(got.Message) > 72 {
				t.Errorf("message %q is %d characters: the table cuts it at 72", got.Message, len(got.Message))
			}
		})
	}
}

// TestMemoryError checks that a runtime which stops a program at its heap,
// the memory limit (a JVM, Node), is MLE, as the limit is what it ran out
// of, and that only its own message in stderr makes it so.
func TestMemoryError(t *testing.T) {
	const jvm = "java.lang.OutOfMemoryError"
	tests := []struct {
		name        string
		memoryError string // the language's (lang.Language.MemoryError)
		res         *sandbox.Result
		want        contest.Verdict
	}{
		{"the JVM out of heap", jvm, &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: 1,
			Stderr: []byte("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat Main.main(Main.java:5)\n")}, contest.MLE},
		{"another exception", jvm, &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: 1,
			Stderr: []byte("Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n")}, contest.RE},
		{"the message from a language without one", "", &sandbox.Result{Status: sandbox.RuntimeError, ExitCode: 1,
			Stderr: []byte("java.lang.OutOfMemoryError\n")}, contest.RE},
		{"the message printed by a program that then exits 0", jvm, &sandbox.Result{Status: sandbox.OK, Stdout: []byte("42\n"),
			Stderr: []byte("java.lang.OutOfMemoryError\n")}, contest.AC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := &Judge{Runner: &fakeRunner{res: tt.res}, Limits: sandbox.Limits{CPUTime: time.Second, Memory: 64 << 20}}
			exe := &lang.Executable{Path: "/usr/bin/java", MemoryError: tt.memoryError}
			got := j.Test(context.Background(), exe, nil, problems.Test{Name: "1", Input: []byte("6 7\n"), Answer: []byte("42\n")})
			if got.Verdict != tt.want {
				t.Errorf("%s %q, want %s", got.Verdict, got.Message, tt.want)
			}
			if tt.want == contest.MLE && !strings.Contains(got.Message, "memory limit exceeded: "+jvm) {
				t.Errorf("message %q does not say the runtime ran out of memory", got.Message)
			}
		})
	}
}
