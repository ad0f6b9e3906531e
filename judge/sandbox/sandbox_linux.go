//go:build linux

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/piddir"
)

// A Sandbox runs programs. It is safe for concurrent use.
type Sandbox struct {
	// Set by New.
	iso     Isolation
	hier    hierarchy   // nil without cgroups
	groups  *groupQueue // the runs' cgroups, from hier
	ns      bool        // namespaces and a root of the program's own
	userns  bool        // ns inside a user namespace of our own (without root)
	attach  bool        // open_tree works, so helpers can serve several runs
	setuid  bool
	uid     int      // of slot 0
	allow   []string // Options.Allow
	deps    *depsCache
	dir     string      // ours: the roots' mount point, or degraded working dirs
	stack   unix.Rlimit // the judge's, for programs without a memory limit
	cpuWait string      // how runs' CPU wait is measured: see Isolation.CPUWait
	maxIdle int

	slots chan int // free run slots; slot i runs as uid+i
	seq   atomic.Uint64

	mu      sync.Mutex
	closed  bool
	running sync.WaitGroup
	idle    []*helperProc // helpers waiting for a run, the latest last
}

const cloneFlags = unix.CLONE_NEWNET | unix.CLONE_NEWPID | unix.CLONE_NEWNS | unix.CLONE_NEWIPC | unix.CLONE_NEWUTS

// New detects what the machine allows, within what opts asks for, and
// prepares for runs. What it could not get is listed in
// Isolation().Degraded.
func New(opts Options) (*Sandbox, error) {
	s := &Sandbox{uid: opts.UID, allow: opts.Allow, deps: newDepsCache()}
	if s.uid == 0 {
		s.uid = DefaultUID
	}
	n := opts.MaxParallel
	if n <= 0 {
		n = 64
	}
	s.slots = make(chan int, n)
	// Enough idle helpers for the runs the CPUs can do at once.
	s.maxIdle = min(n, max(4, 2*runtime.NumCPU()))
	for i := range n {
		s.slots <- i
	}
	root := os.Geteuid() == 0
	if err := unix.Getrlimit(unix.RLIMIT_STACK, &s.stack); err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	var degraded []string

	tmp := opts.TempDir
	if tmp == "" {
		tmp = os.TempDir()
	}
	piddir.RemoveDead(tmp, basePrefix)
	dir, err := piddir.Make(tmp, basePrefix)
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	// Programs without a mount namespace reach their working dirs here.
	if err := os.Chmod(dir, 0o711); err != nil {
		os.Remove(dir)
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	s.dir = dir

	switch {
	case opts.NoNamespaces:
		degraded = append(degraded, "namespaces: not asked for")
	case !root:
		// As bubblewrap does: a user namespace of our own, in which the
		// helper may build the program's root, if the kernel allows
		// unprivileged ones.
		s.ns, s.userns = true, true
	default:
		s.ns = true
	}
	switch {
	case opts.NoSetuid:
		degraded = append(degraded, "uid: not asked to change it")
	case !root:
		degraded = append(degraded, "uid: not root, programs run as the judge's uid, and share its per-uid kernel counts that no limit here bounds (epoll watches, pipe buffers)")
	default:
		s.setuid = true
	}
	if opts.NoCgroups {
		degraded = append(degraded, "cgroups: not asked for")
	} else if h, err := openHierarchy("/", !s.ns); err != nil {
		degraded = append(degraded, "cgroups: "+oneLine(err))
	} else {
		s.hier = h
	}
	if s.ns && !s.userns {
		// A helper serves several runs if it can be handed each run's
		// read-only paths as detached mounts (Linux 5.2+), which takes
		// CAP_SYS_ADMIN in the judge's mount namespace.
		if fd, err := unix.OpenTree(unix.AT_FDCWD, "/", unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC); err == nil {
			unix.Close(fd)
			s.attach = true
		}
	}
	// Run the helper once: it must be hooked into main, and a machine that
	// forbids namespaces should degrade here rather than fail every run.
	err = s.probe()
	if err != nil && s.ns && !errors.Is(err, errNoHelper) {
		what := "namespaces: "
		if s.userns {
			what = "namespaces: no user namespace: "
		}
		s.ns, s.attach, s.userns = false, false, false
		degraded = append(degraded, what+oneLine(err))
		if s.hier != nil && s.hier.version() == "v1" {
			// Killing a tree without a PID namespace wants the freezer.
			s.hier.close()
			if s.hier, err = openHierarchy("/", true); err != nil {
				degraded = append(degraded, "cgroups: "+oneLine(err))
			}
		}
		err = s.probe()
	}
	if err != nil {
		s.Close()
		return nil, err
	}
	if !s.ns {
		degraded = append(degraded,
			"root: no mount namespace, so no root built from an allowlist: the program sees every file the judge's user can, the tests included",
			"ipc: no IPC namespace, so SysV IPC objects (shmget, semget, msgget) are the host's and may outlive the program")
	}
	s.cpuWait = detectCPUWait(s.hier)
	if s.hier != nil {
		s.groups = newGroupQueue(s.hier, func() string { return "run-" + strconv.FormatUint(s.seq.Add(1), 10) }, s.maxIdle)
	}
	s.iso = s.isolation(degraded)
	return s, nil
}

func (s *Sandbox) isolation(degraded []string) Isolation {
	iso := Isolation{Cgroup: "none", UID: os.Getuid(), GID: os.Getgid(), Degraded: degraded}
	hasPids := false
	if s.hier != nil {
		iso.Cgroup = s.hier.version()
		iso.Controllers = s.hier.controllers()
		hasPids = slices.Contains(iso.Controllers, "pids")
		if !hasPids {
			iso.Degraded = append(iso.Degraded, "cgroups: no pids controller, processes limited by RLIMIT_NPROC")
		}
	}
	switch {
	case s.userns:
		iso.Namespaces = []string{"user", "net", "pid", "mnt", "ipc", "uts", "cgroup"}
	case s.ns:
		iso.Namespaces = []string{"net", "pid", "mnt", "ipc", "uts", "cgroup"}
	}
	iso.Seccomp = true
	if s.setuid {
		iso.UID, iso.GID, iso.UIDs = s.uid, s.uid, cap(s.slots)
	}
	iso.Rlimits = []string{"cpu"}
	if s.hier == nil {
		iso.Rlimits = append(iso.Rlimits, "data")
	}
	iso.Rlimits = append(iso.Rlimits, "fsize")
	if !hasPids {
		iso.Rlimits = append(iso.Rlimits, "nproc")
	}
	iso.Rlimits = append(iso.Rlimits, "stack", "core", "nofile", "sigpending", "msgqueue")
	iso.CPUWait = s.cpuWait
	if s.cpuWait == "" {
		iso.Degraded = append(iso.Degraded, unmeasuredWait+" (no schedstat, no cgroup v2 cpu.pressure)")
	}
	return iso
}

// oneLine returns err's message with joined errors separated by "; ".
func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", "; ") }

// Isolation returns what is in force for each run.
func (s *Sandbox) Isolation() Isolation { return s.iso }

// Close waits for running runs to finish and removes the cgroups and
// directory the Sandbox made.
func (s *Sandbox) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	s.running.Wait()
	s.closeIdle()
	var errs []error
	if s.groups != nil {
		errs = append(errs, s.groups.close())
	}
	if s.hier != nil {
		errs = append(errs, s.hier.close())
	}
	errs = append(errs, os.RemoveAll(s.dir))
	return errors.Join(errs...)
}

// acquire takes a run slot, waiting for one if MaxParallel runs are going.
// When runs change uid, the slot's uid is also locked against other judge
// processes (a lock file per uid): two judges must never run programs under
// the same uid at once, or one program could signal or trace the other's.
// The returned unlock releases that lock.
func (s *Sandbox) acquire(ctx context.Context) (slot int, unlock func(), err error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return 0, nil, errors.New("sandbox: closed")
	}
	s.running.Add(1)
	s.mu.Unlock()
	for tries := 0; ; tries++ {
		select {
		case slot = <-s.slots:
		case <-ctx.Done():
			s.running.Done()
			return 0, nil, ctx.Err()
		}
		if !s.setuid {
			return slot, func() {}, nil
		}
		lock, err := lockUID(s.uid + slot)
		if err == nil {
			return slot, func() { lock.Close() }, nil
		}
		// Another judge has it: try the next free slot, and once every
		// slot has been tried, wait a little for the other judge.
		s.slots <- slot
		if !errors.Is(err, unix.EWOULDBLOCK) {
			s.running.Done()
			return 0, nil, fmt.Errorf("sandbox: locking uid %d: %w", s.uid+slot, err)
		}
		if tries%cap(s.slots) == cap(s.slots)-1 {
			select {
			case <-time.After(10 * time.Millisecond):
			case <-ctx.Done():
				s.running.Done()
				return 0, nil, ctx.Err()
			}
		}
	}
}

func (s *Sandbox) release(slot int, unlock func()) {
	unlock()
	s.slots <- slot
	s.running.Done()
}

// uidLockDir returns the directory holding one lock file per uid in use by
// some judge on the machine. Only root changes uids, and /run is root's and
// not on disk; a machine without it (an initramfs) uses /tmp.
func uidLockDir() string {
	if fi, err := os.Stat("/run"); err == nil && fi.IsDir() {
		return "/run/sudoku-sandbox-uids"
	}
	return "/tmp/sudoku-sandbox-uids"
}

// lockUID takes the machine-wide lock of uid, or fails with EWOULDBLOCK if
// another judge holds it. The lock goes with the file's close, also when
// the judge dies.
func lockUID(uid int) (*os.File, error) {
	dir := uidLockDir()
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, strconv.Itoa(uid)), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
