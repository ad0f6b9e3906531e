//go:build windows || darwin

package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"
)

// A Sandbox runs programs with what Windows (a job object) or macOS
// (rlimits and a process group) offer: limits and measurements, but no
// private file system, network or user, so Spec's Allow, Program, Hide,
// ReadOnly, Writable and AllowLocks change nothing here. Isolation says
// so.
type Sandbox struct {
	opts Options
	slot chan struct{} // bounds concurrent runs
}

// New returns a Sandbox. Options that only make sense on Linux are ignored.
func New(opts Options) (*Sandbox, error) {
	n := opts.MaxParallel
	if n <= 0 {
		n = 64
	}
	return &Sandbox{opts: opts, slot: make(chan struct{}, n)}, nil
}

// Isolation says what is in force: see isolationOS.
func (s *Sandbox) Isolation() Isolation { return isolationOS() }

// Close does nothing: runs leave nothing behind.
func (s *Sandbox) Close() error { return nil }

// Run runs spec's program in a fresh working directory under its limits.
// The error is for failures of the judge's side only.
func (s *Sandbox) Run(ctx context.Context, spec Spec) (*Result, error) {
	select {
	case s.slot <- struct{}{}:
	case <-ctx.Done():
		return failed(ctx.Err())
	}
	defer func() { <-s.slot }()

	l := spec.Limits.withDefaults()
	dir, err := os.MkdirTemp(s.opts.TempDir, "sudoku-sandbox-run-")
	if err != nil {
		return failed(fmt.Errorf("sandbox: %w", err))
	}
	defer os.RemoveAll(dir)

	cmd := exec.Command(spec.Path, spec.Args...)
	cmd.Dir = dir
	cmd.Env = append(baseEnv(dir), spec.Env...)
	cmd.Stdin = spec.Stdin
	p := &process{limits: l}
	stdout := &capWriter{max: l.Output, over: p.overOutput}
	stderr := &capWriter{max: stderrCap}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = time.Second

	start := time.Now()
	defer p.close()
	if err := p.start(cmd); err != nil {
		return failed(fmt.Errorf("sandbox: starting %s: %w", spec.Path, err))
	}
	done := make(chan struct{})
	var wallHit, cancelled bool
	var overloaded string // the machine's load when the wall limit fired, if too high
	load := startLoadWatch()
	go func() {
		var wall <-chan time.Time
		if l.WallTime > 0 {
			t := time.NewTimer(l.WallTime)
			defer t.Stop()
			wall = t.C
		}
		select {
		case <-done:
		case <-wall:
			p.mu.Lock()
			wallHit = true
			overloaded = load.overloaded()
			p.mu.Unlock()
			p.kill()
		case <-ctx.Done():
			p.mu.Lock()
			cancelled = true
			p.mu.Unlock()
			p.kill()
		}
	}()
	waitErr := cmd.Wait()
	close(done)
	p.kill() // whatever it started dies with it
	res := &Result{WallTime: time.Since(start), Stdout: stdout.buf.Bytes(), Stderr: stderr.buf.Bytes()}
	res.CPUTime, res.Memory = p.usage(cmd.ProcessState)
	res.ExitCode = cmd.ProcessState.ExitCode()
	res.Signal = signalOf(cmd.ProcessState)

	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case cancelled:
		res.Status, res.Note = Internal, "cancelled"
		return res, ctx.Err()
	case p.outputHit:
		res.Status, res.Note = OutputLimit, fmt.Sprintf("output exceeded %d bytes", l.Output)
	case l.CPUTime > 0 && res.CPUTime >= l.CPUTime || p.cpuHit:
		res.Status, res.Note = TimeLimit, fmt.Sprintf("cpu time %s exceeded (used %s)", l.CPUTime, res.CPUTime.Round(time.Millisecond))
	case wallHit && overloaded != "":
		// Its CPU wait is not measured here: it may have been starved.
		res.Status, res.Note = Starved, overloadedNote(overloaded)
	case wallHit:
		res.Status, res.Note = TimeLimit, fmt.Sprintf("wall time %s exceeded", l.WallTime)
	case l.Memory > 0 && res.Memory >= l.Memory || p.memoryHit:
		res.Status, res.Note = MemoryLimit, fmt.Sprintf("memory limit %s exceeded", procMiB(l.Memory))
	case waitErr != nil && res.ExitCode == 0 && res.Signal == "":
		var ee *exec.ExitError
		if !errors.As(waitErr, &ee) {
			res.Status, res.Note = Internal, waitErr.Error()
			return res, waitErr
		}
		res.Status = RuntimeError
	case res.ExitCode != 0 || res.Signal != "":
		res.Status = RuntimeError
	default:
		res.Status = OK
	}
	return res, nil
}

// baseEnv is the program's environment before Spec.Env.
func baseEnv(dir string) []string {
	env := []string{"HOME=" + dir, "TMPDIR=" + dir, "TEMP=" + dir, "TMP=" + dir, "LANG=C.UTF-8"}
	for _, k := range []string{"PATH", "SystemRoot", "SYSTEMROOT", "windir"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

func failed(err error) (*Result, error) {
	return &Result{Status: Internal, ExitCode: -1, Note: err.Error()}, err
}

// procMiB formats a byte count in MiB.
func procMiB(n int64) string {
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', -1, 64) + " MiB"
}

// capWriter keeps the first max bytes; past them it calls over, once.
type capWriter struct {
	buf  bytes.Buffer
	max  int64
	over func()
	hit  sync.Once
}

func (w *capWriter) Write(p []byte) (int, error) {
	if room := w.max - int64(w.buf.Len()); int64(len(p)) > room {
		if room > 0 {
			w.buf.Write(p[:room])
		}
		if w.over != nil {
			w.hit.Do(w.over)
		}
		return len(p), nil
	}
	return w.buf.Write(p)
}
