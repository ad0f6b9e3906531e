//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// deniedSyscalls are refused with EPERM to every sandboxed process: the
// kernel interfaces a contest program never needs and an attacker uses to
// leave the box or to talk to the next run. Keyrings are shared by uid and
// session; namespaces and mounts rebuild the view the box took away;
// ptrace and process_vm_* reach other processes; bpf, perf_event_open,
// io_uring and userfaultfd are the kernel's largest attack surface; module
// and kexec calls need no comment. Some resources are counted per machine
// or per real uid, not per box, so that a program holding them all would
// starve the host (or, run as the judge's uid, the judge's user) until it
// ends: AIO contexts (aio-max-nr, machine-wide), inotify instances and
// watches (per uid), POSIX message queues (per uid), keys (per-uid quota,
// with the keyrings above). Those calls are refused too; the descriptors a
// program may hold (eventfd, timerfd, pipes: the machine's file table) are
// bounded by RLIMIT_NOFILE instead (see run.rlimits). (Numbers from
// x/sys/unix, which are constants: the table costs nothing at start-up.)
var deniedSyscalls = append([]uint32{
	unix.SYS_ADD_KEY, unix.SYS_REQUEST_KEY, unix.SYS_KEYCTL,
	unix.SYS_UNSHARE, unix.SYS_SETNS,
	unix.SYS_MOUNT, unix.SYS_UMOUNT2, unix.SYS_PIVOT_ROOT, unix.SYS_CHROOT,
	unix.SYS_FSOPEN, unix.SYS_FSCONFIG, unix.SYS_FSMOUNT, unix.SYS_FSPICK, unix.SYS_MOVE_MOUNT, unix.SYS_OPEN_TREE, unix.SYS_MOUNT_SETATTR,
	unix.SYS_PROCESS_VM_READV, unix.SYS_PROCESS_VM_WRITEV, unix.SYS_PIDFD_GETFD, unix.SYS_KCMP,
	unix.SYS_BPF, unix.SYS_PERF_EVENT_OPEN,
	unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER,
	unix.SYS_USERFAULTFD,
	unix.SYS_INIT_MODULE, unix.SYS_FINIT_MODULE, unix.SYS_DELETE_MODULE,
	unix.SYS_KEXEC_LOAD, unix.SYS_KEXEC_FILE_LOAD,
	unix.SYS_ACCT, unix.SYS_QUOTACTL, unix.SYS_SWAPON, unix.SYS_SWAPOFF, unix.SYS_REBOOT, unix.SYS_SYSLOG,
	unix.SYS_NAME_TO_HANDLE_AT, unix.SYS_OPEN_BY_HANDLE_AT, unix.SYS_LOOKUP_DCOOKIE,
	unix.SYS_IO_SETUP, unix.SYS_IO_DESTROY, unix.SYS_IO_SUBMIT, unix.SYS_IO_CANCEL, unix.SYS_IO_GETEVENTS, unix.SYS_IO_PGETEVENTS,
	unix.SYS_INOTIFY_INIT1, unix.SYS_INOTIFY_ADD_WATCH, unix.SYS_FANOTIFY_INIT,
	unix.SYS_MQ_OPEN, unix.SYS_MQ_UNLINK, unix.SYS_MQ_TIMEDSEND, unix.SYS_MQ_TIMEDRECEIVE, unix.SYS_MQ_NOTIFY, unix.SYS_MQ_GETSETATTR,
}, legacySyscalls...)

// namespaceFlags are the clone flags that make new namespaces.
const namespaceFlags = unix.CLONE_NEWNS | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC |
	unix.CLONE_NEWUSER | unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWCGROUP

// filterKind selects a variant of the filter.
type filterKind struct {
	allowLocks bool // file locks allowed
	trace      bool // memory calls handed to the tracer (see trace.go)
	// forker is the filter of a helper's forking thread, which keeps it for
	// every run (see forker): it may clone into new IPC and cgroup
	// namespaces and join a new anonymous session keyring, which its
	// programs may then try too. Neither gets them anything: the kernel
	// refuses namespaces to a process without CAP_SYS_ADMIN, which a
	// program that runs as another uid has not, and a new user namespace,
	// which would give it that, stays refused; an anonymous keyring is
	// nobody else's.
	forker bool
}

// filters are assembled once per helper and variant. (A variable, not an
// init function: the helper starts in this package's init.)
var filters = func() map[filterKind]func() (*unix.SockFprog, error) {
	m := make(map[filterKind]func() (*unix.SockFprog, error))
	for _, locks := range []bool{false, true} {
		for _, trace := range []bool{false, true} {
			for _, forker := range []bool{false, true} {
				k := filterKind{locks, trace, forker}
				m[k] = sync.OnceValues(func() (*unix.SockFprog, error) { return assembleFilter(k) })
			}
		}
	}
	return m
}()

// assembleFilter returns the seccomp program every sandboxed process runs
// under. Everything not named is allowed: the box's namespaces, uid,
// cgroups and rlimits do the rest.
func assembleFilter(kind filterKind) (*unix.SockFprog, error) {
	eperm := retErrno(unix.EPERM)
	var rules []rule
	for _, nr := range deniedSyscalls {
		if kind.forker && nr == unix.SYS_KEYCTL {
			// Refused unless keyctl(KEYCTL_JOIN_SESSION_KEYRING, NULL).
			rules = append(rules,
				rule{nr: nr, conds: []cond{{0, notEqual, unix.KEYCTL_JOIN_SESSION_KEYRING}}, ret: eperm},
				rule{nr: nr, conds: []cond{{1, notEqual, 0}}, ret: eperm})
			continue
		}
		rules = append(rules, rule{nr: nr, ret: eperm})
	}
	cloneDenied := uint64(namespaceFlags)
	if kind.forker {
		cloneDenied &^= unix.CLONE_NEWIPC | unix.CLONE_NEWCGROUP
	}
	rules = append(rules,
		// clone3 passes its flags in memory, out of a filter's reach.
		// ENOSYS, not EPERM: C libraries then fall back to clone, whose
		// flags the next rule checks.
		rule{nr: unix.SYS_CLONE3, ret: retErrno(unix.ENOSYS)},
		rule{nr: unix.SYS_CLONE, conds: []cond{{cloneFlagsArg(), anyBit, cloneDenied}}, ret: eperm},
		// Only unix sockets: no network, vsock, netlink, packet or raw
		// sockets, even in an empty network namespace.
		rule{nr: unix.SYS_SOCKET, conds: []cond{{0, notEqual, unix.AF_UNIX}}, ret: eperm},
		rule{nr: unix.SYS_SOCKETPAIR, conds: []cond{{0, notEqual, unix.AF_UNIX}}, ret: eperm},
		// ptrace only for what the helper's tracing thread, which is under
		// this filter too, needs: a program's fork asks to be traced
		// (PTRACE_TRACEME), and the tracer resumes it and reads its
		// registers. Attaching to another process (PTRACE_ATTACH,
		// PTRACE_SEIZE) and reading or writing one's memory are refused;
		// a program can at most trace its own children, in its box.
		rule{nr: unix.SYS_PTRACE, conds: ptraceDenied(), ret: eperm},
	)
	if !kind.allowLocks {
		// Concurrent runs share the read-only system files, and a lock on
		// one is seen by all: a channel between submissions. Programs
		// that lock their own files in /box or /tmp lose nothing they
		// need. The kernel reads fcntl's command as 32 bits, so only
		// those are compared.
		rules = append(rules, rule{nr: unix.SYS_FLOCK, ret: eperm})
		for _, cmd := range []uint64{unix.F_SETLK, unix.F_SETLKW, unix.F_OFD_SETLK, unix.F_OFD_SETLKW} {
			rules = append(rules, rule{nr: unix.SYS_FCNTL, conds: []cond{{1, lowEqual, cmd}}, ret: eperm})
		}
	}
	policy, err := compileRules(rules)
	if err != nil {
		return nil, err
	}
	// The rules compare native system call numbers; the 32-bit ABI
	// (int $0x80) numbers its calls differently and would pass them, so
	// refuse every call of another architecture first. On x86-64, x32
	// calls are native ones with a high bit set: refused too.
	native, err := nativeArch()
	if err != nil {
		return nil, err
	}
	guard := []bpf.Instruction{
		bpf.LoadAbsolute{Off: dataArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: native, SkipTrue: 1},
		bpf.RetConstant{Val: retKillProcess},
	}
	if native == unix.AUDIT_ARCH_X86_64 {
		const x32Bit = 0x40000000 // __X32_SYSCALL_BIT
		guard = append(guard,
			bpf.LoadAbsolute{Off: dataNr, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: x32Bit, SkipFalse: 1},
			bpf.RetConstant{Val: retErrno(unix.ENOSYS)},
		)
	}
	if kind.trace {
		mem, err := traceMemory()
		if err != nil {
			return nil, err
		}
		guard = append(guard, mem...)
	}
	return toSockFprog(append(guard, policy...))
}

// cloneFlagsArg returns which argument of clone holds its flags: the
// first, but the second on s390x, whose clone takes the stack first.
func cloneFlagsArg() int {
	if runtime.GOARCH == "s390x" {
		return 1
	}
	return 0
}

// nativeArch returns the AUDIT_ARCH value of this process's architecture.
func nativeArch() (uint32, error) {
	switch runtime.GOARCH {
	case "amd64":
		return unix.AUDIT_ARCH_X86_64, nil
	case "arm64":
		return unix.AUDIT_ARCH_AARCH64, nil
	case "riscv64":
		return unix.AUDIT_ARCH_RISCV64, nil
	case "ppc64le":
		return unix.AUDIT_ARCH_PPC64LE, nil
	case "s390x":
		return unix.AUDIT_ARCH_S390X, nil
	case "loong64":
		return unix.AUDIT_ARCH_LOONGARCH64, nil
	}
	return 0, fmt.Errorf("seccomp: no filter for %s", runtime.GOARCH)
}

// confineThread puts the calling thread, which must be locked to its
// goroutine and never unlocked, under the filter, with no_new_privs and a
// new empty session keyring. Children forked from it inherit all three;
// the helper's other threads do not.
func confineThread(kind filterKind) error {
	if err := newSessionKeyring(); err != nil {
		return err
	}
	return filterThread(kind)
}

// newSessionKeyring gives the calling thread a new anonymous session
// keyring: the judge's, or the last program's, is not the next program's.
func newSessionKeyring() error {
	if _, _, e := unix.Syscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0); e != 0 && e != unix.ENOSYS {
		return fmt.Errorf("new session keyring: %w", e)
	}
	return nil
}

// filterThread puts the calling thread under no_new_privs and the filter.
func filterThread(kind filterKind) error {
	prog, err := filters[kind]()
	if err != nil {
		return err
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(prog)), 0, 0); err != nil {
		return fmt.Errorf("seccomp: %w", err)
	}
	return nil
}

// dropCaps takes every capability from the calling thread, for good: the
// bounding and ambient sets are emptied, and securebits keep uid 0 from
// regaining any at exec. The program, uid 0 of the helper's user
// namespace, is then an ordinary user there.
func dropCaps() error {
	for c := 0; c <= unix.CAP_LAST_CAP; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && err != unix.EINVAL {
			return fmt.Errorf("dropping capability %d: %w", c, err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && err != unix.EINVAL {
		return fmt.Errorf("ambient capabilities: %w", err)
	}
	// SECBIT_NOROOT, SECBIT_NO_SETUID_FIXUP, SECBIT_KEEP_CAPS and
	// SECBIT_NO_CAP_AMBIENT_RAISE, each locked (capabilities(7)); the
	// KEEP_CAPS bit itself stays off.
	const bits = 0x01 | 0x02 | 0x04 | 0x08 | 0x20 | 0x40 | 0x80
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, bits, 0, 0, 0); err != nil {
		return fmt.Errorf("securebits: %w", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var none [2]unix.CapUserData
	if err := unix.Capset(&hdr, &none[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	return nil
}

// traceMemory returns filter instructions, to follow the architecture
// check, that hand the program's memory calls to its tracer
// (SECCOMP_RET_TRACE) and let everything else through to the rest of the
// filter. The helper's own thread that forks the program is under the
// filter too, and its memory calls must not stop: those made from the
// helper's executable mappings are allowed. (A program that maps code
// there itself only hides its refused allocations from the MLE verdict;
// RLIMIT_DATA holds either way.)
func traceMemory() ([]bpf.Instruction, error) {
	ranges, err := execRanges()
	if err != nil {
		return nil, err
	}
	nrs := memorySyscalls
	const (
		nrOff   = dataNr
		ipLoOff = dataIP // little-endian: tracing is on amd64 and arm64 only
		ipHiOff = dataIP + 4
	)
	// ld nr; one jeq per call, to the range checks; else past them.
	check := 6*len(ranges) + 1 // range checks, then RET_TRACE
	var p []bpf.Instruction
	p = append(p, bpf.LoadAbsolute{Off: nrOff, Size: 4})
	for i, nr := range nrs {
		// From this jeq, the checks start after the remaining jeqs and
		// the jump past them.
		p = append(p, bpf.JumpIf{Cond: bpf.JumpEqual, Val: nr, SkipTrue: uint8(len(nrs) - i)})
	}
	p = append(p, bpf.Jump{Skip: uint32(check)})
	for _, r := range ranges {
		p = append(p,
			bpf.LoadAbsolute{Off: ipHiOff, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(r[0] >> 32), SkipFalse: 4},
			bpf.LoadAbsolute{Off: ipLoOff, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: uint32(r[0]), SkipFalse: 2},
			bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: uint32(r[1]), SkipTrue: 1},
			bpf.RetConstant{Val: retAllow},
		)
	}
	p = append(p, bpf.RetConstant{Val: retTrace})
	return p, nil
}

// execRanges returns the helper's executable mappings as [start, end)
// pairs, each within one 4 GiB-aligned block (as the filter compares the
// halves of the address apart).
func execRanges() ([][2]uint64, error) {
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return nil, fmt.Errorf("seccomp: %w", err)
	}
	var rs [][2]uint64
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(line)
		if len(f) < 2 || !strings.Contains(f[1], "x") {
			continue
		}
		lo, hi, ok := strings.Cut(f[0], "-")
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if !ok || err1 != nil || err2 != nil || end > 1<<56 {
			continue // not ours, or the kernel's [vsyscall] page
		}
		for start < end {
			blockEnd := (start>>32 + 1) << 32
			e := min(end, blockEnd)
			if e == blockEnd {
				e-- // the compare is 32 bits: stop one short of the block's end
			}
			rs = append(rs, [2]uint64{start, e})
			start = blockEnd
		}
	}
	if len(rs) == 0 || len(rs) > 32 {
		return nil, fmt.Errorf("seccomp: %d executable mappings", len(rs))
	}
	return rs, nil
}

// ptraceDenied returns the conditions (all must hold) on which ptrace is
// refused: a request other than those the tracer needs.
func ptraceDenied() []cond {
	var cs []cond
	for _, req := range []uint64{unix.PTRACE_TRACEME, unix.PTRACE_CONT, unix.PTRACE_SYSCALL, unix.PTRACE_SETOPTIONS, unix.PTRACE_GETREGS, unix.PTRACE_GETREGSET} {
		cs = append(cs, cond{0, notEqual, req})
	}
	return cs
}
