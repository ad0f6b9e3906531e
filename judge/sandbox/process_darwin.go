package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// isolationOS says what a macOS run gets: rlimits set by a helper before
// the program's first instruction (CPU time, file size, process count,
// no core dumps) and a process group killed whole at the end. macOS does
// not enforce a memory rlimit, so memory is the peak RSS, judged after
// the program ends.
func isolationOS() Isolation {
	return Isolation{
		Cgroup:  "none",
		Rlimits: []string{"cpu", "fsize", "nproc", "core"},
		Degraded: []string{
			"macOS: no memory limit while running (peak RSS is judged after exit)",
			"macOS: no private file system, network or user: the program runs as the judge's user and can read what it can",
			"macOS: no system-call filter: the program can take kernel resources counted per user or per machine (kqueues, POSIX semaphores and shared memory, SysV IPC) until it ends, and SysV IPC objects outlive it",
			unmeasuredWait,
		},
	}
}

// helperEnv marks the helper and carries the rlimits it sets, as
// "resource=value,..." with resources numbered as in unix.RLIMIT_*.
const helperEnv = "SUDOKU_SANDBOX_RLIMITS"

// IsHelper reports whether this process was started by Run as the helper
// that sets the rlimits and becomes the program.
func IsHelper() bool {
	_, ok := os.LookupEnv(helperEnv)
	return ok && len(os.Args) >= 3 && os.Args[1] == "--"
}

// RunHelper sets the rlimits named in the environment and executes the
// program (os.Args[2:]) in place of this process. It never returns.
func RunHelper() {
	spec := os.Getenv(helperEnv)
	for _, kv := range strings.Split(spec, ",") {
		if kv == "" {
			continue
		}
		r, v, _ := strings.Cut(kv, "=")
		res, err1 := strconv.Atoi(r)
		n, err2 := strconv.ParseUint(v, 10, 64)
		if err1 != nil || err2 != nil {
			helperFail(fmt.Errorf("bad rlimit %q", kv))
		}
		if err := unix.Setrlimit(res, &unix.Rlimit{Cur: n, Max: n}); err != nil {
			helperFail(fmt.Errorf("rlimit %d: %w", res, err))
		}
	}
	var env []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, helperEnv+"=") {
			env = append(env, e)
		}
	}
	helperFail(unix.Exec(os.Args[2], os.Args[2:], env))
}

func helperFail(err error) {
	fmt.Fprintf(os.Stderr, "sandbox helper: %v\n", err)
	os.Exit(127)
}

// A process is one running program, started through the helper in a
// process group of its own.
type process struct {
	limits Limits
	pgid   int

	mu                           sync.Mutex
	outputHit, cpuHit, memoryHit bool
}

func (p *process) start(cmd *exec.Cmd) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	var rl []string
	set := func(res int, n uint64) { rl = append(rl, fmt.Sprintf("%d=%d", res, n)) }
	if p.limits.CPUTime > 0 {
		set(unix.RLIMIT_CPU, uint64((p.limits.CPUTime+time.Second-1)/time.Second)+1)
	}
	set(unix.RLIMIT_FSIZE, uint64(p.limits.Output))
	set(unix.RLIMIT_CORE, 0)
	// RLIMIT_NPROC counts every process of the judge's uid.
	if procs, err := unix.SysctlKinfoProcSlice("kern.proc.uid", os.Getuid()); err == nil {
		set(unix.RLIMIT_NPROC, uint64(len(procs)+p.limits.Processes))
	}
	cmd.Args = append([]string{self, "--", cmd.Path}, cmd.Args[1:]...)
	cmd.Path = self
	cmd.Env = append(cmd.Env, helperEnv+"="+strings.Join(rl, ","))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	p.pgid = cmd.Process.Pid
	return nil
}

func (p *process) overOutput() {
	p.mu.Lock()
	p.outputHit = true
	p.mu.Unlock()
	p.kill()
}

// kill ends the program's process group.
func (p *process) kill() {
	if p.pgid > 0 {
		unix.Kill(-p.pgid, unix.SIGKILL)
	}
}

// usage returns the CPU time and peak RSS (bytes on macOS) of the
// program, and notes the limits they reached.
func (p *process) usage(st *os.ProcessState) (time.Duration, int64) {
	cpu := st.UserTime() + st.SystemTime()
	var mem int64
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		mem = ru.Maxrss
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGXCPU {
		p.cpuHit = true
	}
	return cpu, mem
}

func (p *process) close() {}

// signalOf names the signal that killed the program, or "".
func signalOf(st *os.ProcessState) string {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return unix.SignalName(ws.Signal())
	}
	return ""
}
