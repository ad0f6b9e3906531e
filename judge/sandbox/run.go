//go:build linux

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// setupTimeout bounds the helper's work before the program starts.
const setupTimeout = 10 * time.Second

var errNoHelper = errors.New("sandbox: the helper did not report; " +
	"main (or TestMain) must call sandbox.RunHelper when sandbox.IsHelper() is true")

// Run runs spec's program and reports what happened to it. The error is
// for failures of the judge's side only; the Result is then non-nil with
// Status Internal. When ctx is done, Run kills the program, cleans up and
// returns ctx's error.
func (s *Sandbox) Run(ctx context.Context, spec Spec) (*Result, error) {
	if !filepath.IsAbs(spec.Path) {
		return internal(fmt.Errorf("sandbox: program path %q is not absolute", spec.Path))
	}
	slot, unlock, err := s.acquire(ctx)
	if err != nil {
		return internal(err)
	}
	defer s.release(slot, unlock)
	r := &run{
		s:      s,
		spec:   spec,
		limits: spec.Limits.withDefaults(),
		uid:    s.uid + slot,
		name:   "run-" + strconv.FormatUint(s.seq.Add(1), 10),
	}
	if !s.setuid {
		r.uid = os.Getuid()
	}
	if res := r.checkExecutable(); res != nil {
		return res, nil
	}
	return r.do(ctx)
}

// checkExecutable charges the program's executable to the run. Its pages
// come from the page cache, which the kernel charges to whoever read the
// file first (the compiler, the judge) and not to the run, so a table in the
// executable would escape the limit. The whole file counts, read or not,
// as it would in the program's address space: the run's own memory budget
// is what the limit leaves, and an executable as large as the limit is MLE
// without running. Interpreters and other allowed binaries are shared by
// every run and not charged.
func (r *run) checkExecutable() *Result {
	if r.limits.Memory <= 0 || under(r.spec.Path, r.s.allow) || under(r.spec.Path, r.spec.Allow) {
		return nil
	}
	fi, err := os.Stat(r.spec.Path)
	if err != nil {
		return nil // the helper reports the failed exec
	}
	if fi.Size() < r.limits.Memory {
		r.exe = fi.Size()
		return nil
	}
	return &Result{
		Status:   MemoryLimit,
		ExitCode: -1,
		Memory:   fi.Size(),
		Note:     fmt.Sprintf("memory limit %s exceeded by the executable alone (%s)", mib(r.limits.Memory), mib(fi.Size())),
	}
}

// budget returns the limits the program itself runs under: the memory
// limit less what the executable was charged.
func (r *run) budget() Limits {
	l := r.limits
	if l.Memory > 0 {
		l.Memory -= r.exe
	}
	return l
}

func internal(err error) (*Result, error) {
	return &Result{Status: Internal, ExitCode: -1, Note: err.Error()}, err
}

// A run is the state of one Run.
type run struct {
	s       *Sandbox
	spec    Spec
	limits  Limits
	uid     int
	name    string
	exe     int64  // bytes of the executable charged to the run
	cg      group  // nil without cgroups
	workdir string // host working dir, without a mount namespace
	h       *helperProc
	// prog is Spec.Program, for a helper that keeps the program between
	// runs; progKey tells one build from another.
	prog    *os.File
	progKey string

	target     int // host pid of the program, for /proc polling; 0 if unknown
	polled     time.Duration
	polledPeak int64     // resident peak seen by polling, for a program killed before the helper read it
	wait       waitMeter // the run's CPU wait, as polled
}

// A kill records why the judge stopped a run.
type kill struct {
	status Status
	note   string
}

// outcome is what watch saw.
type outcome struct {
	start, end time.Time
	exit       *exitInfo
	helperErr  string
	stop       *kill
	cancelled  bool
}

func (r *run) do(ctx context.Context) (*Result, error) {
	var err error
	if r.s.hier != nil {
		if r.cg, err = r.s.groups.get(r.budget()); err != nil {
			return internal(fmt.Errorf("sandbox: %w", err))
		}
	}
	if !r.s.ns {
		if err := r.makeWorkdir(); err != nil {
			r.cleanup()
			return internal(fmt.Errorf("sandbox: %w", err))
		}
	}
	stdout, stderr, overflow, keep, err := r.start()
	if err != nil {
		r.cleanup()
		return internal(fmt.Errorf("sandbox: %w", err))
	}
	o := r.watch(ctx, overflow)

	// A helper that reported the program's end had killed what was left
	// in its PID namespace, so the group is empty, and may serve again;
	// any other is killed with whatever the program left. (The group is
	// killed once more before it is removed.)
	reuse := keep && o.exit != nil && o.stop == nil
	if !reuse {
		r.kill()
	}
	var helperEnd error
	if !reuse {
		helperEnd = r.h.wait()
	}
	stdout.wait(time.Second)
	stderr.wait(time.Second)

	res := &Result{ExitCode: -1, Stdout: stdout.bytes(), Stderr: stderr.bytes()}
	if !o.start.IsZero() {
		res.WallTime = o.end.Sub(o.start)
	}
	var st groupStats
	if r.cg != nil {
		st = r.cg.stats()
	}
	cleanupErr := r.cleanup()
	if reuse {
		r.h.cpu = time.Duration(o.exit.HelperNS)
		r.s.putIdle(r.h)
	}

	switch {
	case o.cancelled:
		res.Status, res.Note = Internal, "cancelled"
		return res, ctx.Err()
	case o.helperErr != "":
		res.Status, res.Note = Internal, o.helperErr
		return res, errors.New("sandbox: " + o.helperErr)
	case o.stop == nil && o.exit == nil:
		res.Status = Internal
		res.Note = fmt.Sprintf("sandbox helper ended (%v) without reporting: %q", helperEnd, r.h.stderr.bytes())
		if o.start.IsZero() {
			return res, fmt.Errorf("%w (%v)", errNoHelper, helperEnd)
		}
		return res, errors.New("sandbox: " + res.Note)
	}
	res.CPUWait = r.finalWait(o.exit)
	r.judge(res, o.exit, o.stop, st)
	if cleanupErr != nil {
		res.Status, res.Note = Internal, cleanupErr.Error()
		return res, fmt.Errorf("sandbox: cleaning up: %w", cleanupErr)
	}
	if res.Status == Internal {
		return res, errors.New("sandbox: " + res.Note)
	}
	return res, nil
}

// start starts the program: it makes the pipes for its output, gets a
// helper and sends it the run. keep reports whether the helper may serve
// again after a clean end.
func (r *run) start() (stdout, stderr *captured, overflow chan struct{}, keep bool, err error) {
	stdin, piped, closeStdin, err := openStdin(r.spec.Stdin)
	if err != nil {
		return nil, nil, nil, false, err
	}
	defer closeStdin()
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, false, err
	}
	defer outW.Close()
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		return nil, nil, nil, false, err
	}
	defer errW.Close()
	pipes := []*os.File{outW, errW}
	if piped {
		pipes = append(pipes, stdin)
	}
	if err := r.givePipes(pipes); err != nil {
		outR.Close()
		errR.Close()
		return nil, nil, nil, false, err
	}
	overflow = make(chan struct{}, 1)
	stdout = capture(outR, r.limits.Output, overflow)
	stderr = capture(errR, stderrCap, nil)
	fail := func(err error) (*captured, *captured, chan struct{}, bool, error) {
		outW.Close()
		errW.Close()
		stdout.wait(time.Second)
		stderr.wait(time.Second)
		return nil, nil, nil, false, err
	}

	cfg, files, err := r.config(stdin, outW, errW)
	if err != nil {
		return fail(err)
	}
	defer func() {
		for _, f := range files[3:] {
			f.Close()
		}
	}()
	var root string
	if cfg.Root != nil {
		root = strings.Join(cfg.Root.Allow, "\x00")
	}
	if r.prog != nil {
		defer r.prog.Close()
	}
	base := len(files)
	for {
		var idle bool
		if r.h, idle, err = r.s.helper(cfg.Rlimits, root); err != nil {
			return fail(fmt.Errorf("starting the helper: %w", err))
		}
		for _, f := range files[base:] {
			f.Close()
		}
		files = files[:base]
		if files, err = r.stage(cfg, files); err != nil {
			return fail(err)
		}
		err = r.h.send(cfg, files)
		if err == nil {
			r.h.root = root
			if r.prog != nil {
				r.h.prog = r.progKey
			}
			return stdout, stderr, overflow, cfg.Keep, nil
		}
		// An idle helper may have died meanwhile; a new one may not.
		r.h.discard()
		if !idle {
			return fail(fmt.Errorf("starting the helper: %w", err))
		}
	}
}

// stage gives the helper the run's program to keep, unless it has it from
// an earlier run (a program is judged on many tests in a row): a copy in
// a tmpfs of its own, made by the judge (see stageProgram), which the
// helper keeps and binds at ProgramDir for each run. A new tmpfs per run
// cost about 0.4 ms of CPU time.
func (r *run) stage(cfg *helperConfig, files []*os.File) ([]*os.File, error) {
	if r.prog == nil {
		return files, nil
	}
	cfg.Root.Stage = 0
	if r.h.prog == r.progKey {
		return files, nil
	}
	mnt, err := stageProgram(int(r.prog.Fd()), r.limits.Memory)
	if err != nil {
		return files, fmt.Errorf("program %s: %w", r.spec.Program, err)
	}
	cfg.Root.Stage = len(files)
	return append(files, os.NewFile(uintptr(mnt), ProgramDir)), nil
}

// watch follows the run until the program ends or the helper does,
// enforcing the time and output limits and ctx.
func (r *run) watch(ctx context.Context, overflow <-chan struct{}) outcome {
	var o outcome
	setup := time.NewTimer(setupTimeout)
	defer setup.Stop()
	var wall, poll <-chan time.Time
	var wallTimer, pollTimer *time.Timer
	var load loadWatch // where the CPU wait is not measured
	stop := func(k kill) {
		if o.stop == nil {
			o.stop = &k
			o.end = time.Now()
			r.kill()
		}
	}
	for {
		select {
		case m, ok := <-r.h.msgs:
			switch {
			case !ok:
				if o.end.IsZero() {
					o.end = time.Now()
				}
				return o
			case m.Error != "":
				o.helperErr = m.Error
			case m.Started:
				o.start = time.Now()
				setup.Stop()
				if w := r.limits.WallTime; w > 0 {
					wallTimer = time.NewTimer(w)
					defer wallTimer.Stop()
					wall = wallTimer.C
					load = startLoadWatch()
				}
				if r.limits.CPUTime > 0 || r.pollsMemory() {
					pollTimer = time.NewTimer(r.nextPoll(0))
					defer pollTimer.Stop()
					poll = pollTimer.C
				}
			case m.Exit != nil:
				o.exit = m.Exit
				if o.end.IsZero() {
					o.end = time.Now()
				}
				if o.stop == nil {
					return o
				}
				// Killed as it ended: wait for the helper's end too.
			}
		case <-setup.C:
			stop(kill{Internal, "sandbox setup took over " + setupTimeout.String()})
		case <-wall:
			var loaded string
			measured := r.s.cpuWait != ""
			if !measured {
				loaded = load.overloaded()
			}
			elapsed := time.Since(o.start)
			waited, unsure := r.cpuWait(elapsed)
			more, k := wallCheck(r.limits.WallTime, elapsed, waited, unsure, measured, loaded)
			if k != nil {
				stop(*k)
			} else {
				wallTimer.Reset(more)
			}
		case <-poll:
			used := r.cpu()
			if r.s.cpuWait != "" {
				// Also of threads that may end before the next look, and
				// when each last ran.
				r.cpuWait(time.Since(o.start))
			}
			if r.pollsMemory() {
				peak, _ := r.peak()
				r.polledPeak = max(r.polledPeak, peak)
			}
			switch {
			case r.limits.CPUTime > 0 && used > r.limits.CPUTime:
				stop(kill{TimeLimit, cpuNote(r.limits.CPUTime, used)})
			case r.pollsMemory() && r.polledPeak > r.limits.Memory:
				stop(kill{MemoryLimit, peakNote(r.limits.Memory, r.polledPeak)})
			default:
				pollTimer.Reset(r.nextPoll(used))
			}
		case <-overflow:
			stop(kill{OutputLimit, "output exceeded " + strconv.FormatInt(r.limits.Output, 10) + " bytes"})
		case <-ctx.Done():
			o.cancelled = true
			stop(kill{Internal, "cancelled"})
		}
	}
}

// kill kills the program's whole tree and the helper. It may be called
// more than once.
func (r *run) kill() {
	// With a PID namespace, killing its init, the helper, kills all.
	r.h.cmd.Process.Kill()
	if r.cg != nil {
		r.cg.kill()
	}
	if !r.s.ns {
		// The helper is not reaped yet, so its pid still names the group.
		unix.Kill(-r.h.cmd.Process.Pid, unix.SIGKILL)
	}
}

// cleanup hands the run's cgroup back for removal and removes its working
// dir.
func (r *run) cleanup() error {
	if r.cg != nil {
		r.s.groups.put(r.cg)
	}
	if r.workdir != "" {
		return removeAll(r.workdir)
	}
	return nil
}

// makeWorkdir makes a fresh working dir on the host, for runs without a
// mount namespace.
func (r *run) makeWorkdir() error {
	d := filepath.Join(r.s.dir, r.name)
	if err := os.Mkdir(d, 0o700); err != nil {
		return err
	}
	r.workdir = d
	if r.s.setuid {
		return os.Chown(d, r.uid, r.uid)
	}
	return nil
}

// removeAll removes dir, also when the program left directories its owner
// cannot list.
func removeAll(dir string) error {
	if os.RemoveAll(dir) == nil {
		return nil
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			os.Chmod(p, 0o700)
		}
		return nil
	})
	return os.RemoveAll(dir)
}

// openStdin returns the file the program reads: /dev/null, the caller's
// file, or a pipe fed from the caller's reader (piped).
func openStdin(in io.Reader) (f *os.File, piped bool, close func(), err error) {
	switch in := in.(type) {
	case nil:
		f, err := os.Open(os.DevNull)
		return f, false, func() { f.Close() }, err
	case *os.File:
		return in, false, func() {}, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, false, nil, err
	}
	go func() {
		// Ends when the input does or the program's side closes (EPIPE).
		io.Copy(pw, in)
		pw.Close()
	}()
	return pr, true, func() { pr.Close() }, nil
}

// givePipes gives the pipes the judge made for the program's stdin,
// stdout and stderr to the run's uid. A pipe is its creator's with mode
// 0600, and a program that opens its own standard streams by name
// (/dev/stdin, /proc/self/fd/0: fopen("/dev/stdin"), Node's
// fs.readFileSync('/dev/stdin')) opens the pipe anew, which only its
// owner may. The pipes are the run's alone; a caller's own stdin file is
// left as it is.
func (r *run) givePipes(pipes []*os.File) error {
	if !r.s.setuid {
		return nil // the program has the judge's uid, the pipes' owner
	}
	for _, p := range pipes {
		if err := unix.Fchown(int(p.Fd()), r.uid, r.uid); err != nil {
			return fmt.Errorf("giving the run its pipes: %w", err)
		}
	}
	return nil
}
