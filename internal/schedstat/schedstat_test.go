package schedstat

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Stat
		ok   bool
	}{
		{"657956 2125314 7\n", Stat{657956, 2125314, 7}, true},
		{"0 0 0", Stat{}, true},
		{"657956 2125314", Stat{}, false}, // a field missing
		{"1 -5 2", Stat{}, false},
		{"1 x 2", Stat{}, false},
		{"", Stat{}, false},
	}
	for _, tt := range tests {
		got, err := Parse([]byte(tt.in))
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("Parse(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// TestThread checks that the calling thread's run time grows as it spins.
func TestThread(t *testing.T) {
	if runtime.GOOS != "linux" {
		if _, err := Thread(); err != ErrUnsupported {
			t.Errorf("Thread on %s: %v, want ErrUnsupported", runtime.GOOS, err)
		}
		return
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before, err := Thread()
	testenv.Need(t, "a kernel that keeps schedstat", err)
	for start := time.Now(); time.Since(start) < 20*time.Millisecond; {
	}
	after, err := Thread()
	if err != nil {
		t.Fatal(err)
	}
	if after.Run <= before.Run || after.Wait < before.Wait || after.Slices < before.Slices {
		t.Errorf("before %+v, after 20ms of spinning %+v", before, after)
	}
	// The thread's CPU clock is the same counter as Run, read later.
	run, err := ThreadRun()
	if err != nil {
		t.Fatal(err)
	}
	if last, _ := Thread(); run < after.Run || run > last.Run {
		t.Errorf("ThreadRun %v, not between Run %v and %v read around it", run, after.Run, last.Run)
	}
}

// TestWaitExited checks that a child's schedstat is read after its end,
// before it is reaped: it ran, and it is still there to reap.
func TestWaitExited(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Linux only")
	}
	_, err := Thread()
	testenv.Need(t, "a kernel that keeps schedstat", err)
	cmd := exec.Command(os.Args[0], "-test.run=^$") // runs no test: starts and ends
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s, err := WaitExited(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	if s.Run <= 0 || s.Slices <= 0 {
		t.Errorf("schedstat %+v of a process that ran", s)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("reaping after WaitExited: %v", err)
	}
}

// FuzzParse: any text parses or fails cleanly, and what parses are the
// first three fields, never negative.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"657956 2125314 7\n", "0 0 0", "1 2", "1 -2 3", "9223372036854775807 1 1", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Parse(b)
		if err != nil {
			return
		}
		if s.Run < 0 || s.Wait < 0 || s.Slices < 0 {
			t.Errorf("Parse(%q) = %+v: negative", b, s)
		}
		again, err := Parse([]byte(fmt.Sprint(int64(s.Run), " ", int64(s.Wait), " ", s.Slices)))
		if err != nil || again != s {
			t.Errorf("Parse(%q) = %+v; its fields parse to %+v, %v", b, s, again, err)
		}
	})
}
