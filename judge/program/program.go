package program

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Limits without a problem: those of most contest problems.
const (
	DefaultTimeLimit   = 2 * time.Second
	DefaultMemoryLimit = 256 << 20
	DefaultOutputLimit = 64 << 20
)

// A Runner runs one program under limits; *sandbox.Sandbox is the real one.
type Runner interface {
	Run(ctx context.Context, spec sandbox.Spec) (*sandbox.Result, error)
}

// A Judge runs a built program on tests and judges its outputs.
type Judge struct {
	Runner    Runner
	Limits    sandbox.Limits  // per test; see LimitsFor
	Checker   contest.Checker // nil means contest.Tokens
	Parallel  int             // tests run at once; 0 means sandbox.FairParallel
	Hide      []string        // host paths the program must not see, such as the tests folder
	Isolation string          // what Runner puts in force, copied into results
	// Keep, if not nil, is given each test's output as the program wrote
	// it (up to the output limit), from several goroutines at once.
	Keep func(test string, stdout []byte)
	// StopOnFailure stops at the first test that is not AC, as many judges
	// do: tests not yet started are SKIPPED (those already running finish).
	StopOnFailure bool
}

// LimitsFor returns the sandbox limits of a problem's config, with the
// package defaults where the problem (or cfg itself, when nil) says nothing.
func LimitsFor(cfg *problems.Config) sandbox.Limits {
	l := sandbox.Limits{CPUTime: DefaultTimeLimit, Memory: DefaultMemoryLimit, Output: DefaultOutputLimit}
	if cfg == nil {
		return l
	}
	if d := cfg.TimeLimit(); d > 0 {
		l.CPUTime = d
	}
	if m := cfg.MemoryLimit(); m > 0 {
		l.Memory = m
	}
	if o := cfg.OutputLimit(); o > 0 {
		l.Output = o
	}
	return l
}

// Tries bounds the runs of a test the machine starves (sandbox.Starved):
// it is run again while the load may pass, and after Tries runs it is IE,
// never a verdict the load decided.
const Tries = 3

// An Outcome is the judgement of one test with what the program printed.
type Outcome struct {
	judge.TestResult
	Stdout, Stderr []byte
}

// Test runs exe (with args after its own) on one test and judges it. The
// result's text is safe to show (judge.TestResult.MakeSafe): this is where
// what a program wrote enters a result.
func (j *Judge) Test(ctx context.Context, exe *lang.Executable, args []string, t problems.Test) Outcome {
	o := j.test(ctx, exe, args, t, j.hidden())
	o.MakeSafe()
	return o
}

// hidden returns the paths each run hides.
func (j *Judge) hidden() []string { return append(slices.Clip(j.Hide), judgeBinary()...) }

// test is Test, with the paths to hide found once for all the tests.
func (j *Judge) test(ctx context.Context, exe *lang.Executable, args []string, t problems.Test, hide []string) Outcome {
	spec := sandbox.Spec{
		Path:    exe.Path,
		Args:    append(append([]string(nil), exe.Args...), args...),
		Limits:  j.Limits,
		Hide:    hide,
		Allow:   exe.Allow,
		Program: exe.Dir,
	}
	var res *sandbox.Result
	var err error
	tries := 1
	for ; ; tries++ {
		spec.Stdin = bytes.NewReader(t.Input)
		res, err = j.Runner.Run(ctx, spec)
		if err != nil || res.Status != sandbox.Starved || tries == Tries || ctx.Err() != nil {
			break
		}
	}
	if err != nil {
		msg := err.Error()
		if ctx.Err() != nil {
			msg = "judging interrupted: " + ctx.Err().Error()
		}
		return Outcome{TestResult: judge.TestResult{Name: t.Name, Verdict: contest.IE, Message: "sandbox: " + oneLine(msg)}}
	}
	if res.Status == sandbox.RuntimeError && exe.MemoryError != "" && bytes.Contains(res.Stderr, []byte(exe.MemoryError)) {
		// The runtime (a JVM) stopped the program at its heap, which is
		// the memory limit: MLE, as the limit is what it ran out of.
		res.Status, res.Note = sandbox.MemoryLimit, "memory limit exceeded: "+exe.MemoryError
	}
	o := j.judgeRun(ctx, t, res)
	if res.Status == sandbox.Starved {
		o.Message += fmt.Sprintf(" (%d %s)", tries, plural(tries, "try", "tries"))
	}
	return o
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// judgeBinary returns the judge's own executable, to hide from programs:
// it embeds every built-in problem's answers, and installed in a system
// directory it would be in plain sight.
func judgeBinary() []string {
	self, err := os.Executable()
	if err != nil {
		return nil
	}
	if real, err := filepath.EvalSymlinks(self); err == nil {
		return []string{real}
	}
	return nil
}

// judgeRun turns one sandbox result into a verdict.
func (j *Judge) judgeRun(ctx context.Context, t problems.Test, res *sandbox.Result) Outcome {
	o := Outcome{
		TestResult: judge.TestResult{
			Name:      t.Name,
			TimeMS:    judge.Millis(res.CPUTime),
			WallMS:    judge.Millis(res.WallTime),
			CPUWaitMS: judge.Millis(res.CPUWait),
			MemoryKB:  res.Memory >> 10,
			Stderr:    SafeLog(res.Stderr, MaxStderr),
		},
		Stdout: res.Stdout,
		Stderr: res.Stderr,
	}
	tr := &o.TestResult
	if res.Signal != "" {
		tr.Signal = res.Signal
	} else if res.ExitCode >= 0 {
		code := res.ExitCode
		tr.ExitCode = &code
	}
	switch res.Status {
	case sandbox.OK:
		c := j.Checker
		if c == nil {
			c = contest.Tokens{}
		}
		cr := contest.Run(ctx, c, t.Input, res.Stdout, t.Answer)
		tr.Verdict, tr.Message, tr.Diff = cr.Verdict, cr.Message, cr.Diff
	case sandbox.TimeLimit:
		tr.Verdict = contest.TLE
		tr.Limit, tr.Message = j.timeLimitFired(res)
	case sandbox.MemoryLimit:
		tr.Verdict = contest.MLE
		tr.Message = note(res, "memory limit exceeded")
	case sandbox.OutputLimit:
		tr.Verdict = contest.OLE
		tr.Message = note(res, "output limit exceeded")
	case sandbox.RuntimeError:
		tr.Verdict = contest.RE
		tr.Message = runtimeMessage(res)
	case sandbox.Starved:
		// The load, not the program, stopped it: no verdict.
		tr.Verdict = contest.IE
		tr.Message = note(res, "machine overloaded")
	default:
		tr.Verdict = contest.IE
		tr.Message = note(res, "sandbox failure")
	}
	return o
}

// WallLimit returns the wall-clock limit the sandbox puts on a program
// under l: l.WallTime, or 3×CPU time + 1 s when it is 0, so that a program
// that sleeps or blocks is stopped too (see sandbox.Limits).
func WallLimit(l sandbox.Limits) time.Duration {
	if l.WallTime == 0 && l.CPUTime > 0 {
		return 3*l.CPUTime + time.Second
	}
	return l.WallTime
}

// timeLimitFired says which time limit stopped a TLE, "cpu" or "wall", and
// in a message with the times, so that a contestant can tell a slow
// program from one that slept. The wall-clock limit counts no time spent
// waiting for a CPU (see sandbox.Limits), so a program it stops slept or
// blocked.
func (j *Judge) timeLimitFired(res *sandbox.Result) (string, string) {
	cpu, wall := j.Limits.CPUTime, WallLimit(j.Limits)
	if cpu > 0 && res.CPUTime >= cpu || wall == 0 {
		return "cpu", fmt.Sprintf("CPU time limit %s exceeded (CPU %s, wall %s)", seconds(cpu), seconds(res.CPUTime), seconds(res.WallTime))
	}
	return "wall", fmt.Sprintf("wall limit %s: slept or blocked (CPU %s, CPU wait %s)", seconds(wall), seconds(res.CPUTime), seconds(res.CPUWait))
}

// seconds formats d as "1.25s".
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// MaxStderr bounds the stderr a test result keeps, in bytes.
const MaxStderr = 8 << 10

// SafeLog returns b, a program's or compiler's output, for a result: cut to
// max bytes (saying how much was cut) and made contest.SafeLines, so that
// it can be shown on a terminal or in JSON as it is, lines kept.
func SafeLog(b []byte, max int) string {
	if len(b) == 0 {
		return ""
	}
	s, more := string(b), ""
	if len(b) > max {
		s = contest.Short(s, max)
		s = strings.TrimSuffix(s, "...")
		more = fmt.Sprintf("\n... (%d more bytes)", len(b)-len(s))
	}
	return contest.SafeLines(strings.TrimRight(s, "\n")) + more + "\n"
}

func note(res *sandbox.Result, fallback string) string {
	if res.Note != "" {
		return oneLine(res.Note)
	}
	return fallback
}

// runtimeMessage says how the program died, with the first line of its
// stderr when it left one.
func runtimeMessage(res *sandbox.Result) string {
	var msg string
	switch {
	case res.Signal != "":
		msg = "killed by " + res.Signal
	default:
		msg = fmt.Sprintf("exit code %d", res.ExitCode)
	}
	if res.Note != "" {
		msg += " (" + oneLine(res.Note) + ")"
	}
	if s := lastMeaningfulLine(res.Stderr); s != "" {
		msg += ": " + s
	}
	return msg
}

// lastMeaningfulLine returns the line of a crashed program's stderr that
// says why: the last unindented line naming an error, exception or panic
// (Python's "ZeroDivisionError: ...", below its traceback; Java's
// "Exception in thread ..."; Go's and Rust's panics), else the last
// unindented line that is not a runtime's footer, else the last line.
func lastMeaningfulLine(b []byte) string {
	var last, lastFlat, named string
	for _, l := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if named != "" && named == last && strings.HasSuffix(named, ":") {
			// Rust's "thread 'main' panicked at src.rs:2:5:" puts the
			// panic's message on the next line.
			named += " " + t
		}
		last = t
		if l[0] == ' ' || l[0] == '\t' || strings.HasPrefix(t, "Node.js v") || strings.HasPrefix(t, "note: ") {
			continue
		}
		lastFlat = t
		low := strings.ToLower(t)
		if strings.Contains(low, "error") || strings.Contains(low, "exception") || strings.Contains(low, "panic") {
			named = t
		}
	}
	for _, s := range []string{named, lastFlat, last} {
		if s != "" {
			return oneLine(s)
		}
	}
	return ""
}

// Judge runs exe on every test, Parallel at a time, and returns the
// judgement in the order of tests. Tests not run because ctx was cancelled
// are IE; tests not run because of StopOnFailure are SKIPPED.
func (j *Judge) Judge(ctx context.Context, exe *lang.Executable, args []string, tests []problems.Test) *judge.Result {
	res := &judge.Result{Isolation: j.Isolation, Tests: make([]judge.TestResult, len(tests))}
	n := j.Parallel
	if n <= 0 {
		n = sandbox.FairParallel()
	}
	n = min(n, len(tests))
	hide := j.hidden()
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	stoppedBy := "" // the first test that was not AC, under StopOnFailure
	stopped := func() string {
		mu.Lock()
		defer mu.Unlock()
		return stoppedBy
	}
	skip := func(i int, by string) {
		res.Tests[i] = judge.TestResult{Name: tests[i].Name, Verdict: contest.Skipped, Message: "not run: stopped after " + by}
	}
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if by := stopped(); by != "" {
					skip(i, by)
					continue
				}
				o := j.test(ctx, exe, args, tests[i], hide)
				if j.Keep != nil && o.Verdict != contest.IE {
					j.Keep(tests[i].Name, o.Stdout)
				}
				res.Tests[i] = o.TestResult
				if j.StopOnFailure && !o.Verdict.Passed() {
					mu.Lock()
					if stoppedBy == "" {
						stoppedBy = fmt.Sprintf("%s on %s", o.Verdict, tests[i].Name)
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range tests {
		if ctx.Err() != nil {
			res.Tests[i] = judge.TestResult{Name: tests[i].Name, Verdict: contest.IE, Message: "not run: " + ctx.Err().Error()}
			continue
		}
		if by := stopped(); by != "" {
			skip(i, by)
			continue
		}
		next <- i
	}
	close(next)
	wg.Wait()
	res.MakeSafe() // what the programs wrote, and the tests' names, as Test makes them
	res.Summarize()
	return res
}

// CompileFailed returns the judgement of a program that did not compile:
// one row, CE, named "compile", whatever the number of tests, with the
// compiler's first error as its message and its whole output (capped and
// made safe by package lang) as its Diff, for -v and JSON.
func CompileFailed(ce *lang.CompileError, tests []problems.Test) *judge.Result {
	res := &judge.Result{Tests: []judge.TestResult{{
		Name:    "compile",
		Verdict: contest.CE,
		Message: oneLine(ce.Error()),
		Diff:    ce.Output,
	}}}
	res.MakeSafe()
	res.Summarize()
	return res
}

// CompilerLog returns the first max lines of the compiler's output.
func CompilerLog(ce *lang.CompileError, max int) string {
	lines := strings.Split(strings.TrimRight(ce.Output, "\n"), "\n")
	if len(lines) > max {
		lines = append(lines[:max], fmt.Sprintf("(%d more lines)", len(lines)-max))
	}
	return strings.Join(lines, "\n") + "\n"
}

// Evaluate is the whole of judging one source file: build it (a compile
// failure is every test CE), judge it on tests, remove the build. An error
// means the judge could not try (no compiler, unreadable file), not that
// the program failed.
func (j *Judge) Evaluate(ctx context.Context, src string, build lang.Options, args []string, tests []problems.Test) (*judge.Result, error) {
	if build.RunMemory == 0 {
		build.RunMemory = j.Limits.Memory
	}
	if build.Sandbox == nil {
		build.Sandbox = j.Runner // the compiler is as untrusted as the program
		build.Hide = append(slices.Clip(build.Hide), j.Hide...)
	}
	exe, err := lang.Build(ctx, src, build)
	var ce *lang.CompileError
	if errors.As(err, &ce) {
		res := CompileFailed(ce, tests)
		res.Solution, res.Isolation = src, j.Isolation
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	defer exe.Close()
	res := j.Judge(ctx, exe, args, tests)
	res.Solution, res.Compiled = src, exe.Compiled
	return res, nil
}

// oneLine returns the first line of s as a safe, short message
// (contest.Message).
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return contest.Message(s)
}
