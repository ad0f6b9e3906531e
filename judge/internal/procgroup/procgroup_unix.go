//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// Set makes cmd start in a new process group that cmd.Cancel kills whole.
// Call it before cmd.Start.
func Set(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
