package checker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/procgroup"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// DefaultExternalTimeout bounds one run of an external checker when
// External.Timeout is zero.
const DefaultExternalTimeout = 10 * time.Second

// External runs a special-judge program with testlib's convention:
//
//	PATH [ARGS...] input output answer
//
// with the three files in a temporary directory removed afterwards. Its exit
// status is the verdict: 0 AC, 1 WA, 2 PE, 3 a failure of the checker
// itself (IE); testlib's 4 ("dirt", output with extra content) is PE, 7
// (partial points) is WA, and any other status, a signal or the time limit
// is IE. The message is the first line of its stderr, else of its stdout.
//
// The checker is the problem setter's program, but a --checker source may
// come from anywhere: with a Runner it runs in the sandbox, seeing only
// its three files, Allow and ReadOnly, as an unprivileged user under Limits;
// without one (where there is no sandbox) it runs as the judge's user
// under Timeout only. Either way what it prints is capped at 64 KiB.
type External struct {
	Path    string        // the checker program
	Args    []string      // arguments before the three files
	Timeout time.Duration // per check; 0 means DefaultExternalTimeout

	// Runner, if not nil, runs the checker sandboxed.
	Runner Runner
	// Limits bound a sandboxed check; zero fields take DefaultLimits'
	// (CPU time: Timeout).
	Limits sandbox.Limits
	// Allow lists the host paths the sandboxed checker needs to run
	// besides its own file and the libraries it links (its language's
	// needs, lang.Executable.Allow), shared by every check; ReadOnly, its
	// own build directory.
	Allow, ReadOnly []string
}

// A Runner runs a program in a sandbox: a *sandbox.Sandbox.
type Runner interface {
	Run(ctx context.Context, spec sandbox.Spec) (*sandbox.Result, error)
}

// DefaultLimits returns the limits of a sandboxed checker where
// External.Limits leaves a field zero: a checker reads three files and
// says one line.
func DefaultLimits() sandbox.Limits {
	return sandbox.Limits{Memory: 512 << 20, Output: 64 << 10, Processes: 16}
}

// outputCap bounds what is kept of a checker's stdout and stderr.
const outputCap = 64 << 10

// Check implements [contest.Checker]. The checker process is killed when ctx is done.
func (e External) Check(ctx context.Context, input, output, answer []byte) contest.Result {
	res, err := e.check(ctx, input, output, answer)
	if err != nil {
		return contest.Result{Verdict: contest.IE, Message: "checker: " + err.Error()}
	}
	return res
}

// A checkerRun is what became of one run of the checker.
type checkerRun struct {
	code           int    // exit status
	stdout, stderr []byte // capped
}

func (e External) check(ctx context.Context, input, output, answer []byte) (contest.Result, error) {
	dir, err := os.MkdirTemp("", "sudoku-judge-checker-")
	if err != nil {
		return contest.Result{}, err
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o755); err != nil { // for the sandbox's user
		return contest.Result{}, err
	}
	files := []struct {
		name string
		data []byte
	}{{"input", input}, {"output", output}, {"answer", answer}}
	args := append([]string(nil), e.Args...)
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			return contest.Result{}, err
		}
		args = append(args, p)
	}

	run, err := invocation{path: e.Path, args: args, dir: dir, timeout: e.Timeout,
		runner: e.Runner, limits: e.Limits, allow: e.Allow, readOnly: e.ReadOnly}.run(ctx)
	if err != nil {
		return contest.Result{}, err
	}
	msg := firstLine(string(run.stderr))
	if msg == "" {
		msg = firstLine(string(run.stdout))
	}
	var v contest.Verdict
	switch run.code {
	case 0:
		v = contest.AC
	case 1, 7:
		v = contest.WA
	case 2, 4:
		v = contest.PE
	case 3:
		if msg == "" {
			msg = "the checker reported a judge failure"
		}
		return contest.Result{Verdict: contest.IE, Message: "checker: " + msg}, nil
	default:
		return contest.Result{}, fmt.Errorf("%s exited with status %d: %s", filepath.Base(e.Path), run.code, msg)
	}
	if v == contest.AC {
		msg = "" // testlib says "ok ..." on success; an accepted test has no message
	}
	res := contest.Result{Verdict: v, Message: msg}
	if v == contest.WA || v == contest.PE {
		res.Diff = contest.LineDiff(answer, output)
	}
	return res, nil
}

// An invocation is one run of a checker program: in Runner's sandbox,
// seeing only dir (its files, read-only), writable, allow and readOnly, as an
// unprivileged user under limits; or, without a Runner, as the judge's
// user under timeout only. Going over a limit or dying by a signal is the
// checker's failure, an error.
type invocation struct {
	path     string
	args     []string
	stdin    []byte
	dir      string
	writable []string
	timeout  time.Duration // 0: DefaultExternalTimeout
	runner   Runner
	limits   sandbox.Limits // zero fields: DefaultLimits' (CPU time: timeout)
	allow    []string
	readOnly []string
}

func (in invocation) run(ctx context.Context) (checkerRun, error) {
	if in.timeout <= 0 {
		in.timeout = DefaultExternalTimeout
	}
	if in.runner != nil {
		return in.runSandboxed(ctx)
	}
	return in.runDirect(ctx)
}

func (in invocation) runSandboxed(ctx context.Context) (checkerRun, error) {
	l := in.limits
	d := DefaultLimits()
	if l.CPUTime == 0 {
		l.CPUTime = in.timeout
	}
	if l.Memory == 0 {
		l.Memory = d.Memory
	}
	if l.Output == 0 {
		l.Output = d.Output
	}
	if l.Processes == 0 {
		l.Processes = d.Processes
	}
	spec := sandbox.Spec{
		Path:     in.path,
		Args:     in.args,
		Limits:   l,
		Allow:    in.allow,
		ReadOnly: append([]string{in.dir}, in.readOnly...),
		Writable: in.writable,
	}
	if in.stdin != nil {
		spec.Stdin = bytes.NewReader(in.stdin)
	}
	res, err := in.runner.Run(ctx, spec)
	if err != nil {
		return checkerRun{}, err
	}
	name := filepath.Base(in.path)
	switch res.Status {
	case sandbox.OK, sandbox.RuntimeError:
		if res.Signal != "" {
			return checkerRun{}, fmt.Errorf("%s killed by %s", name, res.Signal)
		}
	case sandbox.TimeLimit:
		return checkerRun{}, fmt.Errorf("%s ran out of its %v: %s", name, l.CPUTime, res.Note)
	case sandbox.MemoryLimit, sandbox.OutputLimit:
		return checkerRun{}, fmt.Errorf("%s went over a limit: %s", name, res.Note)
	default:
		return checkerRun{}, fmt.Errorf("%s: sandbox: %s", name, res.Note)
	}
	return checkerRun{code: res.ExitCode, stdout: capBytes(res.Stdout), stderr: capBytes(res.Stderr)}, nil
}

func (in invocation) runDirect(ctx context.Context) (checkerRun, error) {
	ctx, cancel := context.WithTimeout(ctx, in.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, in.path, in.args...)
	cmd.Dir = in.dir
	if in.stdin != nil {
		cmd.Stdin = bytes.NewReader(in.stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &limitedWriter{w: &stdout, n: outputCap}, &limitedWriter{w: &stderr, n: outputCap}
	procgroup.Set(cmd)
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if ctx.Err() == context.DeadlineExceeded {
		return checkerRun{}, fmt.Errorf("%s ran out of its %v", filepath.Base(in.path), in.timeout)
	}
	run := checkerRun{stdout: stdout.Bytes(), stderr: stderr.Bytes()}
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return checkerRun{}, err
		}
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return checkerRun{}, fmt.Errorf("%s killed by %v", filepath.Base(in.path), st.Signal())
		}
		run.code = ee.ExitCode()
	}
	return run, nil
}

// capBytes keeps the first outputCap bytes of b.
func capBytes(b []byte) []byte { return b[:min(len(b), outputCap)] }

// firstLine returns the first non-blank line of s, trimmed and shortened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return contest.Short(l, 200)
		}
	}
	return ""
}

// limitedWriter keeps the first n bytes and discards the rest, so a
// checker that floods its output cannot exhaust the judge's memory.
type limitedWriter struct {
	w *bytes.Buffer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if room := l.n - l.w.Len(); room > 0 {
		l.w.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}
