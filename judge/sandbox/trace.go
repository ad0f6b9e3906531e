//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// Without cgroups the memory limit is RLIMIT_DATA, which makes allocations
// fail with ENOMEM, and the program may then print a wrong answer rather
// than crash; and rusage's maximum resident set size of a program counts
// the helper it was forked from. So the helper traces such a program: the
// seccomp filter hands it the program's mmap, mremap and brk calls, whose
// results it reads, and the program's exit, when it reads the program's
// own peak (VmHWM) before the kernel frees its memory. A refused
// allocation is then MLE, whatever the program does next.

// memorySyscalls are the calls through which RLIMIT_DATA refuses memory.
var memorySyscalls = []uint32{unix.SYS_MMAP, unix.SYS_MREMAP, unix.SYS_BRK}

const traceOptions = unix.PTRACE_O_TRACESECCOMP | unix.PTRACE_O_TRACEEXIT | unix.PTRACE_O_EXITKILL |
	unix.PTRACE_O_TRACEFORK | unix.PTRACE_O_TRACEVFORK | unix.PTRACE_O_TRACECLONE | unix.PTRACE_O_TRACESYSGOOD |
	unix.PTRACE_O_TRACEEXEC // else a traced child's execve gets a SIGTRAP, which kills it (gcc's cc1, go's compile)

// tracer follows a traced program and its descendants.
type tracer struct {
	main      int
	rlimits   []rlimit     // set on the main process at its exec stop
	err       error        // the rlimits could not be set: the program was killed
	started   bool         // the main process passed its exec stop
	inSyscall map[int]bool // stopped at a memory call's entry, to see its exit
	refused   bool         // an allocation failed for want of memory
	peak      int64        // the main process's VmHWM at its exit, bytes
	delay     int64        // the main process's run delay at its exit, ns
}

// stopped handles a ptrace stop of pid and resumes it.
func (t *tracer) stopped(pid int, ws unix.WaitStatus) {
	sig := ws.StopSignal()
	switch {
	case pid == t.main && !t.started && sig == unix.SIGTRAP:
		// After the exec of PTRACE_TRACEME, before the program's first
		// instruction: its limits go on now.
		t.started = true
		if err := prlimits(pid, t.rlimits); err != nil {
			t.err = err
			unix.Kill(pid, unix.SIGKILL)
		}
		unix.PtraceSetOptions(pid, traceOptions)
		unix.PtraceCont(pid, 0)
	case sig == unix.SIGTRAP && ws.TrapCause() == unix.PTRACE_EVENT_SECCOMP:
		// Entering a memory call: resume to its exit.
		t.inSyscall[pid] = true
		unix.PtraceSyscall(pid, 0)
	case sig == unix.SIGTRAP|0x80:
		if t.inSyscall[pid] {
			delete(t.inSyscall, pid)
			if r, ok := syscallResult(pid); ok && r == -int64(unix.ENOMEM) {
				t.refused = true
			}
		}
		unix.PtraceCont(pid, 0)
	case sig == unix.SIGTRAP && ws.TrapCause() == unix.PTRACE_EVENT_EXIT:
		if pid == t.main {
			t.peak = vmHWM(pid)
			d, _ := readRunDelay(pid)
			t.delay = int64(d)
		}
		unix.PtraceCont(pid, 0)
	case sig == unix.SIGTRAP && ws.TrapCause() != 0:
		// fork, vfork, clone: the new process is traced too.
		unix.PtraceCont(pid, 0)
	case sig == unix.SIGSTOP && pid != t.main:
		// A new tracee's first stop. (One the program sent itself is
		// lost; contest programs do not stop themselves.)
		unix.PtraceCont(pid, 0)
	default:
		// A signal on its way to the program: deliver it.
		unix.PtraceCont(pid, int(sig))
	}
}

// prlimits sets rs on process pid. A hard limit above the one pid has
// (which only CAP_SYS_RESOURCE may raise) stays where it is: it bounds the
// program as well.
func prlimits(pid int, rs []rlimit) error {
	for _, r := range rs {
		lim := unix.Rlimit{Cur: r.Cur, Max: r.Max}
		err := unix.Prlimit(pid, r.Resource, &lim, nil)
		if err == unix.EPERM {
			var old unix.Rlimit
			if unix.Prlimit(pid, r.Resource, nil, &old) == nil && lim.Max > old.Max {
				lim.Max = old.Max
				lim.Cur = min(lim.Cur, lim.Max)
				err = unix.Prlimit(pid, r.Resource, &lim, nil)
			}
		}
		if err != nil {
			return fmt.Errorf("prlimit %d on the program: %w", r.Resource, err)
		}
	}
	return nil
}

// vmHWM returns pid's peak resident set size from /proc/pid/status.
func vmHWM(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for line := range bytes.Lines(b) {
		if v, ok := bytes.CutPrefix(line, []byte("VmHWM:")); ok {
			n, _ := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(v), []byte(" kB"))), 10, 64)
			return n << 10
		}
	}
	return 0
}

// reapTraced is reap for a traced program.
func reapTraced(pid int, begin time.Time, rlimits []rlimit) (*exitInfo, error) {
	t := &tracer{main: pid, rlimits: rlimits, inSyscall: make(map[int]bool)}
	for {
		var ws unix.WaitStatus
		var ru unix.Rusage
		wpid, err := unix.Wait4(-1, &ws, unix.WALL, &ru)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("wait: %w", err)
		}
		if ws.Stopped() {
			t.stopped(wpid, ws)
			continue
		}
		if wpid == pid {
			if t.err != nil {
				return nil, t.err
			}
			exit := &exitInfo{
				Status:  uint32(ws),
				WallNS:  int64(time.Since(begin)),
				UserNS:  ru.Utime.Nano(),
				SysNS:   ru.Stime.Nano(),
				MaxRSS:  t.peak,
				Refused: t.refused,
			}
			exit.RunDelayNS = t.delay
			return exit, nil
		}
	}
}
