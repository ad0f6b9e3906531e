//go:build linux

package sandbox

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A helperProc is a started helper. Starting one (a Go runtime, and new
// namespaces) is most of the cost of a run, so with a PID namespace, where
// a helper can clear up after a program, the Sandbox keeps idle helpers
// for later runs.
type helperProc struct {
	cmd    *exec.Cmd
	ctl    *net.UnixConn
	msgs   chan helperMsg // closed when the helper exits
	stderr *captured      // the helper's own, for when it crashes

	// hard holds the hard rlimits the helper has lowered for its runs: it
	// cannot raise them again without CAP_SYS_RESOURCE.
	hard map[int]uint64
	cpu  time.Duration // its own CPU time, as of its last run
	// root names the allowed paths its root holds, built for its first
	// run: it serves only runs that allow the same.
	root string
	// prog names the program it keeps (run.progKey), if any.
	prog string
}

// startHelper starts a helper with clone flags flags; with CLONE_NEWUSER,
// as root of a user namespace in which only the judge's uid and gid are
// mapped (to 0).
func startHelper(flags uintptr) (*helperProc, error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("socketpair: %w", err)
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "control"), os.NewFile(uintptr(fds[1]), "control")
	defer theirs.Close()
	errR, errW, err := os.Pipe()
	if err != nil {
		ours.Close()
		return nil, err
	}
	defer errW.Close()
	cmd := &exec.Cmd{
		Path: "/proc/self/exe",
		Args: []string{helperArg0},
		// The helper allocates little: spare it the garbage collector and
		// the probing of CPU limits at start-up.
		Env:        []string{"GOMAXPROCS=1", "GOGC=off"},
		Stderr:     errW,
		ExtraFiles: []*os.File{theirs}, // fd 3
		SysProcAttr: &syscall.SysProcAttr{
			Cloneflags: flags,
			Setpgid:    true,
			Pdeathsig:  syscall.SIGKILL, // if the judge dies, so does the run
		},
	}
	if flags&unix.CLONE_NEWUSER != 0 {
		cmd.SysProcAttr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}}
		cmd.SysProcAttr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}}
		cmd.SysProcAttr.GidMappingsEnableSetgroups = false
	}
	if err := cmd.Start(); err != nil {
		ours.Close()
		errR.Close()
		return nil, err
	}
	h := &helperProc{cmd: cmd, msgs: make(chan helperMsg), stderr: capture(errR, 4096, nil), hard: make(map[int]uint64)}
	c, err := net.FileConn(ours)
	ours.Close()
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		h.stderr.wait(0)
		return nil, err
	}
	h.ctl = c.(*net.UnixConn)
	go func() {
		defer close(h.msgs)
		dec := json.NewDecoder(h.ctl)
		for {
			var m helperMsg
			if dec.Decode(&m) != nil {
				return
			}
			h.msgs <- m
		}
	}()
	return h, nil
}

// send gives the helper a run: cfg and the files it refers to, stdin,
// stdout and stderr first.
func (h *helperProc) send(cfg *helperConfig, files []*os.File) error {
	data, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	for _, r := range cfg.Rlimits {
		if old, ok := h.hard[r.Resource]; !ok || r.Max < old {
			h.hard[r.Resource] = r.Max
		}
	}
	if len(files) > maxFiles {
		return fmt.Errorf("%d files for one run, at most %d", len(files), maxFiles)
	}
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	hdr := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	if _, _, err := h.ctl.WriteMsgUnix(hdr, unix.UnixRights(fds...), nil); err != nil {
		return err
	}
	_, err = h.ctl.Write(data)
	return err
}

// wait waits for the helper to exit, after it was killed or its run failed.
func (h *helperProc) wait() error {
	for range h.msgs {
	}
	err := h.cmd.Wait()
	h.ctl.Close()
	h.stderr.wait(time.Second)
	return err
}

// discard ends a helper that will not be used.
func (h *helperProc) discard() {
	h.cmd.Process.Kill()
	h.wait()
}

// fits reports whether h can serve a run with rlimits rs.
func (h *helperProc) fits(rs []rlimit) bool {
	for _, r := range rs {
		if hard, ok := h.hard[r.Resource]; ok && r.Max > hard {
			return false
		}
		// The helper keeps the run's hard limit, and its own CPU time
		// counts against it.
		if r.Resource == unix.RLIMIT_CPU && r.Max != unix.RLIM_INFINITY && h.cpu+time.Second >= time.Duration(r.Max)*time.Second {
			return false
		}
	}
	return true
}

// helper returns an idle helper that can serve a run with rlimits rs and
// a root holding the allowed paths root names, or starts a new one.
func (s *Sandbox) helper(rs []rlimit, root string) (h *helperProc, idle bool, err error) {
	s.mu.Lock()
	for i := len(s.idle) - 1; i >= 0; i-- {
		if s.idle[i].root == root && s.idle[i].fits(rs) {
			h = s.idle[i]
			s.idle = slices.Delete(s.idle, i, i+1)
			break
		}
	}
	s.mu.Unlock()
	if h != nil {
		select {
		case _, ok := <-h.msgs:
			if !ok { // died idle
				h.wait()
				return s.helper(rs, root)
			}
		default:
		}
		return h, true, nil
	}
	h, err = startHelper(s.cloneFlags())
	return h, false, err
}

func (s *Sandbox) cloneFlags() uintptr {
	switch {
	case s.userns:
		return cloneFlags | unix.CLONE_NEWUSER
	case s.ns:
		return cloneFlags
	}
	return 0
}

// putIdle keeps a helper for a later run, unless there are enough. Those
// of the most recent runs are kept: their limits are likeliest to fit the
// next ones.
func (s *Sandbox) putIdle(h *helperProc) {
	s.mu.Lock()
	s.idle = append(s.idle, h)
	var old *helperProc
	if len(s.idle) > s.maxIdle {
		old = s.idle[0]
		s.idle = slices.Delete(s.idle, 0, 1)
	}
	s.mu.Unlock()
	if old != nil {
		old.discard()
	}
}

// closeIdle ends the idle helpers.
func (s *Sandbox) closeIdle() {
	s.mu.Lock()
	idle := s.idle
	s.idle = nil
	s.mu.Unlock()
	for _, h := range idle {
		h.discard()
	}
}

// probe runs a helper once without a program, to see that it is hooked
// in and, if asked for, that namespaces and mounts work here.
func (s *Sandbox) probe() error {
	h, err := startHelper(s.cloneFlags())
	if err != nil {
		return err
	}
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		h.discard()
		return err
	}
	defer null.Close()
	cfg := &helperConfig{Probe: true}
	if s.ns {
		cfg.Hostname = "sandbox"
		cfg.Root = &rootConfig{Mountpoint: s.dir, Allow: s.allow, UID: os.Getuid(), GID: os.Getgid(), Size: 1 << 20}
		if s.userns {
			cfg.Root.UID, cfg.Root.GID, cfg.Root.Devices = 0, 0, true
		}
	}
	err = h.send(cfg, []*os.File{null, null, null})
	if err != nil {
		h.discard()
		return fmt.Errorf("%w (%v)", errNoHelper, err)
	}
	var started bool
	var msg string
	for m := range h.msgs {
		started = started || m.Started
		if m.Error != "" {
			msg = m.Error
		}
	}
	err = h.wait()
	switch {
	case msg != "":
		return errors.New(msg)
	case !started:
		return fmt.Errorf("%w (%v: %.200q)", errNoHelper, err, h.stderr.bytes())
	}
	return nil
}
