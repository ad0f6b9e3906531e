//go:build linux

package sandbox

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sudoku-judge/sudoku-judge/internal/schedstat"
	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

func TestParseStatState(t *testing.T) {
	for in, want := range map[string]byte{
		"30066 (cat) R 30064 30064":          'R',
		"7 (a) b) (c) S 1 7":                 'S', // the name holds ") ("
		"9 (x) D":                            'D',
		"9 (x)":                              0,
		"garbage":                            0,
		"12 (sudoku-judge) Z 1 12 12 0 -1 4": 'Z',
	} {
		if got := parseStatState([]byte(in)); got != want {
			t.Errorf("parseStatState(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParsePressure(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"some avg10=3.72 avg60=3.90 avg300=7.09 total=80439367\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n", 80439367 * time.Microsecond, true},
		{"full avg10=0.00 total=5\nsome avg10=1.00 total=7\n", 7 * time.Microsecond, true}, // "some", not "full"
		{"some avg10=3.72 avg60=3.90\n", 0, false},
		{"some total=x\n", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := parsePressure([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("parsePressure(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseLoadavg(t *testing.T) {
	for in, want := range map[string]float64{"0.52 0.58 0.59 2/1113 36213\n": 0.52, "18.11 15.88 8.39 13/206 1": 18.11} {
		if got, ok := parseLoadavg([]byte(in)); !ok || got != want {
			t.Errorf("parseLoadavg(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "x 1 2", "-1 0 0", "NaN 0 0", "+Inf 0 0", "1e300 0 0"} {
		if got, ok := parseLoadavg([]byte(in)); ok {
			t.Errorf("parseLoadavg(%q) = %v, want no value", in, got)
		}
	}
}

// TestWaitMeter checks that a task's wait counts once, at its latest
// reading, and still counts after the task is gone; and that what a
// runnable task may have waited uncounted runs from the reading before the
// one that last saw it run.
func TestWaitMeter(t *testing.T) {
	ms := time.Millisecond
	var m waitMeter
	if u := m.unsure(10, 30*ms); u != 30*ms {
		t.Errorf("unsure of a task never read: %v, want the whole 30ms", u)
	}
	m.add(10, schedstat.Stat{Run: 5 * ms, Wait: 100, Slices: 2}, 100*ms)
	m.add(11, schedstat.Stat{Run: 1 * ms, Wait: 50, Slices: 1}, 100*ms)
	m.add(10, schedstat.Stat{Run: 9 * ms, Wait: 300, Slices: 3}, 200*ms) // a later reading of 10 replaces its first
	m.add(11, schedstat.Stat{Run: 1 * ms, Wait: 20, Slices: 1}, 200*ms)  // never less than what was seen; did not run
	if m.sum != 350 {
		t.Errorf("sum %v, want 350ns (300 of task 10, 50 of 11)", m.sum)
	}
	// 10 ran between the readings at 100 and 200 ms; 11 last between 0
	// and 100 ms.
	if u := m.unsure(10, 250*ms); u != 150*ms {
		t.Errorf("unsure of task 10 at 250ms: %v, want 150ms (since 100ms)", u)
	}
	if u := m.unsure(11, 250*ms); u != 250*ms {
		t.Errorf("unsure of task 11 at 250ms: %v, want 250ms (since the start)", u)
	}
	m.add(12, schedstat.Stat{Wait: 5}, 300*ms) // 10 and 11 have ended: their wait stays
	if m.sum != 355 {
		t.Errorf("sum %v, want 355ns", m.sum)
	}
}

// TestWallCheck pins the rule of the wall-clock limit on both sides of
// each threshold: the limit on time not spent waiting for a CPU, and the
// stretch of 10 times the limit beyond which the run is Starved.
func TestWallCheck(t *testing.T) {
	const L = 4 * time.Second
	const S = 10 * L // the stretch
	ms := time.Millisecond
	tests := []struct {
		name                    string
		elapsed, waited, unsure time.Duration
		measured                bool
		loaded                  string
		wantMore                time.Duration
		wantStop                Status
		wantStopped             bool
		wantNotePrefix          string
		wantNoteContains        string
	}{
		{name: "slept the whole limit", elapsed: L, waited: 0, measured: true, wantStopped: true, wantStop: TimeLimit, wantNotePrefix: "wall time 4s"},
		{name: "not waiting for the limit exactly", elapsed: L + 500*ms, waited: 500 * ms, measured: true, wantStopped: true, wantStop: TimeLimit},
		{name: "1ms short of the limit", elapsed: L + 500*ms, waited: 501 * ms, measured: true, wantMore: ms},
		{name: "starved half the time", elapsed: L, waited: L / 2, measured: true, wantMore: L / 2},
		{name: "more is capped by the stretch", elapsed: S - L/2, waited: S - L, measured: true, wantMore: L / 2},
		{name: "just under the stretch", elapsed: S - ms, waited: S - 2*ms, measured: true, wantMore: ms},
		{name: "at the stretch", elapsed: S, waited: S - L + time.Second, measured: true, wantStopped: true, wantStop: Starved,
			wantNotePrefix: "machine overloaded: 37s waiting for a CPU"},
		{name: "at the stretch, past the limit", elapsed: S, waited: S - L, measured: true, wantStopped: true, wantStop: TimeLimit},
		{name: "over the limit unless 200ms uncounted wait", elapsed: L + 500*ms, waited: 400 * ms, unsure: 200 * ms, measured: true, wantMore: recheck},
		{name: "over the limit even with 99ms uncounted", elapsed: L + 500*ms, waited: 400 * ms, unsure: 99 * ms, measured: true, wantStopped: true, wantStop: TimeLimit},
		{name: "recheck capped by the stretch", elapsed: S - 5*ms, waited: S - L - 10*ms, unsure: 2 * L, measured: true, wantMore: 5 * ms},
		{name: "unsure at the stretch", elapsed: S, waited: S - L - time.Second, unsure: 2 * time.Second, measured: true, wantStopped: true, wantStop: Starved,
			wantNotePrefix: "machine overloaded: 35s waiting for a CPU"},
		{name: "not measured, idle machine", elapsed: L, measured: false, wantStopped: true, wantStop: TimeLimit},
		{name: "not measured, loaded machine", elapsed: L, measured: false, loaded: "load 15.0 on 2 CPUs", wantStopped: true, wantStop: Starved,
			wantNoteContains: "load 15.0 on 2 CPUs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			more, k := wallCheck(L, tt.elapsed, tt.waited, tt.unsure, tt.measured, tt.loaded)
			switch {
			case tt.wantStopped && k == nil:
				t.Fatalf("runs %v more, want it stopped (%v)", more, tt.wantStop)
			case !tt.wantStopped && k != nil:
				t.Fatalf("stopped (%v: %s), want %v more", k.status, k.note, tt.wantMore)
			case !tt.wantStopped:
				if more != tt.wantMore {
					t.Errorf("runs %v more, want %v", more, tt.wantMore)
				}
				return
			}
			if k.status != tt.wantStop || !strings.HasPrefix(k.note, tt.wantNotePrefix) || !strings.Contains(k.note, tt.wantNoteContains) {
				t.Errorf("stopped %v %q, want %v %q...%q", k.status, k.note, tt.wantStop, tt.wantNotePrefix, tt.wantNoteContains)
			}
		})
	}
}

// emulated reports whether the CPUs are QEMU's emulated ones (TCG), as
// in scripts/cgroup-v2-vm.sh.
func emulated() bool {
	b, err := os.ReadFile("/proc/cpuinfo")
	return err == nil && bytes.Contains(b, []byte("QEMU"))
}

// competitors starts n busy loops on cpu, outside any sandbox, at the
// judge's own priority, for the test's duration.
func competitors(t *testing.T, cpu, n int) {
	t.Helper()
	for range n {
		cmd := exec.Command(prog, "pin", strconv.Itoa(cpu), "loop")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
		})
	}
}

// firstCPU returns the first CPU this process may run on.
func firstCPU(t *testing.T) int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		t.Fatal(err)
	}
	for cpu := range len(set) * 64 {
		if set.IsSet(cpu) {
			return cpu
		}
	}
	t.Fatal("no CPU in the affinity mask")
	return 0
}

// TestStarved runs programs on one CPU with twelve busy loops beside them,
// so that each gets a thirteenth of it or less, and checks that the machine's load
// does not decide their verdicts: a program that finishes in time after
// waiting for the CPU is OK (never TLE), a spinner is TLE on CPU time, a
// sleeper TLE on wall time, and a program starved beyond the stretched
// wall limit is Starved, not TLE.
func TestStarved(t *testing.T) {
	needs(t, false)
	if emulated() {
		// Under TCG the host runs the guest's CPUs in turn: the time a
		// guest CPU is not emulated passes on the guest's clock with its
		// task neither running nor, as the guest sees it, waiting.
		t.Skip("emulated CPUs (QEMU TCG): the guest cannot see the time the host did not run it")
	}
	for _, mode := range []struct {
		name string
		opts Options
		root bool
	}{
		{"full", Options{}, false}, // as root, or rootless in a user namespace
		{"rlimits", Options{NoNamespaces: true, NoCgroups: true}, false},
	} {
		t.Run(mode.name, func(t *testing.T) {
			needs(t, mode.root)
			s := newSandbox(t, mode.opts)
			if s.Isolation().CPUWait != waitSchedstat {
				testenv.Need(t, "a kernel that keeps schedstat", fmt.Errorf("CPU wait measured by %q", s.Isolation().CPUWait))
			}
			cpu := strconv.Itoa(firstCPU(t))
			competitors(t, firstCPU(t), 12)
			cases := []struct {
				name   string
				args   []string
				limits Limits
				want   []Status // the first, or on a machine too busy for this test the others
				check  func(t *testing.T, res *Result)
			}{
				{
					// 100 ms of CPU take 1.3 s or more of real time: over
					// the wall limit, but not for want of running. On a
					// machine so busy that it gets under a fortieth of
					// the CPU it is Starved: no verdict, but never TLE.
					name: "done after waiting", args: []string{"pin", cpu, "cpu", "100"},
					limits: Limits{CPUTime: time.Second, WallTime: 400 * time.Millisecond}, want: []Status{OK, Starved},
					check: func(t *testing.T, res *Result) {
						if res.CPUWait < res.CPUTime || res.Status == OK && res.WallTime-res.CPUWait > 400*time.Millisecond {
							t.Errorf("CPU %v, wall %v, CPU wait %v: want a wait longer than the CPU time, and under 400ms not waiting", res.CPUTime, res.WallTime, res.CPUWait)
						}
					},
				},
				{
					name: "spinner", args: []string{"pin", cpu, "loop"},
					limits: Limits{CPUTime: 100 * time.Millisecond, WallTime: 3 * time.Second}, want: []Status{TimeLimit},
					check: func(t *testing.T, res *Result) {
						if !strings.HasPrefix(res.Note, "cpu time") {
							t.Errorf("note %q, want the CPU time limit", res.Note)
						}
					},
				},
				{
					name: "sleeper", args: []string{"pin", cpu, "sleep"},
					limits: Limits{CPUTime: 200 * time.Millisecond, WallTime: 300 * time.Millisecond}, want: []Status{TimeLimit},
					check: func(t *testing.T, res *Result) {
						if !strings.HasPrefix(res.Note, "wall time") || res.WallTime-res.CPUWait < 300*time.Millisecond {
							t.Errorf("note %q, wall %v, CPU wait %v: want the wall limit, 300ms not waiting", res.Note, res.WallTime, res.CPUWait)
						}
					},
				},
				{
					// At a thirteenth of a CPU, 100 ms not waiting take 1.3 s:
					// past 10 times the limit.
					name: "starved", args: []string{"pin", cpu, "loop"},
					limits: Limits{CPUTime: 10 * time.Second, WallTime: 100 * time.Millisecond}, want: []Status{Starved},
					check: func(t *testing.T, res *Result) {
						if !strings.HasPrefix(res.Note, "machine overloaded: ") || res.CPUWait < 500*time.Millisecond {
							t.Errorf("note %q, CPU wait %v: want machine overloaded, 500ms waited or more", res.Note, res.CPUWait)
						}
						if res.WallTime < time.Second {
							t.Errorf("wall %v: stopped before 10 times its limit", res.WallTime)
						}
					},
				},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					res := runOK(t, s, Spec{Path: prog, Args: c.args, Limits: c.limits})
					t.Logf("CPU wait %v", res.CPUWait)
					if !slices.Contains(c.want, res.Status) {
						t.Errorf("status %v (%s), want %v", res.Status, res.Note, c.want[0])
					}
					c.check(t, res)
				})
			}
		})
	}
}

// TestFairParallel checks the bounds of the default parallelism: at least
// one run, at most one per CPU, and no more than the idle cores the load
// average leaves.
func TestFairParallel(t *testing.T) {
	n := FairParallel()
	load, ok := loadAverage()
	t.Logf("FairParallel %d: %d cores, %d CPUs, load %.2f (%v)", n, cores(), runtime.NumCPU(), load, ok)
	if n < 1 || n > runtime.NumCPU() || n > cores() {
		t.Errorf("FairParallel %d, want 1 to %d", n, min(cores(), runtime.NumCPU()))
	}
	if ok && n > 1 && float64(n) > float64(cores())-load+0.5 {
		t.Errorf("FairParallel %d with load %.2f on %d cores", n, load, cores())
	}
}

// FuzzProcText: the readers of /proc and cgroup text never panic, and what
// they read is never negative.
func FuzzProcText(f *testing.F) {
	for _, s := range []string{
		"some avg10=3.72 avg60=3.90 avg300=7.09 total=80439367\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
		"30066 (cat) R 30064 30064", "7 (a) b) (c) S 1 7", "0.52 0.58 0.59 2/1113 36213\n", "", ")", "some total=-1",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if d, ok := parsePressure(b); ok && d < 0 {
			t.Errorf("parsePressure(%q) = %v", b, d)
		}
		if l, ok := parseLoadavg(b); ok && (l < 0 || math.IsNaN(l) || math.IsInf(l, 0)) {
			t.Errorf("parseLoadavg(%q) = %v", b, l)
		}
		parseStatState(b)
	})
}
