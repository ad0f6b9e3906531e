//go:build linux

package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// TestHostResources runs testdata/hostile/exhaust.c once per kernel
// resource counted per machine or per real uid rather than per box: the
// program takes all it can and holds it, and meanwhile the judge, as the
// host, must still get its own. (As root the program runs as a uid of its
// own, so only the machine-wide resources are at stake for the judge's
// uid; as an ordinary user, scripts/hostile-modes.sh, the program has the
// judge's uid and the per-uid ones are too.)
func TestHostResources(t *testing.T) {
	testenv.NeedCommand(t, "gcc")
	bin := filepath.Join(t.TempDir(), "exhaust")
	if b, err := exec.Command("gcc", "-O1", "-o", bin, "testdata/hostile/exhaust.c").CombinedOutput(); err != nil {
		t.Fatalf("building exhaust.c: %v\n%s", err, b)
	}
	os.Chmod(filepath.Dir(bin), 0o755)
	s := newSandbox(t, Options{})
	for _, c := range []struct {
		resource string
		host     func() error // makes one of the host's own and frees it
	}{
		{"aio", hostAIO},
		{"inotify", func() error { return closing(unix.InotifyInit1(unix.IN_CLOEXEC)) }},
		{"mqueue", hostMqueue},
		{"keys", hostKey},
		{"eventfd", func() error { return closing(unix.Eventfd(0, unix.EFD_CLOEXEC)) }},
		{"timerfd", func() error { return closing(unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_CLOEXEC)) }},
	} {
		t.Run(c.resource, func(t *testing.T) {
			// The program reads its input's one byte once it holds all it
			// could take, and exits at the input's end: the judge checks
			// the host in between.
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			defer w.Close()
			if _, err := w.Write([]byte{'x'}); err != nil {
				t.Fatal(err)
			}
			done := make(chan *Result, 1)
			go func() {
				res, err := s.Run(context.Background(), Spec{
					Path:   bin,
					Args:   []string{c.resource},
					Stdin:  r,
					Limits: Limits{CPUTime: 10 * time.Second, WallTime: 60 * time.Second, Memory: 256 << 20},
				})
				if err != nil {
					t.Errorf("Run: %v", err)
				}
				done <- res
			}()
			held := false
			for !held {
				n, err := unix.IoctlGetInt(int(w.Fd()), unix.TIOCINQ) // FIONREAD
				if err != nil {
					t.Fatal(err)
				}
				held = n == 0
				select {
				case res := <-done:
					t.Fatalf("the program ended before it held anything: %v (%s), stderr %q", res.Status, res.Note, res.Stderr)
				case <-time.After(10 * time.Millisecond):
				}
			}
			hostErr := c.host()
			w.Close()
			res := <-done
			if hostErr != nil {
				t.Errorf("the host could not make its own while the program held %s: %v", c.resource, hostErr)
			}
			if res.Status != OK {
				t.Errorf("status %v (%s), stderr %q: the box let it take more than it bounds", res.Status, res.Note, res.Stderr)
			}
			t.Logf("%s: %s", c.resource, truncate(res.Stderr))
		})
	}
}

// closing closes the descriptor a call made and returns its error.
func closing(fd int, err error) error {
	if err == nil {
		unix.Close(fd)
	}
	return err
}

func hostAIO() error {
	var ctx uint64
	if _, _, e := unix.Syscall(unix.SYS_IO_SETUP, 1, uintptr(unsafe.Pointer(&ctx)), 0); e != 0 {
		return e
	}
	unix.Syscall(unix.SYS_IO_DESTROY, uintptr(ctx), 0, 0)
	return nil
}

func hostMqueue() error {
	name, err := unix.BytePtrFromString("sudoku-sandbox-test-" + token(nil))
	if err != nil {
		return err
	}
	fd, _, e := unix.Syscall6(unix.SYS_MQ_OPEN, uintptr(unsafe.Pointer(name)), unix.O_CREAT|unix.O_RDWR|unix.O_CLOEXEC, 0o600, 0, 0, 0)
	if e != 0 {
		return e
	}
	unix.Close(int(fd))
	unix.Syscall(unix.SYS_MQ_UNLINK, uintptr(unsafe.Pointer(name)), 0, 0)
	return nil
}

func hostKey() error {
	// In a thread keyring, and the key invalidated at once. (The thread
	// must live on: a helper forked from it dies with it, by Pdeathsig.)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	id, err := unix.AddKey("user", "sudoku-sandbox-test", []byte("x"), unix.KEY_SPEC_THREAD_KEYRING)
	if err != nil {
		return err
	}
	unix.KeyctlInt(unix.KEYCTL_INVALIDATE, id, 0, 0, 0)
	return nil
}
