//go:build windows

package procgroup

import (
	"os/exec"
	"syscall"

	"golang.org/x/sys/windows"
)

// Set makes cmd start in a new process group; cmd.Cancel kills the process
// itself (exec's default), as Windows kills no process tree by group.
func Set(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.CreationFlags |= windows.CREATE_NEW_PROCESS_GROUP
}
