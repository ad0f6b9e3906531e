//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// config returns what the helper needs for the run, and the files to send
// with it: stdin, stdout and stderr, then those the config refers to. The
// caller closes all but the first three.
func (r *run) config(stdin, stdout, stderr *os.File) (*helperConfig, []*os.File, error) {
	s, spec := r.s, r.spec
	dir := boxDir
	if !s.ns {
		dir = r.workdir
	}
	argv := []string{r.inBox(spec.Path)}
	for _, a := range spec.Args {
		argv = append(argv, r.inBox(a))
	}
	c := &helperConfig{
		Path:       argv[0],
		Argv:       argv,
		Env:        append([]string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + dir, "LANG=C.UTF-8"}, spec.Env...),
		Dir:        dir,
		Setuid:     s.setuid,
		UID:        r.uid,
		GID:        r.uid,
		Rlimits:    r.rlimits(),
		Cgroup:     helperCgroup{Dir: -1, Procs: -1},
		AllowLocks: spec.AllowLocks,
		DropCaps:   s.userns,
		Trace:      r.cg == nil,
	}
	if !s.setuid {
		c.GID = os.Getgid()
	}
	if s.setuid {
		for _, p := range spec.Writable {
			if err := os.Chown(p, r.uid, r.uid); err != nil {
				return nil, nil, fmt.Errorf("writable path: %w", err)
			}
		}
	}
	files := []*os.File{stdin, stdout, stderr}
	add := func(f *os.File) int {
		files = append(files, f)
		return len(files) - 1
	}
	fail := func(err error) (*helperConfig, []*os.File, error) {
		for _, f := range files[3:] {
			f.Close()
		}
		return nil, nil, err
	}
	if r.cg != nil {
		e := r.cg.enter()
		// Opened as plain blocking descriptors: os.OpenFile would add each
		// to the runtime's poller, and Fd take it out again.
		open := func(name string, flag int) (int, error) {
			fd, err := unix.Open(name, flag|unix.O_CLOEXEC, 0)
			if err != nil {
				return -1, &os.PathError{Op: "open", Path: name, Err: err}
			}
			return add(os.NewFile(uintptr(fd), name)), nil
		}
		for _, p := range e.Tasks {
			i, err := open(p, os.O_WRONLY)
			if err != nil {
				return fail(err)
			}
			c.Cgroup.Tasks = append(c.Cgroup.Tasks, i)
		}
		for _, p := range e.Home {
			i, err := open(p, os.O_WRONLY)
			if err != nil {
				return fail(err)
			}
			c.Cgroup.Home = append(c.Cgroup.Home, i)
		}
		var err error
		if e.Dir != "" {
			if c.Cgroup.Dir, err = open(e.Dir, os.O_RDONLY); err != nil {
				return fail(err)
			}
		}
		if e.Procs != "" {
			if c.Cgroup.Procs, err = open(e.Procs, os.O_WRONLY); err != nil {
				return fail(err)
			}
		}
	}
	if s.ns {
		c.Hostname = "sandbox"
		// A fresh SysV IPC namespace for each program, as a helper serves
		// several.
		c.Cloneflags = unix.CLONE_NEWIPC
		// With cgroups, which leave rlimits only as backstops, so that
		// an RLIMIT_DATA cannot starve the helper.
		c.Keep = s.attach && s.hier != nil
		allow, perRun, err := r.allowed()
		if err != nil {
			return fail(err)
		}
		c.Root = &rootConfig{
			Mountpoint: s.dir,
			Allow:      allow,
			Hide:       spec.Hide,
			UID:        c.UID,
			GID:        c.GID,
			// Files written count against the memory limit too; this
			// leaves RLIMIT_FSIZE to stop the one big file first.
			Size: 2 * r.limits.Output,
		}
		if s.userns {
			// The program is the namespace's uid 0, without capabilities:
			// the judge's own uid outside. Device nodes cannot be made
			// there, and the root it shares with the helper must be
			// read-only to it.
			c.Root.UID, c.Root.GID = 0, 0
			c.Root.Devices = true
			c.Root.ReadOnlyRoot = true
		}
		type path struct {
			name, box string
			writable  bool
		}
		var paths []path
		if spec.Program != "" {
			// Copied for the run, not bound: a bind's source path shows
			// in /proc/self/mountinfo. A program larger than the memory
			// limit was judged MLE by checkExecutable already.
			fd, err := unix.Open(spec.Program, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
			if err != nil {
				return fail(fmt.Errorf("program: %w", &os.PathError{Op: "open", Path: spec.Program, Err: err}))
			}
			dir := os.NewFile(uintptr(fd), spec.Program)
			if !s.attach {
				// A helper that serves this run alone copies it.
				c.Root.Program, c.Root.ProgramSize = add(dir), r.limits.Memory
			} else {
				// A helper that serves several keeps the last program it
				// was given: see run.stage.
				var st unix.Stat_t
				if err := unix.Fstat(fd, &st); err != nil {
					dir.Close()
					return fail(fmt.Errorf("program %s: %w", spec.Program, err))
				}
				r.prog, r.progKey = dir, fmt.Sprint(st.Dev, st.Ino, st.Mtim.Nano())
				c.Root.Cached = true
			}
		}
		for _, p := range slices.Concat(perRun, spec.ReadOnly) {
			paths = append(paths, path{p, p, false})
		}
		for _, p := range spec.Writable {
			paths = append(paths, path{p, p, true})
		}
		for _, p := range paths {
			if !filepath.IsAbs(p.name) {
				return fail(fmt.Errorf("path %q is not absolute", p.name))
			}
			box := filepath.Clean(p.box)
			if !s.attach {
				c.Root.Binds = append(c.Root.Binds, bind{Path: p.name, Box: box, FD: -1, Writable: p.writable})
				continue
			}
			// A detached copy of the mount, which the helper attaches in
			// its own namespace: it no longer sees the host's.
			fd, err := unix.OpenTree(unix.AT_FDCWD, p.name, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
			if err != nil {
				return fail(fmt.Errorf("path %s: %w", p.name, err))
			}
			c.Root.Binds = append(c.Root.Binds, bind{Path: filepath.Clean(p.name), Box: box, FD: add(os.NewFile(uintptr(fd), p.name)), Writable: p.writable})
		}
	}
	return c, files, nil
}

// under reports whether path p is one of dirs or below one.
func under(p string, dirs []string) bool {
	p = filepath.Clean(p)
	for _, d := range dirs {
		d = filepath.Clean(d)
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// rlimits returns the rlimits the program starts with. It gives every
// rlimit the sandbox manages a value, "no limit" included, as a reused
// helper may have lowered some for an earlier run.
func (r *run) rlimits() []rlimit {
	const inf = unix.RLIM_INFINITY
	l := r.budget()
	var rs []rlimit
	set := func(res int, cur, max uint64) { rs = append(rs, rlimit{res, cur, max}) }
	if l.CPUTime > 0 {
		// A backstop behind the polling: SIGXCPU a second after the
		// limit, SIGKILL a second later.
		sec := uint64((l.CPUTime+time.Second-1)/time.Second) + 1
		set(unix.RLIMIT_CPU, sec, sec+1)
	} else {
		set(unix.RLIMIT_CPU, inf, inf)
	}
	if r.cg == nil {
		if l.Memory > 0 {
			// A backstop only: the limit is on the resident peak, which
			// the judge polls (see watch). Runtimes reserve far more
			// address space than they touch (a JVM with -Xmx256m has 635
			// MiB of data mappings at 35 MiB resident; every thread's
			// stack counts), so RLIMIT_DATA at the limit itself failed
			// Java, Node and rustc however little they used.
			n := uint64(dataBackstop(l.Memory))
			set(unix.RLIMIT_DATA, n, n)
		} else {
			set(unix.RLIMIT_DATA, inf, inf)
		}
	}
	set(unix.RLIMIT_FSIZE, uint64(l.Output), uint64(l.Output))
	if !slices.Contains(r.s.iso.Controllers, "pids") {
		n := uint64(l.Processes)
		if !r.s.setuid {
			// The uid is shared with the judge and everything else it
			// runs, which count too.
			n += uint64(countProcesses(r.uid))
		}
		set(unix.RLIMIT_NPROC, n, n)
	}
	if l.Memory > 0 {
		// Deep recursion is legitimate; the memory limit bounds it. But
		// the stack rlimit is also every new thread's default stack size,
		// reserved whole, which RLIMIT_DATA counts: without a cgroup it is
		// capped so that a runtime's threads fit under the backstop.
		n := uint64(l.Memory)
		if r.cg == nil {
			n = min(n, maxStackWithoutCgroup)
		}
		set(unix.RLIMIT_STACK, n, n)
	} else {
		set(unix.RLIMIT_STACK, r.s.stack.Cur, r.s.stack.Max)
	}
	set(unix.RLIMIT_CORE, 0, 0)
	// Kernel resources counted per machine or per real uid (which, without
	// a uid of the run's own, is the judge's): descriptors fill the
	// machine's file table (fs.file-max) whatever they are (eventfd,
	// timerfd, pipes), RT signals queue against the uid's pending count,
	// and message queues (refused by the filter too) against its bytes.
	set(unix.RLIMIT_NOFILE, maxOpenFiles, maxOpenFiles)
	set(unix.RLIMIT_SIGPENDING, maxSigPending, maxSigPending)
	set(unix.RLIMIT_MSGQUEUE, 0, 0)
	return rs
}

// maxOpenFiles is RLIMIT_NOFILE in the box: the usual soft limit, which
// contest programs and the toolchains (go build, javac, V8) live within,
// made hard, so that the processes of one run hold at most
// Limits.Processes times as many open files.
const maxOpenFiles = 1024

// maxSigPending bounds the signals queued to a program's processes
// (RLIMIT_SIGPENDING: realtime signals, sigqueue), which count against its
// real uid's.
const maxSigPending = 256

// maxStackWithoutCgroup caps the stack rlimit when RLIMIT_DATA is in force.
const maxStackWithoutCgroup = 64 << 20

// dataBackstop is RLIMIT_DATA for a memory limit enforced without a cgroup:
// room for a runtime's reservations, yet a bound on what a program can
// take before the judge's polling sees it.
func dataBackstop(memory int64) int64 { return 2*memory + 1<<30 }

// countProcesses counts the processes of uid, approximately: threads
// count towards RLIMIT_NPROC too.
func countProcesses(uid int) int {
	ents, _ := os.ReadDir("/proc")
	n := 0
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		var st unix.Stat_t
		if unix.Stat("/proc/"+e.Name(), &st) == nil && int(st.Uid) == uid {
			n++
		}
	}
	return n
}
