//go:build linux

package sandbox

import (
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// judge sets res's status from how the run ended.
func (r *run) judge(res *Result, exit *exitInfo, stop *kill, st groupStats) {
	l := r.limits
	var rusageCPU time.Duration
	if exit != nil {
		ws := unix.WaitStatus(exit.Status)
		if ws.Signaled() {
			res.Signal = unix.SignalName(ws.Signal())
		} else {
			res.ExitCode = ws.ExitStatus()
		}
		rusageCPU = time.Duration(exit.UserNS + exit.SysNS)
		res.Memory = exit.MaxRSS
		// The helper saw the program start and end without the latency of
		// the status pipe.
		res.WallTime = time.Duration(exit.WallNS)
	} else {
		res.Signal = "SIGKILL"
	}
	// The cgroup counts the whole tree, also what was killed; rusage only
	// what was waited for.
	res.CPUTime = max(rusageCPU, r.polled)
	if st.cpuOK {
		res.CPUTime = max(res.CPUTime, st.cpu)
	}
	if st.peak > 0 {
		// The cgroup saw the program's own memory; its executable is
		// charged besides (see checkExecutable). Without a cgroup, the
		// resident size counts the pages of it that were read.
		res.Memory = st.peak + r.exe
	}

	res.Memory = max(res.Memory, r.polledPeak)

	failed := res.Signal != "" || res.ExitCode != 0
	switch {
	case stop != nil && (stop.status == TimeLimit || stop.status == Starved) && l.Memory > 0 && res.Memory >= l.Memory:
		// Held at its memory limit, a program can stall in the kernel's
		// reclaim until a time limit fires: the memory is the cause.
		res.Status, res.Note = MemoryLimit, "memory limit "+mib(l.Memory)+" reached; "+stop.note
	case stop != nil && stop.status == Starved && l.CPUTime > 0 && res.CPUTime > l.CPUTime:
		// It went over its CPU time as it was stopped: a fair verdict.
		res.Status, res.Note = TimeLimit, cpuNote(l.CPUTime, res.CPUTime)
	case stop != nil:
		res.Status, res.Note = stop.status, stop.note
	case exit != nil && exit.Refused:
		res.Status, res.Note = MemoryLimit, "memory limit "+mib(l.Memory)+" exceeded (allocation refused)"
	case st.oomKills > 0:
		res.Status, res.Note = MemoryLimit, "memory limit "+mib(l.Memory)+" exceeded (OOM kill)"
	case failed && l.Memory > 0 && res.Memory >= l.Memory:
		res.Status, res.Note = MemoryLimit, "memory limit "+mib(l.Memory)+" reached"
	case r.cg == nil && l.Memory > 0 && res.Memory > l.Memory:
		// Without a cgroup the limit is on the resident peak, which the
		// polling may have missed between two looks.
		res.Status, res.Note = MemoryLimit, peakNote(l.Memory, res.Memory)
	case failed && l.Memory > 0 && r.cg == nil && res.Memory >= l.Memory/10*9:
		// RLIMIT_DATA makes allocations fail, which programs report in
		// their own ways; dying close to the limit is taken as MLE.
		res.Status, res.Note = MemoryLimit, "memory limit "+mib(l.Memory)+" reached (rlimit)"
	case l.CPUTime > 0 && res.CPUTime > l.CPUTime:
		res.Status, res.Note = TimeLimit, cpuNote(l.CPUTime, res.CPUTime)
	case l.WallTime > 0 && res.WallTime-res.CPUWait > l.WallTime:
		// Ended by itself past the limit, less what it waited for a CPU
		// (the limit fired as it ended).
		res.Status, res.Note = TimeLimit, wallNote(l.WallTime)
	case res.Signal == "SIGXCPU":
		res.Status, res.Note = TimeLimit, "cpu time rlimit exceeded"
	case res.Signal == "SIGXFSZ":
		res.Status, res.Note = OutputLimit, "file size limit "+strconv.FormatInt(l.Output, 10)+" bytes exceeded"
	case failed:
		res.Status = RuntimeError
	default:
		res.Status = OK
	}
}

func peakNote(limit, peak int64) string {
	return "memory limit " + mib(limit) + " exceeded (resident peak " + mib(peak) + ")"
}

func cpuNote(limit, used time.Duration) string {
	return "cpu time " + seconds(limit) + " exceeded (used " + seconds(used.Round(time.Millisecond)) + ")"
}

func wallNote(limit time.Duration) string { return "wall time " + seconds(limit) + " exceeded" }

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// mib formats n bytes in MiB: exactly when whole (limits), else to one
// decimal (measurements).
func mib(n int64) string {
	if n%(1<<20) == 0 {
		return strconv.FormatInt(n>>20, 10) + " MiB"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}
