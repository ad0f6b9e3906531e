package sandbox

import (
	"fmt"
	"runtime"
)

// FairParallel returns how many runs this machine can time fairly at
// once, as CMS and DOMjudge judge one test per core: one per core the
// judge may use (where the system says which hardware threads share a
// core, one per core: two threads of one core slow each other), less the
// cores other work keeps busy by the load average, and at least one. It
// is the default number of tests judged at once.
func FairParallel() int {
	n := cores()
	if load, ok := loadAverage(); ok {
		n -= int(load + 0.5)
	}
	return max(n, 1)
}

// unmeasuredWait is the Degraded entry of a Sandbox that cannot measure
// its runs' CPU wait.
const unmeasuredWait = "CPU wait: not measured here: a program stopped at the wall-clock limit " +
	"on a loaded machine is IE (machine overloaded), not TLE"

// overloadedNote is the note of a run Starved where its CPU wait is not
// measured.
func overloadedNote(load string) string {
	return "machine overloaded: " + load + ", CPU wait unknown"
}

// A loadWatch tells whether the machine was overloaded during a run:
// more runnable work than CPUs, which starves programs. Where a run's own
// CPU wait is not measured, it keeps the wall-clock limit from calling a
// starved program TLE.
type loadWatch struct {
	start cpuTimes // where there is no load average
}

// startLoadWatch starts watching as a run starts.
func startLoadWatch() loadWatch { return loadWatch{start: readCPUTimes()} }

// overloaded describes the load since the watch started if it was more
// than the CPUs could run ("load 15.2 on 2 CPUs", "CPUs 99% busy"), or
// returns "" if it was not, or is not known.
func (w loadWatch) overloaded() string {
	cpus := runtime.NumCPU()
	if load, ok := loadAverage(); ok {
		if load > float64(cpus) {
			return fmt.Sprintf("load %.1f on %d CPUs", load, cpus)
		}
		return ""
	}
	if busy, ok := w.start.busySince(); ok && busy >= 0.95 {
		return fmt.Sprintf("CPUs %.0f%% busy", 100*busy)
	}
	return ""
}

// cpuTimes are the machine's idle and total CPU times, where the system
// keeps no load average (Windows).
type cpuTimes struct {
	idle, total uint64
	ok          bool
}

// busySince returns the share of the CPUs' time that was not idle since
// t was read.
func (t cpuTimes) busySince() (float64, bool) {
	now := readCPUTimes()
	if !t.ok || !now.ok || now.total <= t.total {
		return 0, false
	}
	return 1 - float64(now.idle-t.idle)/float64(now.total-t.total), true
}
