package sandbox

import (
	"fmt"
	"strings"
)

// Isolation says what a Sandbox puts in force for each run.
type Isolation struct {
	Cgroup      string   `json:"cgroup"`                // "v1", "v2" or "none"
	Controllers []string `json:"controllers,omitempty"` // cgroup controllers in use
	Namespaces  []string `json:"namespaces,omitempty"`  // of "user", "net", "pid", "mnt", "ipc", "uts", "cgroup"
	// Seccomp reports the system-call filter (see the package doc).
	Seccomp bool `json:"seccomp"`
	// UID and GID are those of the first run; concurrent runs get the
	// following ones, up to UIDs in all. UIDs is 0 when programs keep the
	// judge's own uid and gid.
	UID  int `json:"uid"`
	GID  int `json:"gid"`
	UIDs int `json:"uids,omitempty"`
	// Rlimits are the rlimits set, when the Limits ask for them: of "cpu",
	// "data", "fsize", "nproc", "stack", "core", "nofile", "sigpending",
	// "msgqueue".
	Rlimits []string `json:"rlimits"`
	// CPUWait says how a run's time waiting for a CPU is measured, which
	// tells a starved program from one that slept (see Limits):
	// "schedstat" (each task's run delay), "cpu.pressure" (the cgroup's
	// stall time), or "" where it is not.
	CPUWait string `json:"cpu_wait"`
	// Degraded explains each thing missing from full isolation.
	Degraded []string `json:"degraded,omitempty"`
}

// String returns a one-line summary, such as
// "cgroup v1 (memory,pids,cpuacct) + namespaces (net,pid,mnt,ipc,uts) + uid 65534 + rlimits (cpu)
// + CPU wait (schedstat)".
func (i Isolation) String() string {
	var parts []string
	if i.Cgroup == "" || i.Cgroup == "none" {
		parts = append(parts, "no cgroup")
	} else {
		parts = append(parts, fmt.Sprintf("cgroup %s (%s)", i.Cgroup, strings.Join(i.Controllers, ",")))
	}
	if len(i.Namespaces) == 0 {
		parts = append(parts, "no namespaces")
	} else {
		parts = append(parts, fmt.Sprintf("namespaces (%s)", strings.Join(i.Namespaces, ",")))
	}
	if i.Seccomp {
		parts = append(parts, "seccomp")
	}
	switch {
	case i.UIDs == 0:
		parts = append(parts, fmt.Sprintf("judge's uid %d", i.UID))
	case i.UIDs == 1:
		parts = append(parts, fmt.Sprintf("uid %d", i.UID))
	default:
		parts = append(parts, fmt.Sprintf("uid %d-%d", i.UID, i.UID+i.UIDs-1))
	}
	if len(i.Rlimits) > 0 {
		parts = append(parts, fmt.Sprintf("rlimits (%s)", strings.Join(i.Rlimits, ",")))
	}
	if i.CPUWait != "" {
		parts = append(parts, fmt.Sprintf("CPU wait (%s)", i.CPUWait))
	} else {
		parts = append(parts, "CPU wait unknown")
	}
	return strings.Join(parts, " + ")
}

// Full reports whether nothing is missing from full isolation.
func (i Isolation) Full() bool { return len(i.Degraded) == 0 }
