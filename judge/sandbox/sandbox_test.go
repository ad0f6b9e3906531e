//go:build linux

package sandbox

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// prog is the test program built from testdata/prog.c, or "" if it could
// not be built.
var prog string

func TestMain(m *testing.M) {
	if IsHelper() {
		RunHelper()
	}
	dir, err := os.MkdirTemp("", "sandbox-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// Traversable by the sandbox's uids, for the runs without a mount
	// namespace.
	os.Chmod(dir, 0o755)
	p := filepath.Join(dir, "prog")
	if out, err := exec.Command("gcc", "-O1", "-pthread", "-o", p, "testdata/prog.c").CombinedOutput(); err == nil {
		prog = p
	} else if pre := filepath.Join(os.Getenv("SANDBOX_SUITE_BIN"), "prog"); os.Getenv("SANDBOX_SUITE_BIN") != "" && fileExists(pre) {
		prog = pre // built elsewhere, e.g. for the cgroup v2 VM (scripts/cgroup-v2-vm.sh)
	} else {
		fmt.Fprintf(os.Stderr, "building testdata/prog.c: %v\n%s", err, out)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// needs skips t (fails it in CI) unless the test program was built and,
// if root, the test runs as root.
func needs(t testing.TB, root bool) {
	t.Helper()
	if prog == "" {
		testenv.Need(t, "gcc, to build testdata/prog.c", errProgNotBuilt)
	}
	if root {
		testenv.NeedRoot(t)
	}
}

var errProgNotBuilt = errors.New("testdata/prog.c was not built (its error is at the start of the output)")

// newSandbox returns a Sandbox that the test closes, checking that it
// leaves nothing behind.
func newSandbox(t testing.TB, opts Options) *Sandbox {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("isolation: %v %q", s.Isolation(), s.Isolation().Degraded)
	t.Cleanup(func() {
		dirs := s.baseDirs()
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		for _, d := range dirs {
			if _, err := os.Stat(d); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("after Close, %s remains (%v)", d, err)
			}
		}
		for _, pid := range survivors(helperArg0) {
			if ppid(pid) == os.Getpid() {
				t.Errorf("after Close, helper %d remains", pid)
			}
		}
	})
	return s
}

// baseDirs returns the sandbox's directory and base cgroups.
func (s *Sandbox) baseDirs() []string {
	dirs := []string{s.dir}
	switch h := s.hier.(type) {
	case *v1:
		for _, hi := range h.hiers {
			dirs = append(dirs, hi.base)
		}
	case *v2:
		dirs = append(dirs, h.base)
	}
	return dirs
}

// leftovers returns what a finished run left in the sandbox's directory or
// base cgroups, once the removals it asked for are done. The groups made
// ahead for later runs are no leftovers, if they are empty.
func (s *Sandbox) leftovers() []string {
	ahead := make(map[string]bool)
	if s.groups != nil {
		s.groups.sync()
		s.groups.mu.Lock()
		for _, rg := range s.groups.ready {
			for _, d := range groupDirs(rg.g) {
				pids, err := readPids(filepath.Join(d, "cgroup.procs"))
				ahead[d] = err == nil && len(pids) == 0
			}
		}
		s.groups.mu.Unlock()
	}
	var left []string
	for _, d := range s.baseDirs() {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			if p := filepath.Join(d, e.Name()); e.IsDir() && !ahead[p] {
				left = append(left, p)
			}
		}
	}
	return left
}

// groupDirs returns the cgroups of g.
func groupDirs(g group) []string {
	switch g := g.(type) {
	case *v1Group:
		return g.all
	case *v2Group:
		return []string{g.dir}
	}
	return nil
}

// runOK runs spec, failing t on an error or a leftover.
func runOK(t *testing.T, s *Sandbox, spec Spec) *Result {
	t.Helper()
	res, err := s.Run(context.Background(), spec)
	if err != nil {
		t.Fatalf("Run: %v (stderr %q)", err, res.Stderr)
	}
	if left := s.leftovers(); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	t.Logf("%v exit %d %s cpu %v wall %v mem %.1f MiB note %q stderr %q",
		res.Status, res.ExitCode, res.Signal, res.CPUTime, res.WallTime,
		float64(res.Memory)/(1<<20), res.Note, truncate(res.Stderr))
	return res
}

func truncate(b []byte) string {
	if len(b) > 200 {
		b = b[:200]
	}
	return string(b)
}

func token(t testing.TB) string {
	b := make([]byte, 8)
	rand.Read(b)
	return "tok" + hex.EncodeToString(b)
}

// survivors returns the pids of processes whose command line holds tok.
func survivors(tok string) []int {
	var pids []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if bytes.Contains(b, []byte(tok)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// ppid returns pid's parent, or 0.
func ppid(pid int) int {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(f[1])
	return n
}

// A runCase is one program run and what to expect of it.
type runCase struct {
	name   string
	args   []string
	stdin  string
	limits Limits
	want   Status
	check  func(t *testing.T, res *Result)
}

// commonCases hold for every isolation level.
func commonCases() []runCase {
	return []runCase{
		{
			name: "cat", args: []string{"cat"}, stdin: "hello\nworld\n", want: OK,
			check: func(t *testing.T, res *Result) {
				if string(res.Stdout) != "hello\nworld\n" {
					t.Errorf("stdout %q, want the input", res.Stdout)
				}
				// One thread cannot use more CPU than the wall time that
				// passed: both clocks must cover the same span (setup and
				// exec included).
				if res.CPUTime > res.WallTime {
					t.Errorf("cpu %v > wall %v for a one-threaded program", res.CPUTime, res.WallTime)
				}
			},
		},
		{
			name: "exit3", args: []string{"exit", "3"}, want: RuntimeError,
			check: func(t *testing.T, res *Result) {
				if res.ExitCode != 3 || res.Signal != "" {
					t.Errorf("exit %d signal %q, want 3 and none", res.ExitCode, res.Signal)
				}
			},
		},
		{
			name: "segv", args: []string{"segv"}, want: RuntimeError,
			check: func(t *testing.T, res *Result) {
				if res.ExitCode != -1 || res.Signal != "SIGSEGV" {
					t.Errorf("exit %d signal %q, want -1 and SIGSEGV", res.ExitCode, res.Signal)
				}
			},
		},
		{
			// Not ignored as it would be by a PID namespace's init.
			name: "abort", args: []string{"abort"}, want: RuntimeError,
			check: func(t *testing.T, res *Result) {
				if res.Signal != "SIGABRT" {
					t.Errorf("signal %q, want SIGABRT", res.Signal)
				}
			},
		},
		{
			// A generous wall limit, for a busy machine: the CPU limit
			// must stop it.
			name: "loop", args: []string{"loop"}, limits: Limits{CPUTime: 300 * time.Millisecond, WallTime: 20 * time.Second}, want: TimeLimit,
			check: func(t *testing.T, res *Result) {
				if !strings.HasPrefix(res.Note, "cpu time") || res.CPUTime < 300*time.Millisecond || res.CPUTime > 500*time.Millisecond {
					t.Errorf("note %q cpu %v, want cpu time just past 300ms", res.Note, res.CPUTime)
				}
			},
		},
		{
			name: "sleep", args: []string{"sleep"}, limits: Limits{CPUTime: 300 * time.Millisecond, WallTime: 500 * time.Millisecond}, want: TimeLimit,
			check: func(t *testing.T, res *Result) {
				if !strings.HasPrefix(res.Note, "wall time") || res.CPUTime > 100*time.Millisecond {
					t.Errorf("note %q cpu %v, want wall time and little cpu", res.Note, res.CPUTime)
				}
				if res.WallTime < 500*time.Millisecond || res.WallTime > 5*time.Second {
					t.Errorf("wall %v, want just past 500ms", res.WallTime)
				}
			},
		},
		{
			name: "mem4g", args: []string{"mem", "4096"}, limits: Limits{Memory: 64 << 20, CPUTime: 5 * time.Second}, want: MemoryLimit,
			check: func(t *testing.T, res *Result) {
				if res.WallTime > 5*time.Second {
					t.Errorf("wall %v: MLE should be quick", res.WallTime)
				}
			},
		},
		{
			name: "peak", args: []string{"mem", "100"}, limits: Limits{Memory: 256 << 20}, want: OK,
			check: func(t *testing.T, res *Result) {
				if res.Memory < 100<<20 || res.Memory > 130<<20 {
					t.Errorf("peak %.1f MiB, want about 100", float64(res.Memory)/(1<<20))
				}
			},
		},
		{
			// Over the limit, though under what RLIMIT_DATA refuses
			// without a cgroup: the resident peak decides.
			name: "over", args: []string{"mem", "96"}, limits: Limits{Memory: 64 << 20}, want: MemoryLimit,
		},
		{
			// What is mapped but never touched is not memory used, in
			// every mode, as a cgroup counts it.
			name: "reserve", args: []string{"reserve", "1024"}, limits: Limits{Memory: 64 << 20}, want: OK,
		},
		{
			// Threads reserve the stack rlimit each; without a cgroup
			// that must not count against the memory limit.
			name: "threads", args: []string{"threads", "16"}, limits: Limits{Memory: 256 << 20}, want: OK,
		},
		{
			name: "flood", args: []string{"flood"}, limits: Limits{Output: 1 << 20, CPUTime: 5 * time.Second}, want: OutputLimit,
			check: func(t *testing.T, res *Result) {
				if len(res.Stdout) != 1<<20 {
					t.Errorf("kept %d bytes of stdout, want %d", len(res.Stdout), 1<<20)
				}
			},
		},
		{
			name: "fill", args: []string{"fill"}, limits: Limits{Output: 1 << 20, CPUTime: 5 * time.Second}, want: OutputLimit,
		},
	}
}

func runCases(t *testing.T, s *Sandbox, cases []runCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec := Spec{Path: prog, Args: c.args, Limits: c.limits}
			if c.stdin != "" {
				spec.Stdin = strings.NewReader(c.stdin)
			}
			res := runOK(t, s, spec)
			if res.Status != c.want {
				t.Errorf("status %v (%s), want %v", res.Status, res.Note, c.want)
			}
			if c.check != nil {
				c.check(t, res)
			}
		})
	}
}

func TestFull(t *testing.T) {
	needs(t, true)
	s := newSandbox(t, Options{})
	iso := s.Isolation()
	if !iso.Full() || len(iso.Namespaces) != 6 || !iso.Seccomp || iso.Cgroup == "none" {
		t.Fatalf("isolation %v %q, want full", iso, iso.Degraded)
	}
	runCases(t, s, commonCases())
}

func TestNoNamespaces(t *testing.T) {
	needs(t, true)
	s := newSandbox(t, Options{NoNamespaces: true})
	if iso := s.Isolation(); len(iso.Namespaces) != 0 || iso.Full() || !strings.Contains(iso.String(), "no namespaces") {
		t.Fatalf("isolation %v %q, want no namespaces, said", iso, iso.Degraded)
	}
	runCases(t, s, commonCases())
}

func TestRlimitsOnly(t *testing.T) {
	needs(t, false)
	s := newSandbox(t, Options{NoNamespaces: true, NoCgroups: true})
	if iso := s.Isolation(); iso.Cgroup != "none" || !strings.Contains(iso.String(), "no cgroup") {
		t.Fatalf("isolation %v, want no cgroup, said", iso)
	}
	runCases(t, s, commonCases())
}

// TestForkStorm checks that a fork storm is bounded and that nothing of
// it outlives the run, at each isolation level.
func TestForkStorm(t *testing.T) {
	needs(t, true)
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"full", Options{}},
		{"nonamespaces", Options{NoNamespaces: true}},
		{"rlimits", Options{NoNamespaces: true, NoCgroups: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSandbox(t, c.opts)
			tok := token(t)
			res := runOK(t, s, Spec{Path: prog, Args: []string{"fork", "200", tok}, Limits: Limits{Processes: 16, CPUTime: 5 * time.Second}})
			if res.Status != OK {
				t.Errorf("status %v (%s), want OK", res.Status, res.Note)
			}
			n, err := strconv.Atoi(strings.TrimSpace(string(res.Stdout)))
			if err != nil || n >= 16 {
				t.Errorf("forked %q, want fewer than 16", res.Stdout)
			}
			if pids := survivors(tok); len(pids) > 0 {
				t.Errorf("processes %v survive the run", pids)
			}
		})
	}
}

// TestConfinement checks what a program can reach with full isolation.
func TestConfinement(t *testing.T) {
	needs(t, true)
	s := newSandbox(t, Options{})

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)

	judgeDir := t.TempDir() // the judge's own, with the expected answers
	os.Chmod(judgeDir, 0o755)
	answers := filepath.Join(judgeDir, "answers")
	os.Mkdir(answers, 0o755)
	os.WriteFile(filepath.Join(answers, "1.out"), []byte("secret\n"), 0o644)
	public := filepath.Join(judgeDir, "public.txt")
	os.WriteFile(public, []byte("public\n"), 0o644)
	hostTmp := filepath.Join(os.TempDir(), token(t))

	cases := []struct {
		name   string
		args   []string
		wantOK bool
	}{
		{"dial", []string{"dial", port}, false},
		{"write-tmp", []string{"write", hostTmp}, true}, // a private /tmp
		{"write-root", []string{"write", "/root/escaped"}, false},
		{"write-etc", []string{"write", "/etc/escaped"}, false},
		{"write-judge-dir", []string{"write", filepath.Join(judgeDir, "escaped")}, false},
		{"write-prog-dir", []string{"write", filepath.Join(filepath.Dir(prog), "escaped")}, false},
		{"write-box", []string{"write", "/box/mine"}, true},
		{"read-shadow", []string{"read", "/etc/shadow"}, false},
		{"read-hidden", []string{"read", filepath.Join(answers, "1.out")}, false},
		{"read-readonly", []string{"read", public}, true},
		{"read-passwd", []string{"read", "/etc/passwd"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := runOK(t, s, Spec{
				Path:     prog,
				Args:     c.args,
				Hide:     []string{answers},
				ReadOnly: []string{judgeDir},
				Limits:   Limits{CPUTime: time.Second},
			})
			if got := res.Status == OK; got != c.wantOK {
				t.Errorf("succeeded %v, want %v (stderr %q)", got, c.wantOK, res.Stderr)
			}
		})
	}
	select {
	case <-accepted:
		t.Error("the listener got a connection from the sandbox")
	default:
	}
	for _, p := range []string{hostTmp, "/root/escaped", "/etc/escaped", filepath.Join(judgeDir, "escaped")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written on the host", p)
			os.Remove(p)
		}
	}

	// A hidden file below a read-only path.
	res := runOK(t, s, Spec{Path: prog, Args: []string{"read", public}, ReadOnly: []string{judgeDir}, Hide: []string{public}})
	if res.Status == OK {
		t.Errorf("read a hidden file: %q", res.Stdout)
	}

	res = runOK(t, s, Spec{Path: prog, Args: []string{"env", "a b", "c"}, Env: []string{"EXTRA=x"}})
	out := string(res.Stdout)
	for _, want := range []string{"cwd=/box\n", "arg=a b\narg=c\n", "HOME=/box\n", "PATH=/usr/local/bin:/usr/bin:/bin\n", "EXTRA=x\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("env output %q lacks %q", out, want)
		}
	}
	var uid, gid, pid int
	if _, err := fmt.Sscanf(out, "uid=%d gid=%d pid=%d", &uid, &gid, &pid); err != nil {
		t.Fatalf("env output %q: %v", out, err)
	}
	// Its own uid from the pool; not the PID namespace's init.
	if uid < s.uid || uid >= s.uid+cap(s.slots) || gid != uid || pid == 1 {
		t.Errorf("uid %d gid %d pid %d, want a pool uid (from %d) as gid and pid > 1", uid, gid, pid, s.uid)
	}
}

// hostTools are the host's commands and libraries, for tests that run a
// shell and its tools.
var hostTools = []string{"/bin", "/usr/bin", "/lib", "/lib64", "/usr/lib", "/usr/lib64"}

// pythonLib returns the standard library of /usr/bin/python3.
func pythonLib(t *testing.T) []string {
	t.Helper()
	real, err := filepath.EvalSymlinks("/usr/bin/python3")
	testenv.Need(t, "/usr/bin/python3", err)
	return []string{filepath.Join("/usr/lib", filepath.Base(real))}
}

func TestInterpreter(t *testing.T) {
	needs(t, true)
	_, err := os.Stat("/usr/bin/python3")
	testenv.Need(t, "/usr/bin/python3", err)
	s := newSandbox(t, Options{})
	src := filepath.Join(t.TempDir(), "sol.py")
	os.WriteFile(src, []byte("import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n"), 0o644)
	res := runOK(t, s, Spec{
		Path: "/usr/bin/python3", Args: []string{src}, ReadOnly: []string{src}, Allow: pythonLib(t),
		Stdin: strings.NewReader("1 2 3\n"), Limits: Limits{CPUTime: 5 * time.Second, Memory: 256 << 20},
	})
	if res.Status != OK || string(res.Stdout) != "6\n" {
		t.Errorf("%v %q (stderr %q), want OK \"6\\n\"", res.Status, res.Stdout, res.Stderr)
	}
}

func TestCancel(t *testing.T) {
	needs(t, false)
	s := newSandbox(t, Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	tok := token(t)
	begin := time.Now()
	res, err := s.Run(ctx, Spec{Path: prog, Args: []string{"fork", "5", tok}})
	if !errors.Is(err, context.DeadlineExceeded) {
		// The forker exits at once; its sleepers must still die with it.
		if err != nil || res.Status != OK {
			t.Fatalf("Run: %v %v", res.Status, err)
		}
	}
	res, err = s.Run(ctx, Spec{Path: prog, Args: []string{"sleep", tok}})
	if !errors.Is(err, context.DeadlineExceeded) || res.Status != Internal {
		t.Errorf("Run = %v, %v; want Internal, deadline exceeded", res.Status, err)
	}
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("cancellation took %v", d)
	}
	if pids := survivors(tok); len(pids) > 0 {
		t.Errorf("processes %v survive", pids)
	}
	if left := s.leftovers(); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestConcurrent(t *testing.T) {
	needs(t, false)
	s := newSandbox(t, Options{MaxParallel: 3})
	errs := make(chan error, 8)
	for i := range 8 {
		go func() {
			in := fmt.Sprintf("run %d\n", i)
			res, err := s.Run(context.Background(), Spec{Path: prog, Args: []string{"cat"}, Stdin: strings.NewReader(in)})
			if err == nil && (res.Status != OK || string(res.Stdout) != in) {
				err = fmt.Errorf("run %d: %v %q", i, res.Status, res.Stdout)
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if left := s.leftovers(); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestBadPath(t *testing.T) {
	needs(t, false)
	s := newSandbox(t, Options{})
	for _, p := range []string{"prog", "/nonexistent/prog"} {
		res, err := s.Run(context.Background(), Spec{Path: p})
		if err == nil || res.Status != Internal {
			t.Errorf("Run(%q) = %v, %v; want Internal and an error", p, res.Status, err)
		}
	}
	if left := s.leftovers(); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestReuse checks that a helper serving several runs leaves nothing of
// one run to the next.
func TestReuse(t *testing.T) {
	needs(t, true)
	s := newSandbox(t, Options{})
	if !s.attach {
		testenv.Need(t, "open_tree (Linux 5.2+), to reuse helpers", errors.New("the sandbox cannot attach mounts here"))
	}
	ro, err := os.MkdirTemp("/var/tmp", "sandbox-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(ro)
	os.Chmod(ro, 0o755)
	os.WriteFile(filepath.Join(ro, "data"), []byte("data\n"), 0o644)
	limits := Limits{CPUTime: time.Second, Memory: 64 << 20}

	helperPid := func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.idle) != 1 {
			t.Fatalf("%d idle helpers, want 1", len(s.idle))
		}
		return s.idle[0].cmd.Process.Pid
	}
	steps := []struct {
		args     []string
		readOnly []string
		wantOK   bool
	}{
		{[]string{"write", "/tmp/persist"}, nil, true},
		{[]string{"write", "/box/persist"}, nil, true},
		{[]string{"read", filepath.Join(ro, "data")}, []string{ro}, true},
		{[]string{"read", "/tmp/persist"}, nil, false},
		{[]string{"read", "/box/persist"}, nil, false},
		{[]string{"read", filepath.Join(ro, "data")}, nil, false},
	}
	pid := 0
	for _, st := range steps {
		res := runOK(t, s, Spec{Path: prog, Args: st.args, ReadOnly: st.readOnly, Limits: limits})
		if got := res.Status == OK; got != st.wantOK {
			t.Errorf("%v: succeeded %v, want %v (stderr %q)", st.args, got, st.wantOK, res.Stderr)
		}
		if p := helperPid(); pid == 0 {
			pid = p
		} else if p != pid {
			t.Errorf("%v: helper %d, want %d reused", st.args, p, pid)
		}
	}

	// Each program of a reused helper gets IPC and cgroup namespaces of
	// its own, from the helper's forker or (file locks allowed) from a
	// thread of the run's own: it finds no IPC object an earlier program
	// left, and sees its cgroups as its namespace's root. (Namespace
	// inode numbers say nothing: a freed one is used again.)
	for i, allowLocks := range []bool{false, false, true, false} {
		res := runOK(t, s, Spec{Path: prog, Args: []string{"ns"}, Limits: limits, AllowLocks: allowLocks})
		if res.Status != OK {
			t.Fatalf("ns run %d: %v %q", i, res.Status, res.Stdout)
		}
		for _, cg := range strings.Split(strings.TrimSpace(string(res.Stdout)), "\n") {
			if !strings.HasSuffix(cg, ":/") {
				t.Errorf("ns run %d: cgroup %q, want its namespace's root", i, cg)
			}
		}
		if p := helperPid(); p != pid {
			t.Errorf("ns run %d: helper %d, want %d reused", i, p, pid)
		}
	}

	// A run with higher limits than the helper kept needs a new one.
	res := runOK(t, s, Spec{Path: prog, Args: []string{"mem", "100"}, Limits: Limits{Memory: 256 << 20}})
	if res.Status != OK {
		t.Errorf("higher limits: %v (%s), want OK", res.Status, res.Note)
	}
	s.mu.Lock()
	n := len(s.idle)
	s.mu.Unlock()
	if n != 2 {
		t.Errorf("%d idle helpers, want 2", n)
	}
}

// TestStale checks that New removes the cgroups of a judge that died.
func TestStale(t *testing.T) {
	needs(t, true)
	s := newSandbox(t, Options{})
	var parents []string
	for _, d := range s.baseDirs()[1:] {
		parents = append(parents, filepath.Dir(d))
	}
	if len(parents) == 0 {
		testenv.Need(t, "cgroups", errors.New("the sandbox has no cgroup here"))
	}
	// No process has a pid above pid_max's ceiling.
	var stale []string
	for _, p := range parents {
		d := filepath.Join(p, basePrefix+"999999999-1")
		if err := os.MkdirAll(filepath.Join(d, "run-1"), 0o755); err != nil {
			t.Fatal(err)
		}
		stale = append(stale, d)
	}
	newSandbox(t, Options{})
	for _, d := range stale {
		if _, err := os.Stat(d); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("stale %s remains (%v)", d, err)
			os.Remove(filepath.Join(d, "run-1"))
			os.Remove(d)
		}
	}
}

// TestTightLimitsManyRuns: without cgroups a program of the judge's own uid
// gets its limits at its exec stop, from the tracer. When the helper took
// them on itself to fork, its Go runtime could not start a thread under
// RLIMIT_DATA now and then ("pthread_create failed"), and a run was an IE:
// 5 of 8 `test` runs of a Python program as an ordinary user had one, and
// this test, with the fix undone, fails within 20 runs of 4 workers.
func TestTightLimitsManyRuns(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("the late-limit path is for an ordinary user's judge (run this test with setpriv, see hostile_test.go)")
	}
	s := newSandbox(t, Options{NoCgroups: true})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				res, err := s.Run(context.Background(), Spec{Path: prog, Args: []string{"mem", "1"}, Limits: Limits{Memory: 16 << 20, CPUTime: time.Second}})
				if err != nil {
					t.Errorf("worker %d, run %d: %v", w, i, err)
					return
				}
				if res.Status != OK {
					t.Errorf("worker %d, run %d: %v (%s), want OK", w, i, res.Status, res.Note)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// programDir makes a build directory called name, readable by any user,
// holding a copy of prog, and returns it and the copy.
func programDir(t *testing.T, name string) (dir, exe string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Dir(dir), 0o755)
	exe = filepath.Join(dir, "prog")
	if err := copyExecutable(exe, prog); err != nil {
		t.Fatal(err)
	}
	return dir, exe
}

// TestRootContents looks at the box from inside: its root holds only the
// allowed paths and the box's own, its /etc only the box's files, and no
// host path names the program (argv[0], /proc/self/exe, the environment,
// its cgroup, the mounts).
func TestRootContents(t *testing.T) {
	needs(t, true)
	s := newSandbox(t, Options{})
	dir, exe := programDir(t, "build-dir-on-the-host")
	run := func(args ...string) string {
		t.Helper()
		res := runOK(t, s, Spec{Path: exe, Args: args, Program: dir})
		if res.Status != OK {
			t.Fatalf("%v: %v (%s), stderr %q", args, res.Status, res.Note, res.Stderr)
		}
		return string(res.Stdout)
	}
	lines := func(s string) []string { return strings.Fields(s) }
	// What the root may hold: the box's own, and where the loader and
	// libraries of prog lie (/lib64 and /lib, or /usr's, as links or not).
	may := map[string]bool{"box": true, "dev": true, "etc": true, "proc": true, "prog": true, "tmp": true, ".hidden": true, ".sandbox": true,
		"lib": true, "lib64": true, "lib32": true, "libx32": true, "usr": true}
	for _, name := range lines(run("ls", "/")) {
		if !may[name] {
			t.Errorf("the root holds /%s", name)
		}
	}
	etc := map[string]bool{"hosts": true, "nsswitch.conf": true, "passwd": true, "group": true, "ld.so.cache": true, "localtime": true}
	for _, name := range lines(run("ls", "/etc")) {
		if !etc[name] {
			t.Errorf("/etc holds %s", name)
		}
	}
	if got := run("exe"); got != ProgramDir+"/prog" {
		t.Errorf("/proc/self/exe leads to %q, want %s/prog", got, ProgramDir)
	}
	for _, f := range []string{"/proc/self/cmdline", "/proc/self/environ", "/proc/self/cgroup"} {
		if got := run("read", f); strings.Contains(got, dir) || strings.Contains(got, "sudoku-sandbox") {
			t.Errorf("%s names a host path: %q", f, got)
		}
	}
	if got := run("read", "/proc/self/cmdline"); !strings.HasPrefix(got, ProgramDir+"/prog\x00") {
		t.Errorf("argv[0] is %q, want %s/prog", strings.Split(got, "\x00")[0], ProgramDir)
	}
	for _, line := range strings.Split(run("read", "/proc/self/mountinfo"), "\n") {
		if strings.Contains(line, dir) {
			t.Errorf("a mount names the host path: %s", line)
		}
	}
	got := run("read", "/etc/passwd")
	var uid int
	if _, err := fmt.Sscanf(got[strings.Index(got, "\nbox:x:")+1:], "box:x:%d:", &uid); err != nil || uid < s.uid || uid >= s.uid+s.Isolation().UIDs {
		t.Errorf("/etc/passwd names no box user of the pool's uids: %q", got)
	}
}

// TestProgramDirLargerThanOutput runs a program whose directory is larger
// than the output limit several times: a reused helper keeps an earlier
// run's lowered RLIMIT_FSIZE where it cannot raise it again, and the
// program's copy at ProgramDir must not be bound by it.
func TestProgramDirLargerThanOutput(t *testing.T) {
	needs(t, false)
	s := newSandbox(t, Options{})
	dir, exe := programDir(t, "build")
	if err := os.WriteFile(filepath.Join(dir, "data"), make([]byte, 4<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		res := runOK(t, s, Spec{Path: exe, Args: []string{"exit", "0"}, Program: dir, Limits: Limits{Output: 1 << 20, Memory: 256 << 20}})
		if res.Status != OK {
			t.Fatalf("%v (%s), want OK", res.Status, res.Note)
		}
	}
}
