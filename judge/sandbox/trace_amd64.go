//go:build linux

package sandbox

import "golang.org/x/sys/unix"

// syscallResult returns the return value of the system call pid is
// stopped at the exit of.
func syscallResult(pid int) (int64, bool) {
	var regs unix.PtraceRegs
	if unix.PtraceGetRegs(pid, &regs) != nil {
		return 0, false
	}
	return int64(regs.Rax), true
}
