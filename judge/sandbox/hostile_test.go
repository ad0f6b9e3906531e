//go:build linux

package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// The hostile-submission suite: testdata/hostile holds one program per
// attack class (see its README.md). TestHostile judges each in the mode
// this process can give, which SANDBOX_SUITE_MODE names for the record:
//
//	root       root with the machine's cgroups (the default as root)
//	rootless   an ordinary user (the default otherwise), in a user
//	           namespace if the kernel allows, else with rlimits only
//
// To run it as an ordinary user, with and without user namespaces (the
// second makes a user namespace allowing just one nested namespace, used
// up by the test's own):
//
//	go test -c -o /tmp/s/sandbox.test ./judge/sandbox && cp -r judge/sandbox/testdata /tmp/s/
//	cd /tmp/s && setpriv --reuid=65534 --regid=65534 --clear-groups env TMPDIR=/tmp ./sandbox.test -test.run TestHostile -test.v
//	setpriv --reuid=65534 --regid=65534 --clear-groups unshare -U -r sh -c \
//	  'echo 1 >/proc/sys/user/max_user_namespaces; exec unshare -U --map-user=65534 --map-group=65534 env TMPDIR=/tmp ./sandbox.test -test.run TestHostile -test.v'
//
//
// and logs one "suite:" line per program, for the table in the notes.
// SANDBOX_SUITE_BIN names a directory of the programs built beforehand (as
// NAME, from NAME.c), for machines without gcc.

// A hostileCase is one program of the suite and what it must come to.
type hostileCase struct {
	name   string
	src    string
	want   Status
	limits Limits
	// needsBox marks an attack that only namespaces (or a uid of the
	// run's own) hold: in the degraded mode without them it may get
	// through, and the isolation line must say so.
	needsBox bool
}

// loadHostile reads the suite's programs and their "// want:" lines.
func loadHostile(t *testing.T) []hostileCase {
	t.Helper()
	srcs, err := filepath.Glob("testdata/hostile/*.c")
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no programs in testdata/hostile (%v)", err)
	}
	var cases []hostileCase
	for _, src := range srcs {
		if strings.HasSuffix(src, ".compile.c") {
			continue // compile-time attacks, for the compile step
		}
		c, err := parseWant(src)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// parseWant reads the "// want: STATUS [key=value...]" first line of src.
func parseWant(src string) (hostileCase, error) {
	c := hostileCase{name: strings.TrimSuffix(filepath.Base(src), ".c"), src: src}
	f, err := os.Open(src)
	if err != nil {
		return c, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan()
	rest, ok := strings.CutPrefix(sc.Text(), "// want: ")
	if !ok {
		return c, fmt.Errorf("%s:1:1: want a \"// want: STATUS\" line", src)
	}
	fields := strings.Fields(rest)
	found := false
	for i, n := range statusNames {
		if len(fields) > 0 && fields[0] == n {
			c.want, found = Status(i), true
		}
	}
	if !found {
		return c, fmt.Errorf("%s:1:10: unknown status %q", src, rest)
	}
	c.limits = Limits{CPUTime: 5 * time.Second, WallTime: 20 * time.Second, Memory: 256 << 20}
	for _, kv := range fields[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if k == "needs" {
			if v != "box" {
				return c, fmt.Errorf("%s:1: needs=%s: want needs=box", src, v)
			}
			c.needsBox = true
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return c, fmt.Errorf("%s:1: %s: %v", src, kv, err)
		}
		switch k {
		case "memory":
			c.limits.Memory = n << 20
		case "output":
			c.limits.Output = n << 20
		case "cpu":
			c.limits.CPUTime = time.Duration(n) * time.Second
		default:
			return c, fmt.Errorf("%s:1: unknown limit %q", src, k)
		}
	}
	return c, nil
}

// suiteMode names the mode the suite runs in.
func suiteMode() string {
	if m := os.Getenv("SANDBOX_SUITE_MODE"); m != "" {
		return m
	}
	if os.Geteuid() == 0 {
		return "root"
	}
	return "rootless"
}

// hostFile is a host file the programs must neither read nor change.
type hostFile struct {
	path string
	data []byte
}

func (h hostFile) changed() bool {
	b, err := os.ReadFile(h.path)
	return err != nil || !bytes.Equal(b, h.data)
}

func TestHostile(t *testing.T) {
	prebuilt := os.Getenv("SANDBOX_SUITE_BIN") // programs built elsewhere, e.g. for a VM
	if _, err := exec.LookPath("gcc"); err != nil && prebuilt == "" {
		testenv.Need(t, "gcc, or SANDBOX_SUITE_BIN", err)
	}
	cases := loadHostile(t)
	mode := suiteMode()

	// The programs, in a directory any uid can read; the secrets, in one
	// the program is not given.
	tok := token(t)
	bin := filepath.Join(t.TempDir(), tok)
	secret := filepath.Join(t.TempDir(), "secret")
	for _, d := range []string{filepath.Dir(bin), bin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		os.Chmod(d, 0o755)
	}
	if err := os.Mkdir(secret, 0o755); err != nil {
		t.Fatal(err)
	}
	answer := hostFile{filepath.Join(secret, "1.ans"), []byte("the expected answer\n")}
	writable := hostFile{filepath.Join(secret, "host.txt"), []byte("a host file\n")}
	for _, h := range []hostFile{answer, writable} {
		// World-writable, so that only the box keeps the program out.
		if err := os.WriteFile(h.path, h.data, 0o666); err != nil {
			t.Fatal(err)
		}
		os.Chmod(h.path, 0o666)
	}

	var wg sync.WaitGroup
	built := make([]string, len(cases))
	for i, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := filepath.Join(bin, c.name)
			if prebuilt != "" {
				// Streamed, not read whole: table400 is 400 MiB, and the
				// judge's peak memory is what this test bounds.
				if err := copyExecutable(out, filepath.Join(prebuilt, c.name)); err != nil {
					t.Errorf("prebuilt %s: %v", c.name, err)
					return
				}
				built[i] = out
				return
			}
			if b, err := exec.Command("gcc", "-O1", "-o", out, c.src).CombinedOutput(); err != nil {
				t.Errorf("building %s: %v\n%s", c.src, err, b)
				return
			}
			built[i] = out
		}()
	}
	wg.Wait()

	// A parent that leaks fds: the answer read-only and the host file
	// writable, inherited by everything this process starts.
	for _, h := range []struct {
		path string
		flag int
	}{{answer.path, unix.O_RDONLY}, {writable.path, unix.O_RDWR}} {
		fd, err := unix.Open(h.path, h.flag, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Close(fd)
	}

	// A listener on the host's loopback for network.c.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)

	s := newSandbox(t, Options{})
	t.Logf("suite: mode %s isolation %v", mode, s.Isolation())
	boxed := len(s.Isolation().Namespaces) > 0
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if built[i] == "" {
				t.Skip("not built")
			}
			if c.name == "killall" && !boxed && !s.setuid {
				// Same uid as the judge and no PID namespace: kill(-1)
				// would end this test. Not contained, and said so.
				t.Logf("suite: %s %s -> not run (would kill the judge) contained=false", mode, c.name)
				return
			}
			spec := Spec{Path: built[i], Limits: c.limits, Hide: []string{secret}}
			switch c.name {
			case "answer":
				spec.Args = []string{answer.path, writable.path}
			case "network":
				spec.Args = []string{port}
			case "procsnoop":
				spec.Args = []string{secret}
			case "devstdin":
				spec.Stdin = strings.NewReader("the input\n")
			}
			res, err := s.Run(context.Background(), spec)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			// Without a box, such an attack is not contained, and the
			// isolation line must say so, which is all the test asks.
			errorf := t.Errorf
			if c.needsBox && !boxed {
				if !strings.Contains(s.Isolation().String(), "no namespaces") {
					t.Errorf("isolation %q does not say there is no box", s.Isolation())
				}
				errorf = t.Logf
			}
			contained := res.Status == c.want
			if !contained {
				errorf("status %v (%s), want %v; stderr %q", res.Status, res.Note, c.want, truncate(res.Stderr))
			}
			for _, h := range []hostFile{answer, writable} {
				if h.changed() {
					contained = false
					errorf("%s changed", h.path)
					os.WriteFile(h.path, h.data, 0o666)
				}
			}
			if left := s.leftovers(); len(left) > 0 {
				contained = false
				t.Errorf("left behind: %v", left)
			}
			if pids := survivors(tok); len(pids) > 0 {
				contained = false
				t.Errorf("processes left: %v", pids)
			}
			t.Logf("suite: %s %s -> %v (%s) contained=%v mem %.1f MiB", mode, c.name, res.Status, res.Note, contained, float64(res.Memory)/(1<<20))
		})
	}
	// The judge keeps at most a run's output limit (16 MiB here) of what a
	// program prints; its own peak stays within a small multiple of that
	// (about 61 MiB measured, here and under cgroup v2).
	if hwm := peakRSS(); hwm > 128<<20 {
		t.Errorf("the judge's peak memory was %.0f MiB", float64(hwm)/(1<<20))
	} else {
		t.Logf("suite: %s judge peak memory %.1f MiB", mode, float64(hwm)/(1<<20))
	}
}

// copyExecutable copies the program at src to a new executable dst.
func copyExecutable(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// peakRSS returns this process's peak resident set size (VmHWM).
func peakRSS() int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n << 10
		}
	}
	return 0
}

// TestUIDSlots runs two Sandboxes, as two judge processes would, at once:
// their programs must get different uids.
func TestUIDSlots(t *testing.T) {
	needs(t, true)
	// Four uids for the two, which take two each: the second must skip
	// those the first holds.
	var boxes [2]*Sandbox
	for i := range boxes {
		s, err := New(Options{MaxParallel: 4})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		boxes[i] = s
	}
	a, b := boxes[0], boxes[1]
	// Each run reports its uid and when it ran, by the box's clock (the
	// host's): runs with the same uid must not overlap. (Other judges on
	// the machine may hold some uids meanwhile, so runs may also wait.)
	type span struct {
		uid        string
		start, end int64
	}
	var wg sync.WaitGroup
	spans := make([]span, 4)
	for i := range spans {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := s.Run(context.Background(), Spec{Path: "/bin/sh", Args: []string{"-c", "id -u; date +%s%N; sleep 0.5; date +%s%N"}, Allow: hostTools})
			if err != nil {
				t.Error(err)
				return
			}
			f := strings.Fields(string(res.Stdout))
			if len(f) != 3 {
				t.Errorf("output %q", res.Stdout)
				return
			}
			start, _ := strconv.ParseInt(f[1], 10, 64)
			end, _ := strconv.ParseInt(f[2], 10, 64)
			spans[i] = span{f[0], start, end}
		}()
	}
	wg.Wait()
	for i, x := range spans {
		for _, y := range spans[i+1:] {
			if x.uid == y.uid && x.start < y.end && y.start < x.end {
				t.Errorf("uid %s given to two concurrent runs: %v", x.uid, spans)
			}
		}
	}
}

// TestCompileFeatures checks what a compiler run needs: a writable output
// directory, a read-only source, and file locks on request.
func TestCompileFeatures(t *testing.T) {
	needs(t, true)
	s := newSandbox(t, Options{})
	src := filepath.Join(t.TempDir(), "src")
	out := filepath.Join(t.TempDir(), "out")
	for _, d := range []string{src, out} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Dir(src), 0o755)
	os.Chmod(filepath.Dir(out), 0o755)
	if err := os.WriteFile(filepath.Join(src, "a.c"), []byte("int main(void){return 0;}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runOK(t, s, Spec{
		Path:     "/bin/sh",
		Allow:    hostTools,
		Args:     []string{"-c", "cat " + src + "/a.c > " + out + "/copy && ! touch " + src + "/b 2>/dev/null"},
		ReadOnly: []string{src},
		Writable: []string{out},
	})
	if res.Status != OK {
		t.Errorf("status %v (%s), stderr %q: want the output written and the source read-only", res.Status, res.Note, res.Stderr)
	}
	if b, err := os.ReadFile(filepath.Join(out, "copy")); err != nil || !strings.Contains(string(b), "main") {
		t.Errorf("output dir: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(src, "b")); err == nil {
		t.Error("the read-only source dir was written")
	}

	lock := filepath.Join(out, "flock")
	gcc := testenv.NeedCommand(t, "gcc") // to build testdata/hostile/flock.c
	if b, err := exec.Command(gcc, "-O1", "-o", lock, "testdata/hostile/flock.c").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v %s", err, b)
	}
	for _, allow := range []bool{false, true} {
		res := runOK(t, s, Spec{Path: lock, AllowLocks: allow})
		// flock.c exits 0 if every lock was refused.
		if got := res.Status == OK; got == allow {
			t.Errorf("AllowLocks %v: status %v, stderr %q", allow, res.Status, res.Stderr)
		}
	}
}
