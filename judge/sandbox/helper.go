//go:build linux

package sandbox

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The helper is a copy of the judge's executable started with argv[0] ==
// helperArg0 and a unix socket as fd 3. On the socket it receives runs: a
// 4-byte big-endian length carrying SCM_RIGHTS (the program's stdin,
// stdout and stderr, then the files the helperConfig refers to by index),
// then that many bytes of helperConfig as JSON. For each it prepares the
// program's world, starts the program with the limits in force, waits for
// it and answers with helperMsgs, one JSON object a line. With a PID
// namespace it can stay for further runs (helperConfig.Keep); otherwise it
// exits after one.
const (
	helperArg0   = "sudoku-sandbox-helper"
	controlFD    = 3
	helperFailed = 121 // exit code of a helper whose setup failed
	maxFiles     = 64  // files a run may pass
)

type helperConfig struct {
	Probe bool // set up, report started, and exit without running anything
	Keep  bool // after the program, kill what is left and wait for another run

	Path       string
	Argv       []string
	Env        []string
	Dir        string
	Setuid     bool
	UID, GID   int
	Rlimits    []rlimit
	Cloneflags uintptr // for the program: CLONE_NEWIPC when the helper is reused
	AllowLocks bool    // leave file locks out of the seccomp filter
	DropCaps   bool    // the program keeps the helper's uid 0 (in a user namespace) but no capabilities
	Trace      bool    // trace the program's memory calls and exit (without cgroups; see trace.go)
	Hostname   string
	Root       *rootConfig // nil: no mount namespace
	Cgroup     helperCgroup
}

// helperCgroup says how the program enters its cgroup. Its fields index
// the files received with the run; -1 or empty means none. The helper
// itself stays out, so that neither its threads nor its memory count.
type helperCgroup struct {
	// Tasks are v1 tasks files the forking thread moves into for the fork,
	// in order; Home are those it moves back to, in order (for the v2
	// fallback, cgroup.procs files).
	Tasks, Home []int
	// Dir is the v2 cgroup the program is cloned into (CLONE_INTO_CGROUP);
	// Procs is its cgroup.procs, for kernels without that.
	Dir, Procs int
}

type rlimit struct {
	Resource int
	Cur, Max uint64
}

type helperMsg struct {
	Error   string    `json:",omitempty"` // setup failed; the helper exits
	Started bool      `json:",omitempty"` // the program is running
	Exit    *exitInfo `json:",omitempty"` // the program ended
}

type exitInfo struct {
	Status uint32 // wait status
	WallNS int64  // from the fork to the exit
	UserNS int64  // rusage of the program and the descendants it waited for
	SysNS  int64
	MaxRSS int64 // bytes
	// RunDelayNS is how long the program's own task waited for a CPU,
	// read after its end and before it was reaped; 0 if unknown.
	RunDelayNS int64 `json:",omitempty"`
	// Refused reports an allocation of the traced program failed for
	// want of memory (RLIMIT_DATA).
	Refused bool `json:",omitempty"`

	HelperNS int64 // the helper's own CPU time so far
}

// IsHelper reports whether this process was started by a Sandbox as its
// helper. See the package documentation.
func IsHelper() bool {
	return len(os.Args) > 0 && os.Args[0] == helperArg0
}

func init() {
	if IsHelper() {
		// The helper moves its forking thread between cgroups and relies
		// on that thread to fork the program, so it must stay on one
		// thread; an init function's LockOSThread locks main to the main
		// thread.
		runtime.LockOSThread()
		// The memory profiler's buckets come from fresh mappings, which
		// fail once a run's RLIMIT_DATA binds the helper too.
		runtime.MemProfileRate = 0
		// Start right away: the embedding program's packages that
		// initialize after this one (most, in a large binary) need not.
		RunHelper()
	}
}

// RunHelper is the helper's main function; it never returns. Call it first
// thing in main when IsHelper reports true.
func RunHelper() {
	// Whatever the judge inherited from its own parent and passed on (an
	// fd a shell, CI runner or IDE leaked) must not reach the program.
	closeOnExecFrom(controlFD)
	enc := json.NewEncoder(fdWriter(controlFD))
	// Encode each message type once now: the encoder caches what it learns
	// of a type, and after a run's rlimits bind the helper too it should
	// allocate as little as possible.
	json.NewEncoder(io.Discard).Encode(helperMsg{Error: "-", Started: true, Exit: &exitInfo{}})
	var h helper
	for {
		cfg, files, err := receive(controlFD)
		if err == errNoRun {
			os.Exit(0)
		}
		if err == nil {
			err = h.run(cfg, files, runReport{
				started: func() error { return enc.Encode(helperMsg{Started: true}) },
				exited:  func(e *exitInfo) error { return enc.Encode(helperMsg{Exit: e}) },
			})
		}
		if err != nil {
			enc.Encode(helperMsg{Error: err.Error()})
			os.Exit(helperFailed)
		}
		if !cfg.Keep {
			os.Exit(0)
		}
	}
}

// errNoRun means the judge closed the socket instead of sending a run.
var errNoRun = errors.New("no run")

// receive reads a run from the control socket.
func receive(fd int) (*helperConfig, []int, error) {
	var hdr [4]byte
	oob := make([]byte, unix.CmsgSpace(maxFiles*4))
	n, oobn, _, _, err := unix.Recvmsg(fd, hdr[:], oob, unix.MSG_CMSG_CLOEXEC)
	for err == unix.EINTR {
		n, oobn, _, _, err = unix.Recvmsg(fd, hdr[:], oob, unix.MSG_CMSG_CLOEXEC)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("receiving a run: %w", err)
	}
	if n == 0 {
		return nil, nil, errNoRun
	}
	var files []int
	cmsgs, err := unix.ParseSocketControlMessage(oob[:oobn])
	if err != nil {
		return nil, nil, fmt.Errorf("receiving a run: %w", err)
	}
	for i := range cmsgs {
		fds, err := unix.ParseUnixRights(&cmsgs[i])
		if err != nil {
			return nil, nil, fmt.Errorf("receiving a run: %w", err)
		}
		files = append(files, fds...)
	}
	if err := readFull(fd, hdr[n:]); err != nil {
		return nil, nil, fmt.Errorf("receiving a run: %w", err)
	}
	data := make([]byte, binary.BigEndian.Uint32(hdr[:]))
	if err := readFull(fd, data); err != nil {
		return nil, nil, fmt.Errorf("receiving a run: %w", err)
	}
	cfg := new(helperConfig)
	if err := json.Unmarshal(data, cfg); err != nil {
		return nil, nil, fmt.Errorf("receiving a run: %w", err)
	}
	if len(files) < 3 {
		return nil, nil, fmt.Errorf("receiving a run: %d files, want stdio at least", len(files))
	}
	return cfg, files, nil
}

func readFull(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := unix.Read(fd, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		if n == 0 {
			return errors.New("unexpected EOF")
		}
		b = b[n:]
	}
	return nil
}

// fdWriter writes to a blocking file descriptor.
type fdWriter int

func (w fdWriter) Write(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := unix.Write(int(w), b[n:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return n, err
		}
		n += m
	}
	return n, nil
}

// A helper is the state the helper keeps between runs.
type helper struct {
	rootBuilt bool
	users     string // the run's user, as the root's /etc/passwd names it
	hostname  bool
	forker    *forker // nil until a run can use one
}

// A runReport sends the judge a run's messages.
type runReport struct {
	started func() error          // the program is running
	exited  func(*exitInfo) error // the program ended and its tree is gone
}

// run does one run and reports it.
func (h *helper) run(cfg *helperConfig, files []int, report runReport) error {
	// The run's files are closed when it ends, also those the program
	// inherited: the judge sees the end of its output only once nobody
	// holds the pipes.
	defer func() {
		for _, f := range files {
			unix.Close(f)
		}
	}()
	file := func(i int) int {
		if i < 0 || i >= len(files) {
			return -1
		}
		return files[i]
	}
	if cfg.Hostname != "" && !h.hostname {
		if err := unix.Sethostname([]byte(cfg.Hostname)); err != nil {
			return fmt.Errorf("sethostname: %w", err)
		}
		h.hostname = true
	}
	if cfg.Root != nil {
		if !h.rootBuilt {
			if err := buildRoot(cfg.Root); err != nil {
				return err
			}
			h.rootBuilt = true
		}
		mounts, err := mountRun(cfg.Root, file, &h.users)
		defer unmountRun(mounts)
		if err != nil {
			return err
		}
	}
	if cfg.Probe {
		return report.started()
	}
	sys := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Cloneflags: cfg.Cloneflags}
	if cfg.Setuid {
		sys.Credential = &syscall.Credential{Uid: uint32(cfg.UID), Gid: uint32(cfg.GID), Groups: []uint32{}}
	}
	attr := &syscall.ProcAttr{
		Dir:   cfg.Dir,
		Env:   cfg.Env,
		Files: []uintptr{uintptr(files[0]), uintptr(files[1]), uintptr(files[2])},
		Sys:   sys,
	}
	cg := cgroupFiles{dir: file(cfg.Cgroup.Dir), procs: file(cfg.Cgroup.Procs)}
	for _, i := range cfg.Cgroup.Tasks {
		cg.tasks = append(cg.tasks, file(i))
	}
	for _, i := range cfg.Cgroup.Home {
		cg.home = append(cg.home, file(i))
	}

	// A helper that serves further runs forks each program from a thread
	// other than its main one, which stays free of the filter to mount for
	// later runs: its forker (see forker), or for a run the forker cannot
	// serve, a thread of the run's own, which takes on the filter,
	// no_new_privs, the IPC namespace and a new session keyring and ends
	// with the run. The forking thread also waits for the program, as
	// Pdeathsig fires when the thread that forked it ends. A helper that
	// serves one run forks from its main thread, on which the Go runtime
	// needs no new thread while the program's rlimits (RLIMIT_DATA among
	// them) bind the helper too.
	afterFork := func() error {
		// The program holds its copies; the helper's go now, so that the
		// judge sees the end of the output once the program's tree is
		// gone.
		for _, f := range files[:3] {
			unix.Close(f)
		}
		files = files[3:]
		return report.started()
	}
	// The thread that reaped the program reports its end at once: the
	// judge's accounting and clean-up need not wait for this run's
	// unmounts, nor for the forking thread's end. A later run's message
	// waits in the socket meanwhile.
	var fk *forker
	forkReport := func() error {
		exit, err := forkAndWait(cfg, attr, &cg, fk, afterFork)
		if err != nil {
			return err
		}
		var ru unix.Rusage
		unix.Getrusage(unix.RUSAGE_SELF, &ru)
		exit.HelperNS = ru.Utime.Nano() + ru.Stime.Nano()
		return report.exited(exit)
	}
	if !cfg.Keep {
		return forkReport()
	}
	done := make(chan error, 1)
	if forkerServes(cfg) {
		if h.forker == nil {
			h.forker = newForker()
		}
		fk = h.forker
		fk.runs <- func(err error) {
			if err != nil {
				done <- err
				return
			}
			done <- forkReport()
		}
		return <-done
	}
	go func() {
		runtime.LockOSThread() // never unlocked: the thread dies with the goroutine
		done <- forkReport()
	}()
	return <-done
}

// A forker is a helper's thread, kept for the helper's life, that forks
// the programs of the runs it can serve. Its filter is installed once:
// installing one costs the kernel about 0.2 ms, and a thread's start and
// end as much again. It cannot unshare what each program needs fresh, so
// the fork makes the IPC and cgroup namespaces (clone flags, which its
// filter allows it; see filterKind.forker) and it joins a new session
// keyring before each fork.
type forker struct {
	runs     chan func(error) // each is run on the thread, with the error that keeps it from forking
	cgroupNS uintptr          // CLONE_NEWCGROUP, or 0 where the kernel has no cgroup namespaces
}

// forkerServes reports whether a forker can fork cfg's program: one under
// its filter, in a box with cgroups, from a helper that keeps its
// capabilities (one in a user namespace drops them for the program and
// could not make namespaces after).
func forkerServes(cfg *helperConfig) bool {
	return cfg.Keep && !cfg.AllowLocks && !cfg.Trace && !cfg.DropCaps && cfg.Cloneflags == unix.CLONE_NEWIPC
}

// newForker starts the forker's thread. Should its filter fail to install,
// every run it is given fails with that error.
func newForker() *forker {
	f := &forker{runs: make(chan func(error))}
	if _, err := os.Stat("/proc/self/ns/cgroup"); err == nil { // Linux 4.6+
		f.cgroupNS = unix.CLONE_NEWCGROUP
	}
	go func() {
		runtime.LockOSThread() // never unlocked: the thread keeps the filter
		// File locks refused, nothing traced: see forkerServes.
		err := filterThread(filterKind{forker: true})
		for run := range f.runs {
			run(err)
		}
	}()
	return f
}

// forkAndWait starts the program on the calling thread, which it confines
// first, and waits for it. With cfg.Keep it also kills whatever the program
// left in the PID namespace.
//
// On a forker (fk not nil), the thread is under its filter already, and the
// fork makes the namespaces.
func forkAndWait(cfg *helperConfig, attr *syscall.ProcAttr, cg *cgroupFiles, fk *forker, started func() error) (*exitInfo, error) {
	if fk != nil {
		if cg.used() {
			attr.Sys.Cloneflags |= fk.cgroupNS
		}
	} else if f := attr.Sys.Cloneflags; f != 0 {
		// The filter refuses namespace flags to clone, this one's
		// included: the thread takes the new namespaces on itself and
		// the program inherits them.
		if err := unix.Unshare(int(f)); err != nil {
			return nil, fmt.Errorf("unshare: %w", err)
		}
		attr.Sys.Cloneflags = 0
	}
	if !cfg.Keep {
		// The helper keeps the program's hard RLIMIT_DATA until it exits
		// and may be near it already: free what setting up left, so that
		// the little it allocates later needs no new memory.
		runtime.GC()
	}
	// rlimits are inherited, so the helper takes them on for the fork and
	// gives back what it can: lowered hard limits stay lowered. A traced
	// program instead gets them from the tracer at its exec stop, before
	// its first instruction: with RLIMIT_DATA as the memory limit, the
	// helper's own Go runtime could not start a thread under them (its
	// thread stacks count), and the run was an IE now and then. (Only a
	// program of the helper's own uid: another uid's limits take
	// CAP_SYS_RESOURCE, which the helper may have dropped.)
	afterExec := cfg.Trace && attr.Sys.Credential == nil
	var saved []rlimit
	if !afterExec {
		var err error
		if saved, err = setRlimits(cfg.Rlimits); err != nil {
			return nil, err
		}
	}
	restored := false
	restore := func() {
		if !afterExec && !restored {
			setRlimits(saved)
			restored = true
		}
	}
	defer restore() // should setting up fail
	if cfg.Trace {
		attr.Sys.Ptrace = true
	}
	// Both clocks start here: from now on the forking thread is in the
	// run's cgroup, whose CPU time is the program's, so the wall time
	// covers the same span and a one-threaded program's CPU time is never
	// more than its wall time. What the helper does in between (a cgroup
	// namespace, dropping capabilities, the filter, the fork) is a few
	// system calls.
	if fk != nil {
		// The scheduler charges a thread's CPU time to its cgroup of the
		// moment it next accounts, so the forker's time since then (the
		// last run's end) would count for this program: have it account
		// now, while the thread is still outside.
		unix.Syscall(unix.SYS_SCHED_YIELD, 0, 0, 0)
	}
	begin := time.Now()
	if err := cg.enter(fk == nil); err != nil {
		return nil, err
	}
	// Should the fork fail, the helper's threads count too; the program
	// is in its cgroup either way.
	defer cg.leave()
	if fk != nil {
		if err := newSessionKeyring(); err != nil {
			return nil, err
		}
	} else {
		if cfg.DropCaps {
			if err := dropCaps(); err != nil {
				return nil, err
			}
		}
		if err := confineThread(filterKind{allowLocks: cfg.AllowLocks, trace: cfg.Trace}); err != nil {
			return nil, err
		}
	}
	pid, err := syscall.ForkExec(cfg.Path, cfg.Argv, attr)
	cg.leave()
	restore()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", cfg.Path, err)
	}
	if err := started(); err != nil {
		return nil, err
	}
	var exit *exitInfo
	if cfg.Trace {
		var late []rlimit
		if afterExec {
			late = cfg.Rlimits
		}
		exit, err = reapTraced(pid, begin, late)
	} else {
		exit, err = reap(pid, begin)
	}
	if err != nil {
		return nil, err
	}
	if cfg.Keep {
		// As the PID namespace's init the helper sees the whole tree.
		// (One that exits has the kernel kill the rest instead.)
		killAll()
	}
	return exit, nil
}

// closeOnExecFrom marks every file descriptor from fd up close-on-exec.
func closeOnExecFrom(fd int) {
	if unix.CloseRange(uint(fd), ^uint(0), unix.CLOSE_RANGE_CLOEXEC) == nil {
		return
	}
	// Before Linux 5.11.
	ents, _ := os.ReadDir("/proc/self/fd")
	for _, e := range ents {
		if n, err := strconv.Atoi(e.Name()); err == nil && n >= fd {
			unix.CloseOnExec(n)
		}
	}
}

// reap waits for the program, reaping the orphans that come to the helper
// as the PID namespace's init meanwhile. Once the program has ended, and
// before it is reaped, it reads how long the program waited for a CPU: a
// zombie keeps its schedstat.
func reap(pid int, begin time.Time) (*exitInfo, error) {
	for {
		// Some child has ended, the program or an orphan: wait for it
		// without reaping it.
		var si unix.Siginfo
		err := unix.Waitid(unix.P_ALL, 0, &si, unix.WEXITED|unix.WNOWAIT, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("wait: %w", err)
		}
		wall := time.Since(begin)
		// Reap the program if it is the one, after reading its delay;
		// else an orphan (or the program, should it end just now,
		// without its delay).
		var delay time.Duration
		wait, opts := -1, unix.WNOHANG
		si = unix.Siginfo{}
		if unix.Waitid(unix.P_PID, pid, &si, unix.WEXITED|unix.WNOWAIT|unix.WNOHANG, nil) == nil && si.Signo != 0 {
			delay, _ = readRunDelay(pid)
			wait, opts = pid, 0
		}
		var ws unix.WaitStatus
		var ru unix.Rusage
		wpid, err := unix.Wait4(wait, &ws, opts, &ru)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("wait: %w", err)
		}
		if wpid == pid {
			exit := &exitInfo{
				Status: uint32(ws),
				WallNS: int64(wall),
				UserNS: ru.Utime.Nano(),
				SysNS:  ru.Stime.Nano(),
				MaxRSS: ru.Maxrss << 10,
			}
			exit.RunDelayNS = int64(delay)
			return exit, nil
		}
	}
}

// killAll kills every other process in the helper's PID namespace and
// reaps them. Killing again after each reap catches what forked meanwhile.
func killAll() {
	for {
		unix.Kill(-1, unix.SIGKILL)
		_, err := unix.Wait4(-1, nil, 0, nil)
		if err != nil && err != unix.EINTR {
			return // ECHILD: none left
		}
	}
}

func setRlimits(rs []rlimit) (saved []rlimit, err error) {
	for _, r := range rs {
		var old unix.Rlimit
		if err := unix.Getrlimit(r.Resource, &old); err != nil {
			return saved, fmt.Errorf("getrlimit %d: %w", r.Resource, err)
		}
		saved = append(saved, rlimit{r.Resource, old.Cur, old.Max})
		lim := unix.Rlimit{Cur: r.Cur, Max: r.Max}
		err := unix.Setrlimit(r.Resource, &lim)
		if err == unix.EPERM && lim.Max > old.Max {
			// Raising a hard limit takes CAP_SYS_RESOURCE, which even
			// root may lack. What is already lower bounds the program as
			// well, and the judge gives a reused helper only runs whose
			// limits are no higher.
			lim.Max = old.Max
			lim.Cur = min(lim.Cur, lim.Max)
			err = unix.Setrlimit(r.Resource, &lim)
		}
		if err != nil {
			return saved, fmt.Errorf("setrlimit %d: %w", r.Resource, err)
		}
	}
	return saved, nil
}

// cgroupFiles are the cgroup files of a run, as received.
type cgroupFiles struct {
	tasks, home []int // v1 tasks files, or for the v2 fallback cgroup.procs
	dir, procs  int   // v2; -1 if unused
}

// enter moves the forking thread (v1) or the helper (v2) into the run's
// cgroup, and with unshareNS, the thread into a cgroup namespace rooted
// there, so that /proc/self/cgroup shows the program no host path (a
// forker's fork makes that namespace instead). leave moves back; the
// program forked in between stays. (CLONE_INTO_CGROUP would spare v2 the
// move, but it takes clone3, which the filter refuses.)
func (f *cgroupFiles) enter(unshareNS bool) error {
	if f.dir >= 0 {
		f.tasks = []int{f.procs}
	}
	if len(f.tasks) == 0 {
		return nil
	}
	if err := moveTo(f.tasks); err != nil {
		f.leave()
		return fmt.Errorf("entering cgroup: %w", err)
	}
	if !unshareNS {
		return nil
	}
	if err := unix.Unshare(unix.CLONE_NEWCGROUP); err != nil && err != unix.EINVAL {
		f.leave()
		return fmt.Errorf("cgroup namespace: %w", err)
	}
	return nil
}

// used reports whether the run has a cgroup to enter.
func (f *cgroupFiles) used() bool { return f.dir >= 0 || len(f.tasks) > 0 }

func (f *cgroupFiles) leave() { moveTo(f.home) }

// moveTo writes "0", meaning the writer (the thread, for v1 tasks files),
// to each file.
func moveTo(fds []int) error {
	for _, fd := range fds {
		if fd < 0 {
			return errors.New("cgroup file missing")
		}
		if _, err := unix.Write(fd, []byte("0")); err != nil {
			return err
		}
	}
	return nil
}
