//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/schedstat"
)

// The kernel keeps, for every task, the time it spent runnable but
// waiting for a CPU: the run delay, second field of /proc/TID/schedstat
// (Documentation/scheduler/sched-stats.rst). Summed over a run's tasks it
// tells a program the machine starved from one that slept or blocked,
// which the wall clock alone cannot: the wall-clock limit counts only the
// time a program was not waiting for a CPU (see wallCheck).
//
// The kernel adds a wait to the run delay when the task gets a CPU, so a
// runnable task's current wait is not in it yet: under heavy load, a
// tenth of a second or more. Polling bounds it: a task that was seen to
// run at some poll has waited at most since the poll before.

// How a Sandbox measures the CPU wait of its runs (Isolation.CPUWait).
const (
	waitSchedstat = "schedstat"    // per task, /proc/TID/schedstat
	waitPressure  = "cpu.pressure" // per cgroup v2, the "some" stall total (PSI)
)

// detectCPUWait returns how runs' CPU wait can be measured here: from
// schedstat if the kernel keeps it (CONFIG_SCHED_INFO), else from the
// cgroup's pressure, else "" (not at all).
func detectCPUWait(h hierarchy) string {
	if _, err := schedstat.Thread(); err == nil {
		return waitSchedstat
	}
	if v2, ok := h.(*v2); ok {
		if _, ok := readPressure(filepath.Join(v2.base, "cpu.pressure")); ok {
			return waitPressure
		}
	}
	return ""
}

// readRunDelay returns task tid's run delay.
func readRunDelay(tid int) (time.Duration, bool) {
	s, err := schedstat.Read(tid)
	return s.Wait, err == nil
}

// runnable reports whether task tid is running or waiting to run (state R
// in /proc/TID/stat), rather than sleeping, blocked or gone.
func runnable(tid int) bool {
	b, err := readSmall("/proc/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return false
	}
	return parseStatState(b) == 'R'
}

// parseStatState returns the state letter of a /proc/PID/stat file, the
// field after the command name (which may hold spaces and parentheses).
func parseStatState(b []byte) byte {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return 0
	}
	return b[i+2]
}

// readPressure returns the "some" total of a cgroup v2 pressure file, the
// time at least one of the group's tasks was stalled:
// "some avg10=0.00 avg60=0.00 avg300=0.00 total=12345" (microseconds).
func readPressure(file string) (time.Duration, bool) {
	b, err := readSmall(file)
	if err != nil {
		return 0, false
	}
	return parsePressure(b)
}

func parsePressure(b []byte) (time.Duration, bool) {
	for line := range bytes.Lines(b) {
		f := strings.Fields(string(line))
		if len(f) == 0 || f[0] != "some" {
			continue
		}
		for _, kv := range f[1:] {
			if v, ok := strings.CutPrefix(kv, "total="); ok {
				us, err := strconv.ParseInt(v, 10, 64)
				return time.Duration(us) * time.Microsecond, err == nil && us >= 0
			}
		}
	}
	return 0, false
}

// A waitMeter sums the run delay of a run's tasks. It keeps each task's
// last reading, so that a thread that has ended still counts with what it
// had waited when last seen, and when each was last seen to run, which
// bounds the wait the kernel has not added yet.
type waitMeter struct {
	tasks map[int]*taskWait
	sum   time.Duration
}

// A taskWait is what a waitMeter knows of one task.
type taskWait struct {
	last schedstat.Stat
	read time.Duration // when last read, since the run's start
	ran  time.Duration // it has run since then
}

// add records task tid's schedstat s, read at time at since the run's
// start.
func (m *waitMeter) add(tid int, s schedstat.Stat, at time.Duration) {
	if m.tasks == nil {
		m.tasks = make(map[int]*taskWait)
	}
	t := m.tasks[tid]
	if t == nil {
		// Its reading counts whole; it ran some time after the start.
		t = &taskWait{}
		m.tasks[tid] = t
	}
	if s.Wait > t.last.Wait {
		m.sum += s.Wait - t.last.Wait
		t.last.Wait = s.Wait
	}
	if s.Run > t.last.Run || s.Slices > t.last.Slices {
		t.ran = t.read // it ran between the last reading and this one
		t.last.Run, t.last.Slices = s.Run, s.Slices
	}
	t.read = at
}

// unsure returns how long task tid may have been waiting for a CPU
// without the kernel having counted it yet, at time at: since it was last
// known to run.
func (m *waitMeter) unsure(tid int, at time.Duration) time.Duration {
	if t := m.tasks[tid]; t != nil {
		return at - t.ran
	}
	return at
}

// cpuWait reads the run's CPU wait so far, at time at since its start:
// the run delay of each of its tasks (those of its cgroup, or without one
// the program's threads), or the cgroup's pressure where the kernel keeps
// no schedstat. unsure bounds what the runnable tasks may have waited
// besides, not counted yet (see waitMeter).
func (r *run) cpuWait(at time.Duration) (waited, unsure time.Duration) {
	switch r.s.cpuWait {
	case waitSchedstat:
		for _, tid := range r.tasks() {
			if s, err := schedstat.Read(tid); err == nil {
				r.wait.add(tid, s, at)
				if runnable(tid) {
					unsure += r.wait.unsure(tid, at)
				}
			}
		}
	case waitPressure:
		// The pressure counts what is going on: nothing is unsure.
		if r.cg != nil {
			if d, ok := r.cg.pressure(); ok {
				r.wait.sum = max(r.wait.sum, d)
			}
		}
	}
	return r.wait.sum, unsure
}

// tasks returns the host ids of the run's tasks, threads included.
func (r *run) tasks() []int {
	if r.cg != nil {
		if tids, err := r.cg.threads(); err == nil {
			return tids
		}
	}
	pid := r.findTarget()
	if pid <= 0 {
		return nil
	}
	ents, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	tids := make([]int, 0, len(ents))
	for _, e := range ents {
		if tid, err := strconv.Atoi(e.Name()); err == nil {
			tids = append(tids, tid)
		}
	}
	return tids
}

// finalWait merges the helper's reading of the program's own run delay,
// taken after its end and before it was reaped, with what polling saw of
// its tasks.
func (r *run) finalWait(exit *exitInfo) time.Duration {
	if exit == nil || exit.RunDelayNS <= 0 || r.s.cpuWait != waitSchedstat {
		return r.wait.sum
	}
	d := time.Duration(exit.RunDelayNS)
	if pid := r.target; pid > 0 {
		if t := r.wait.tasks[pid]; t != nil && d > t.last.Wait {
			r.wait.sum += d - t.last.Wait
			t.last.Wait = d
		}
		if r.wait.tasks[pid] != nil {
			return r.wait.sum
		}
	}
	// Polling never saw it by its host pid, or at all.
	return max(r.wait.sum, d)
}

// maxStretch bounds how far the wall-clock limit stretches for a program
// that waits for a CPU: to this many times the limit, in real time. A
// run still short of its limit then is Starved: the machine is too busy
// to measure it. Ten times lets a program that gets a tenth of its fair
// time, such as one of 35 runnable tasks on 2 cores, still reach its CPU
// limit (3 times the limit + 1 s is 3 times the CPU limit or more), while
// bounding how long the judge waits.
const maxStretch = 10

// recheck is how soon the wall-clock limit is looked at again when the
// CPU wait not counted yet leaves it unsure whether the limit is reached.
const recheck = 20 * time.Millisecond

// wallCheck decides, when a run's wall-clock timer fires after elapsed
// real time, whether it is stopped (and why) or may run for more. The
// limit is on the time the program was not waiting for a CPU: a program
// that slept or blocked reaches it; one that was runnable but starved is
// given the time it waited, up to maxStretch times the limit. waited is
// the CPU wait counted so far, and unsure bounds what the program may have
// waited besides, not yet counted: the limit is reached only when it is
// even without that. measured is false where the CPU wait is not known;
// then a loaded machine (loaded != "") makes the run Starved rather than
// TLE.
func wallCheck(limit, elapsed, waited, unsure time.Duration, measured bool, loaded string) (more time.Duration, stop *kill) {
	if !measured {
		if loaded != "" {
			return 0, &kill{Starved, overloadedNote(loaded)}
		}
		return 0, &kill{TimeLimit, wallNote(limit)}
	}
	fair := elapsed - waited // at most; at least fair-unsure
	stretch := maxStretch * limit
	switch {
	case fair-unsure >= limit:
		return 0, &kill{TimeLimit, wallNote(limit)}
	case elapsed >= stretch:
		return 0, &kill{Starved, starvedNote(waited)}
	case fair < limit:
		return max(min(limit-fair, stretch-elapsed), time.Millisecond), nil
	}
	return min(recheck, stretch-elapsed), nil
}

// starvedNote says how long a Starved run waited for a CPU.
func starvedNote(waited time.Duration) string {
	return "machine overloaded: " + seconds(waited.Round(10*time.Millisecond)) + " waiting for a CPU"
}
