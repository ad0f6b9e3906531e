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

	"github.com/sudoku-judge/sudoku-judge/judge/verdict"
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
// The checker is the problem setter's program and is trusted: it runs
// outside the sandbox, as the judge's user, under Timeout only.
type External struct {
	Path    string        // the checker program
	Args    []string      // arguments before the three files
	Timeout time.Duration // per check; 0 means DefaultExternalTimeout
}

// Check implements Checker.
func (e External) Check(input, output, answer []byte) Result {
	res, err := e.check(input, output, answer)
	if err != nil {
		return Result{Verdict: verdict.IE, Message: "checker: " + err.Error()}
	}
	return res
}

func (e External) check(input, output, answer []byte) (Result, error) {
	dir, err := os.MkdirTemp("", "sudoku-judge-checker-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)
	files := []struct {
		name string
		data []byte
	}{{"input", input}, {"output", output}, {"answer", answer}}
	args := append([]string(nil), e.Args...)
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			return Result{}, err
		}
		args = append(args, p)
	}

	timeout := e.Timeout
	if timeout <= 0 {
		timeout = DefaultExternalTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.Path, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &limitedWriter{w: &stdout, n: 64 << 10}, &limitedWriter{w: &stderr, n: 64 << 10}
	procgroup.Set(cmd)
	cmd.WaitDelay = time.Second
	err = cmd.Run()

	msg := firstLine(stderr.String())
	if msg == "" {
		msg = firstLine(stdout.String())
	}
	if ctx.Err() == context.DeadlineExceeded {
		return Result{}, fmt.Errorf("%s ran out of its %v", filepath.Base(e.Path), timeout)
	}
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return Result{}, err
		}
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return Result{}, fmt.Errorf("%s killed by %v", filepath.Base(e.Path), st.Signal())
		}
		code = ee.ExitCode()
	}
	var v verdict.Verdict
	switch code {
	case 0:
		v = verdict.AC
	case 1, 7:
		v = verdict.WA
	case 2, 4:
		v = verdict.PE
	case 3:
		if msg == "" {
			msg = "the checker reported a judge failure"
		}
		return Result{Verdict: verdict.IE, Message: "checker: " + msg}, nil
	default:
		return Result{}, fmt.Errorf("%s exited with status %d: %s", filepath.Base(e.Path), code, msg)
	}
	if v == verdict.AC {
		msg = "" // testlib says "ok ..." on success; an accepted test has no message
	}
	res := Result{Verdict: v, Message: msg}
	if v == verdict.WA || v == verdict.PE {
		got, want := SplitLines(output), SplitLines(answer)
		res.Diff = Diff(want, got, firstDifference(want, got))
	}
	return res, nil
}

// firstDifference returns the index of the first line where want and got
// differ (the length of the shorter when one is a prefix of the other).
func firstDifference(want, got []string) int {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	return i
}

// firstLine returns the first non-blank line of s, trimmed and shortened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return shorten(l, 200)
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
