//go:build linux

package sandbox

import (
	"encoding/binary"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// seccompData returns a struct seccomp_data as the filter reads it. The
// VM of golang.org/x/net/bpf loads words big-endian, the kernel in the
// machine's order: each 32-bit word is stored big-endian at the offset the
// filter reads it from, so both see the same values.
func seccompData(arch, nr uint32, ip uint64, args ...uint64) []byte {
	b := make([]byte, dataArgs+6*8)
	binary.BigEndian.PutUint32(b[dataNr:], nr)
	binary.BigEndian.PutUint32(b[dataArch:], arch)
	binary.BigEndian.PutUint32(b[dataIP:], uint32(ip)) // as traceMemory reads it
	binary.BigEndian.PutUint32(b[dataIP+4:], uint32(ip>>32))
	for i, a := range args {
		lo, hi := argWords(i)
		binary.BigEndian.PutUint32(b[lo:], uint32(a))
		binary.BigEndian.PutUint32(b[hi:], uint32(a>>32))
	}
	return b
}

// filterVM assembles the filter of kind and loads it into a BPF VM.
func filterVM(t *testing.T, kind filterKind) *bpf.VM {
	t.Helper()
	prog, err := assembleFilter(kind)
	if err != nil {
		t.Fatal(err)
	}
	var insns []bpf.Instruction
	for _, f := range unsafe.Slice(prog.Filter, prog.Len) {
		insns = append(insns, bpf.RawInstruction{Op: f.Code, Jt: f.Jt, Jf: f.Jf, K: f.K}.Disassemble())
	}
	vm, err := bpf.NewVM(insns)
	if err != nil {
		t.Fatal(err)
	}
	return vm
}

func retName(r uint32) string {
	switch {
	case r == retAllow:
		return "allow"
	case r == retKillProcess:
		return "kill"
	case r == retTrace:
		return "trace"
	case r == retErrno(unix.EPERM):
		return "EPERM"
	case r == retErrno(unix.ENOSYS):
		return "ENOSYS"
	}
	return "unknown"
}

// TestFilter runs the filters in a BPF VM on the calls that matter,
// among them the ones that try to slip past a rule: high bits in an
// argument the kernel reads as 32 bits, another ABI's numbers.
func TestFilter(t *testing.T) {
	native, err := nativeArch()
	if err != nil {
		t.Skip(err)
	}
	high := uint64(1) << 32
	plain := filterKind{}
	forker := filterKind{forker: true}
	locks := filterKind{allowLocks: true}
	clone := func(flags uint64) []uint64 {
		if cloneFlagsArg() == 1 {
			return []uint64{0, flags}
		}
		return []uint64{flags}
	}
	type call struct {
		name string
		nr   uint32
		args []uint64
	}
	tests := []struct {
		kind filterKind
		call call
		want string
	}{
		{plain, call{"write", unix.SYS_WRITE, []uint64{1, 0, 10}}, "allow"},
		{plain, call{"mount", unix.SYS_MOUNT, nil}, "EPERM"},
		{plain, call{"clone3", unix.SYS_CLONE3, nil}, "ENOSYS"},
		{plain, call{"clone(SIGCHLD)", unix.SYS_CLONE, clone(uint64(unix.SIGCHLD))}, "allow"},
		{plain, call{"clone(CLONE_NEWUSER)", unix.SYS_CLONE, clone(unix.CLONE_NEWUSER | uint64(unix.SIGCHLD))}, "EPERM"},
		{plain, call{"clone(CLONE_NEWIPC)", unix.SYS_CLONE, clone(unix.CLONE_NEWIPC)}, "EPERM"},
		{forker, call{"clone(CLONE_NEWIPC)", unix.SYS_CLONE, clone(unix.CLONE_NEWIPC)}, "allow"},
		{forker, call{"clone(CLONE_NEWNET)", unix.SYS_CLONE, clone(unix.CLONE_NEWNET)}, "EPERM"},
		{plain, call{"socket(AF_UNIX)", unix.SYS_SOCKET, []uint64{unix.AF_UNIX}}, "allow"},
		{plain, call{"socket(AF_INET)", unix.SYS_SOCKET, []uint64{unix.AF_INET}}, "EPERM"},
		{plain, call{"socket(AF_UNIX|high)", unix.SYS_SOCKET, []uint64{high | unix.AF_UNIX}}, "EPERM"},
		{plain, call{"socketpair(AF_NETLINK)", unix.SYS_SOCKETPAIR, []uint64{unix.AF_NETLINK}}, "EPERM"},
		{plain, call{"ptrace(TRACEME)", unix.SYS_PTRACE, []uint64{unix.PTRACE_TRACEME}}, "allow"},
		{plain, call{"ptrace(GETREGSET)", unix.SYS_PTRACE, []uint64{unix.PTRACE_GETREGSET}}, "allow"},
		{plain, call{"ptrace(ATTACH)", unix.SYS_PTRACE, []uint64{unix.PTRACE_ATTACH}}, "EPERM"},
		{plain, call{"ptrace(TRACEME|high)", unix.SYS_PTRACE, []uint64{high | unix.PTRACE_TRACEME}}, "EPERM"},
		{plain, call{"keyctl(JOIN, 0)", unix.SYS_KEYCTL, []uint64{unix.KEYCTL_JOIN_SESSION_KEYRING, 0}}, "EPERM"},
		{forker, call{"keyctl(JOIN, 0)", unix.SYS_KEYCTL, []uint64{unix.KEYCTL_JOIN_SESSION_KEYRING, 0}}, "allow"},
		{forker, call{"keyctl(JOIN, name)", unix.SYS_KEYCTL, []uint64{unix.KEYCTL_JOIN_SESSION_KEYRING, 0x1000}}, "EPERM"},
		{forker, call{"keyctl(JOIN|high, 0)", unix.SYS_KEYCTL, []uint64{high | unix.KEYCTL_JOIN_SESSION_KEYRING, 0}}, "EPERM"},
		{forker, call{"keyctl(READ)", unix.SYS_KEYCTL, []uint64{unix.KEYCTL_READ, 0}}, "EPERM"},
		{plain, call{"flock", unix.SYS_FLOCK, []uint64{3, unix.LOCK_SH}}, "EPERM"},
		{locks, call{"flock", unix.SYS_FLOCK, []uint64{3, unix.LOCK_SH}}, "allow"},
		{plain, call{"fcntl(F_GETFL)", unix.SYS_FCNTL, []uint64{3, unix.F_GETFL}}, "allow"},
		{plain, call{"fcntl(F_GETLK)", unix.SYS_FCNTL, []uint64{3, unix.F_GETLK}}, "allow"},
		{plain, call{"fcntl(F_SETLK)", unix.SYS_FCNTL, []uint64{3, unix.F_SETLK}}, "EPERM"},
		{plain, call{"fcntl(F_OFD_SETLKW)", unix.SYS_FCNTL, []uint64{3, unix.F_OFD_SETLKW}}, "EPERM"},
		// The kernel reads the command as 32 bits: still F_SETLK.
		{plain, call{"fcntl(F_SETLK|high)", unix.SYS_FCNTL, []uint64{3, high | unix.F_SETLK}}, "EPERM"},
		{plain, call{"fcntl(F_OFD_SETLK|high)", unix.SYS_FCNTL, []uint64{3, high | unix.F_OFD_SETLK}}, "EPERM"},
		{locks, call{"fcntl(F_SETLK)", unix.SYS_FCNTL, []uint64{3, unix.F_SETLK}}, "allow"},
	}
	for _, nr := range deniedSyscalls {
		tests = append(tests, struct {
			kind filterKind
			call call
			want string
		}{plain, call{"denied", nr, nil}, "EPERM"})
	}
	vms := make(map[filterKind]*bpf.VM)
	for _, tt := range tests {
		vm := vms[tt.kind]
		if vm == nil {
			vm = filterVM(t, tt.kind)
			vms[tt.kind] = vm
		}
		r, err := vm.Run(seccompData(native, tt.call.nr, 0, tt.call.args...))
		if err != nil {
			t.Fatal(err)
		}
		if got := retName(uint32(r)); got != tt.want {
			t.Errorf("%+v: %s (nr %d) = %s (%#x), want %s", tt.kind, tt.call.name, tt.call.nr, got, r, tt.want)
		}
	}

	// Another architecture's calls are killed, whatever their number;
	// on x86-64, so are x32 calls (the native number with bit 30 set).
	vm := filterVM(t, plain)
	other := uint32(unix.AUDIT_ARCH_I386)
	if native == other {
		other = unix.AUDIT_ARCH_X86_64
	}
	if r, _ := vm.Run(seccompData(other, unix.SYS_WRITE, 0)); uint32(r) != retKillProcess {
		t.Errorf("a call of another architecture: %s, want kill", retName(uint32(r)))
	}
	if native == unix.AUDIT_ARCH_X86_64 {
		if r, _ := vm.Run(seccompData(native, 0x40000000|unix.SYS_WRITE, 0)); uint32(r) != retErrno(unix.ENOSYS) {
			t.Errorf("an x32 call: %s, want ENOSYS", retName(uint32(r)))
		}
	}
}

// TestFilterTrace checks the tracing filter: memory calls from outside
// the helper's code go to the tracer, the helper's own are allowed, and
// other calls meet the rules.
func TestFilterTrace(t *testing.T) {
	native, err := nativeArch()
	if err != nil {
		t.Skip(err)
	}
	ranges, err := execRanges()
	if err != nil {
		t.Fatal(err)
	}
	vm := filterVM(t, filterKind{trace: true})
	tests := []struct {
		name string
		nr   uint32
		ip   uint64
		want string
	}{
		{"mmap from the program", unix.SYS_MMAP, 0x1000, "trace"},
		{"brk from the program", unix.SYS_BRK, 0x1000, "trace"},
		{"mmap from the helper", unix.SYS_MMAP, ranges[0][0], "allow"},
		{"mremap from the helper's last byte", unix.SYS_MREMAP, ranges[0][1] - 1, "allow"},
		{"write", unix.SYS_WRITE, 0x1000, "allow"},
		{"mount", unix.SYS_MOUNT, ranges[0][0], "EPERM"},
	}
	// The first byte past a range, unless another range starts there.
	past := ranges[0][1]
	for _, r := range ranges {
		if r[0] <= past && past < r[1] {
			past = 0x1000
		}
	}
	tests = append(tests, struct {
		name string
		nr   uint32
		ip   uint64
		want string
	}{"mmap just past the helper", unix.SYS_MMAP, past, "trace"})
	for _, tt := range tests {
		r, err := vm.Run(seccompData(native, tt.nr, tt.ip))
		if err != nil {
			t.Fatal(err)
		}
		if got := retName(uint32(r)); got != tt.want {
			t.Errorf("%s (ip %#x): %s, want %s", tt.name, tt.ip, got, tt.want)
		}
	}
}

func TestCompileRuleErrors(t *testing.T) {
	tests := []struct {
		r    rule
		want string
	}{
		{rule{nr: 1, conds: []cond{{6, notEqual, 0}}}, "no argument 6"},
		{rule{nr: 1, conds: []cond{{0, lowEqual, 1 << 32}}}, "not a 32-bit value"},
		{rule{nr: 1, conds: []cond{{0, condOp(9), 0}}}, "unknown operation"},
		{rule{nr: 1, conds: make([]cond, 130)}, "too long"},
	}
	for _, tt := range tests {
		if _, err := compileRule(tt.r); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("compileRule(%d conds, first %+v): %v, want an error saying %q", len(tt.r.conds), tt.r.conds[0], err, tt.want)
		}
	}
}
