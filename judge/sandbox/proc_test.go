//go:build linux

package sandbox

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestParseStatusHWM(t *testing.T) {
	for _, tt := range []struct {
		name   string
		status string
		want   int64
		ok     bool
	}{
		{"status", "Name:\tprog\nVmPeak:\t  20000 kB\nVmHWM:\t    1536 kB\nVmRSS:\t    1024 kB\n", 1536 << 10, true},
		{"first line", "VmHWM: 4 kB\n", 4 << 10, true},
		{"no newline", "VmRSS: 1 kB\nVmHWM: 8 kB", 8 << 10, true},
		{"missing", "Name:\tprog\nVmRSS:\t1024 kB\n", 0, false},
		{"empty value", "VmHWM:\n", 0, false},
		{"not a number", "VmHWM: lots kB\n", 0, false},
		{"negative", "VmHWM: -4 kB\n", 0, false},
		{"empty", "", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseStatusHWM([]byte(tt.status))
			if got != tt.want || ok != tt.ok {
				t.Errorf("parseStatusHWM(%q) = %d, %v; want %d, %v", tt.status, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestJudgeStatus checks how a run's end becomes a status, decision by
// decision, without running anything: each case is one the polling may
// miss (a limit crossed between two looks) or one only the exit tells.
func TestJudgeStatus(t *testing.T) {
	const mib = 1 << 20
	exited := func(code int) uint32 { return uint32(code) << 8 }
	signaled := func(sig unix.Signal) uint32 { return uint32(sig) }
	for _, tt := range []struct {
		name   string
		limits Limits
		exit   exitInfo
		wait   time.Duration // the CPU wait measured (Result.CPUWait)
		st     groupStats
		stop   *kill
		want   Status
	}{
		{"clean exit", Limits{Memory: 64 * mib}, exitInfo{Status: exited(0), MaxRSS: 10 * mib}, 0, groupStats{}, nil, OK},
		{"exit code", Limits{}, exitInfo{Status: exited(3)}, 0, groupStats{}, nil, RuntimeError},
		{"resident peak over the limit, no cgroup", Limits{Memory: 64 * mib}, exitInfo{Status: exited(0), MaxRSS: 65 * mib}, 0, groupStats{}, nil, MemoryLimit},
		{"died near the limit, no cgroup", Limits{Memory: 64 * mib}, exitInfo{Status: signaled(unix.SIGSEGV), MaxRSS: 60 * mib}, 0, groupStats{}, nil, MemoryLimit},
		{"died far below the limit", Limits{Memory: 64 * mib}, exitInfo{Status: signaled(unix.SIGSEGV), MaxRSS: 10 * mib}, 0, groupStats{}, nil, RuntimeError},
		{"allocation refused", Limits{Memory: 64 * mib}, exitInfo{Status: exited(1), Refused: true}, 0, groupStats{}, nil, MemoryLimit},
		{"OOM kill", Limits{Memory: 64 * mib}, exitInfo{Status: signaled(unix.SIGKILL)}, 0, groupStats{oomKills: 1}, nil, MemoryLimit},
		{"CPU over the limit at exit", Limits{CPUTime: time.Second}, exitInfo{Status: exited(0), UserNS: int64(1200 * time.Millisecond)}, 0, groupStats{}, nil, TimeLimit},
		{"cgroup CPU over the limit", Limits{CPUTime: time.Second}, exitInfo{Status: exited(0)}, 0, groupStats{cpu: 1100 * time.Millisecond, cpuOK: true}, nil, TimeLimit},
		{"wall over the limit", Limits{WallTime: time.Second}, exitInfo{Status: exited(0), WallNS: int64(2 * time.Second)}, 0, groupStats{}, nil, TimeLimit},
		{"file size rlimit", Limits{}, exitInfo{Status: signaled(unix.SIGXFSZ)}, 0, groupStats{}, nil, OutputLimit},
		{"CPU rlimit", Limits{}, exitInfo{Status: signaled(unix.SIGXCPU)}, 0, groupStats{}, nil, TimeLimit},
		{"stalled at the memory limit until the wall limit", Limits{Memory: 64 * mib, WallTime: time.Second}, exitInfo{Status: signaled(unix.SIGKILL)}, 0,
			groupStats{peak: 64 * mib}, &kill{TimeLimit, "wall time 1s exceeded"}, MemoryLimit},
		{"wall limit below the memory limit", Limits{Memory: 64 * mib, WallTime: time.Second}, exitInfo{Status: signaled(unix.SIGKILL)}, 0,
			groupStats{peak: 10 * mib}, &kill{TimeLimit, "wall time 1s exceeded"}, TimeLimit},
		// The wall limit is on the time not spent waiting for a CPU.
		{"wall past the limit, within it less the CPU wait", Limits{WallTime: time.Second}, exitInfo{Status: exited(0), WallNS: int64(2 * time.Second)},
			1500 * time.Millisecond, groupStats{}, nil, OK},
		{"wall past the limit, past it less the CPU wait", Limits{WallTime: time.Second}, exitInfo{Status: exited(0), WallNS: int64(2 * time.Second)},
			900 * time.Millisecond, groupStats{}, nil, TimeLimit},
		// Starved: stopped by the load, no verdict, unless the program was
		// already over its CPU time when it was stopped.
		{"starved within its CPU time", Limits{CPUTime: time.Second}, exitInfo{Status: signaled(unix.SIGKILL), UserNS: int64(300 * time.Millisecond)},
			15 * time.Second, groupStats{}, &kill{Starved, "machine overloaded"}, Starved},
		{"starved past its CPU time", Limits{CPUTime: time.Second}, exitInfo{Status: signaled(unix.SIGKILL), UserNS: int64(1100 * time.Millisecond)},
			15 * time.Second, groupStats{}, &kill{Starved, "machine overloaded"}, TimeLimit},
		{"starved at its memory limit", Limits{CPUTime: time.Second, Memory: 64 * mib}, exitInfo{Status: signaled(unix.SIGKILL)},
			15 * time.Second, groupStats{peak: 64 * mib}, &kill{Starved, "machine overloaded"}, MemoryLimit},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &run{limits: tt.limits}
			res := &Result{ExitCode: -1, CPUWait: tt.wait}
			exit := tt.exit
			r.judge(res, &exit, tt.stop, tt.st)
			if res.Status != tt.want {
				t.Errorf("status %v (%s), want %v", res.Status, res.Note, tt.want)
			}
		})
	}
}
