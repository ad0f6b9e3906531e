//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// cpu returns the CPU time used so far by the program's tree: from the
// cgroup if it accounts it, else from /proc, which counts the program and
// the children it waited for.
func (r *run) cpu() time.Duration {
	if r.cg != nil {
		if d, ok := r.cg.cpu(); ok {
			return d
		}
	}
	if d, ok := procCPU(r.findTarget()); ok {
		r.polled = max(r.polled, d)
	}
	return r.polled
}

// findTarget returns the host pid of the program, looking it up once; 0
// while it is not known.
func (r *run) findTarget() int {
	if r.target == 0 {
		// The helper forks the program from a thread of its own, so its
		// child is listed under one of its threads.
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", r.h.cmd.Process.Pid))
		for _, t := range tasks {
			b, _ := os.ReadFile(t)
			if f := strings.Fields(string(b)); len(f) > 0 {
				r.target, _ = strconv.Atoi(f[0])
				break
			}
		}
	}
	return r.target
}

// pollsMemory reports whether the judge polls the program's resident peak:
// without a cgroup to hold the memory limit, it is the limit.
func (r *run) pollsMemory() bool { return r.cg == nil && r.limits.Memory > 0 }

// nextPoll returns how long to wait before checking the CPU time again,
// given what was used: soon enough that a tree using every CPU cannot
// overshoot by much. Memory is polled more often: a program can touch
// gigabytes a second.
func (r *run) nextPoll(used time.Duration) time.Duration {
	d := 100 * time.Millisecond
	if r.limits.CPUTime > 0 {
		d = min(max((r.limits.CPUTime-used)/time.Duration(runtime.NumCPU()), 5*time.Millisecond), d)
	}
	if r.pollsMemory() {
		d = min(d, 10*time.Millisecond)
	}
	return d
}

// peak returns the program's resident peak so far (VmHWM), as the helper
// reads it at the program's end; false if it cannot be read.
func (r *run) peak() (int64, bool) {
	pid := r.findTarget()
	if pid <= 0 {
		return 0, false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	return parseStatusHWM(b)
}

// parseStatusHWM reads VmHWM, in kB, from a /proc/pid/status file.
func parseStatusHWM(b []byte) (int64, bool) {
	for line := range bytes.Lines(b) {
		rest, ok := bytes.CutPrefix(line, []byte("VmHWM:"))
		if !ok {
			continue
		}
		f := strings.Fields(string(rest))
		if len(f) == 0 {
			return 0, false
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || kb < 0 {
			return 0, false
		}
		return kb << 10, true
	}
	return 0, false
}

// procCPU returns the user+sys time of pid and its waited-for children
// from /proc/pid/stat (proc_pid_stat(5)).
func procCPU(pid int) (time.Duration, bool) {
	if pid <= 0 {
		return 0, false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	return parseStatCPU(b)
}

func parseStatCPU(b []byte) (time.Duration, bool) {
	// The command name may hold spaces and parentheses; fields resume
	// after the last ')'. utime, stime, cutime and cstime are fields 14-17,
	// in clock ticks of USER_HZ, which is 100 on Linux.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return 0, false
	}
	var ticks int64
	for _, s := range f[11:15] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond, true
}
