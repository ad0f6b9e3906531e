//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

const (
	// This machine's: cgroup v1 with a cgroup2 mount holding no controllers.
	hybridMountinfo = `27 1 254:0 / / rw,relatime - ext4 /dev/vda rw
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime shared:12 - cgroup cgroup rw,cpu,cpuacct
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,xattr,name=systemd
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
`
	hybridCgroup = `9:name=systemd:/
8:pids:/
4:memory:/process_api/bbec
2:cpu,cpuacct:/
0::/
`
	// A container: its cgroup namespace's root is a mount of a deeper cgroup.
	v2Mountinfo = `100 90 0:40 /kubepods/pod1 /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw,nsdelegate
101 90 0:41 / /my\040dir rw - tmpfs tmpfs rw
`
	v2Cgroup = "0::/kubepods/pod1/ctr\n"
)

func TestParseMountinfo(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []cgMount
	}{
		{"hybrid", hybridMountinfo, []cgMount{
			{dir: "/sys/fs/cgroup/cpu,cpuacct", root: "/", controllers: []string{"cpu", "cpuacct"}},
			{dir: "/sys/fs/cgroup/memory", root: "/", controllers: []string{"memory"}},
			{dir: "/sys/fs/cgroup/pids", root: "/", controllers: []string{"pids"}},
			{dir: "/sys/fs/cgroup/systemd", root: "/"},
			{dir: "/sys/fs/cgroup/unified", root: "/", v2: true},
		}},
		{"v2", v2Mountinfo, []cgMount{
			{dir: "/sys/fs/cgroup", root: "/kubepods/pod1", v2: true},
		}},
		{"none", "27 1 254:0 / / rw - ext4 /dev/vda rw\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseMountinfo(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
	if _, err := parseMountinfo(strings.NewReader("1 2 3\n")); err == nil {
		t.Error("malformed line: no error")
	}
}

func TestUnescapeMount(t *testing.T) {
	for in, want := range map[string]string{`/my\040dir`: "/my dir", `/a\\b`: `/a\\b`, `/x\011`: "/x\t", `/end\04`: `/end\04`} {
		if got := unescapeMount(in); got != want {
			t.Errorf("unescapeMount(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseProcCgroup(t *testing.T) {
	got, err := parseProcCgroup(strings.NewReader(hybridCgroup))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"name=systemd": "/", "pids": "/", "memory": "/process_api/bbec", "cpu": "/", "cpuacct": "/", "": "/"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestDirOf(t *testing.T) {
	tests := []struct {
		m    cgMount
		path string
		want string // "" for not visible
	}{
		{cgMount{dir: "/sys/fs/cgroup/memory", root: "/"}, "/process_api/bbec", "/sys/fs/cgroup/memory/process_api/bbec"},
		{cgMount{dir: "/sys/fs/cgroup/memory", root: "/"}, "/", "/sys/fs/cgroup/memory"},
		{cgMount{dir: "/sys/fs/cgroup", root: "/kubepods/pod1"}, "/kubepods/pod1/ctr", "/sys/fs/cgroup/ctr"},
		{cgMount{dir: "/sys/fs/cgroup", root: "/kubepods/pod1"}, "/kubepods/pod2", ""},
	}
	for _, tt := range tests {
		got, ok := tt.m.dirOf(tt.path)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%+v.dirOf(%q) = %q, want %q", tt.m, tt.path, got, tt.want)
		}
	}
}

// fakeTree writes files (path → content) below a new directory.
func fakeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCandidates(t *testing.T) {
	m := cgMount{dir: "/sys/fs/cgroup", root: "/", v2: true}
	if got, want := candidates(m, "/user.slice/judge.scope"), []string{"/sys/fs/cgroup/user.slice/judge.scope", "/sys/fs/cgroup"}; !reflect.DeepEqual(got, want) {
		t.Errorf("candidates = %q, want %q", got, want)
	}
	if got, want := candidates(m, "/"), []string{"/sys/fs/cgroup"}; !reflect.DeepEqual(got, want) {
		t.Errorf("candidates at the root = %q, want %q", got, want)
	}
}

// TestOpenV2Fake runs the v2 set-up against a fake cgroup2 tree: the
// current cgroup has no controllers to delegate, so the root is tried
// next, and there the base is made and memory and pids enabled. A fake
// cannot go further: the kernel fills a new cgroup with control files.
func TestOpenV2Fake(t *testing.T) {
	root := fakeTree(t, map[string]string{
		"proc/self/mountinfo":                                     "30 1 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
		"proc/self/cgroup":                                        "0::/user.slice/judge.scope\n",
		"sys/fs/cgroup/cgroup.controllers":                        "cpuset cpu io memory pids\n",
		"sys/fs/cgroup/cgroup.subtree_control":                    "cpu\n",
		"sys/fs/cgroup/user.slice/judge.scope/cgroup.controllers": "cpu\n",
	})
	_, err := openHierarchy(root, false)
	if err == nil {
		t.Fatal("no error from a fake tree")
	}
	msg := err.Error()
	cg := filepath.Join(root, "sys/fs/cgroup")
	for _, want := range []string{
		"judge.scope: controller memory not available",
		filepath.Join(cg, basePrefix), // the base made below the root
		"cgroup v1: no memory controller mounted",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(cg, "cgroup.subtree_control")); string(b) != "+memory +pids" {
		t.Errorf("root subtree_control %q, want memory and pids enabled", b)
	}
}

func TestV2GroupFake(t *testing.T) {
	dir := fakeTree(t, map[string]string{
		"pids.max": "", "memory.max": "", "memory.oom.group": "", "memory.swap.max": "",
		"cpu.stat":      "usage_usec 1500000\nuser_usec 1000000\nsystem_usec 500000\n",
		"memory.peak":   "73400320\n",
		"memory.events": "low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\noom_group_kill 1\n",
	})
	g := &v2Group{dir: dir, home: "/sys/fs/cgroup/judge"}
	if err := g.limit(Limits{Memory: 64 << 20, Processes: 8}); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{"pids.max": "8", "memory.max": "67108864", "memory.oom.group": "1", "memory.swap.max": "0"} {
		if b, _ := os.ReadFile(filepath.Join(dir, file)); string(b) != want {
			t.Errorf("%s = %q, want %q", file, b, want)
		}
	}
	want := groupStats{cpu: 1500 * time.Millisecond, cpuOK: true, peak: 73400320, oomKills: 1}
	if got := g.stats(); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}
	e := g.enter()
	if e.Dir != dir || e.Procs != filepath.Join(dir, "cgroup.procs") || len(e.Home) != 1 {
		t.Errorf("enter %+v", e)
	}

	// memory.swap.max is optional: a kernel without swap accounting has none.
	noSwap := fakeTree(t, map[string]string{"pids.max": "", "memory.max": "", "memory.oom.group": ""})
	if err := (&v2Group{dir: noSwap}).limit(Limits{Memory: 64 << 20, Processes: 8}); err != nil {
		t.Errorf("limit without memory.swap.max: %v", err)
	}
}

// TestV2OOMKills reads memory.events as the kernel writes it: oom_kill
// counts the processes the OOM killer took; oom_group_kill (Linux 5.17+)
// alone says the group was killed at least once.
func TestV2OOMKills(t *testing.T) {
	for _, tt := range []struct {
		events string
		want   int
	}{
		{"low 0\nhigh 0\nmax 3\noom 1\noom_kill 3\noom_group_kill 1\n", 3},
		{"low 0\nhigh 0\nmax 3\noom 1\noom_kill 0\noom_group_kill 1\n", 1},
		{"low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n", 0},
		{"low 0\nhigh 0\nmax 9\noom 0\noom_kill 0\noom_group_kill 0\n", 0},
		{"", 0},
	} {
		dir := fakeTree(t, map[string]string{"memory.events": tt.events})
		if got := (&v2Group{dir: dir}).stats().oomKills; got != tt.want {
			t.Errorf("memory.events %q: %d OOM kills, want %d", tt.events, got, tt.want)
		}
	}
}

func TestV1GroupFake(t *testing.T) {
	mem := fakeTree(t, map[string]string{
		"memory.max_usage_in_bytes":   "104857600\n",
		"memory.oom_control":          "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n",
		"memory.limit_in_bytes":       "",
		"memory.memsw.limit_in_bytes": "",
	})
	acct := fakeTree(t, map[string]string{"cpuacct.usage": "2500000000\n", "cpuacct.usage_user": "2000000000\n"})
	pids := fakeTree(t, map[string]string{"pids.max": ""})
	g := &v1Group{dirs: map[string]string{"memory": mem, "cpuacct": acct, "pids": pids}, all: []string{mem, acct, pids}}
	if err := g.limit(Limits{Memory: 64 << 20, Processes: 8}); err != nil {
		t.Fatal(err)
	}
	// Memory and swap together: without the memsw limit a program would
	// go on in swap past its memory limit.
	for file, want := range map[string]string{
		filepath.Join(mem, "memory.limit_in_bytes"):       "67108864",
		filepath.Join(mem, "memory.memsw.limit_in_bytes"): "67108864",
		filepath.Join(pids, "pids.max"):                   "8",
	} {
		if b, _ := os.ReadFile(file); string(b) != want {
			t.Errorf("%s = %q, want %q", filepath.Base(file), b, want)
		}
	}
	want := groupStats{cpu: 2500 * time.Millisecond, cpuOK: true, peak: 100 << 20, oomKills: 2}
	if got := g.stats(); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}

	// Without swap accounting there is no memsw file, and no swap limit to set.
	noSwap := fakeTree(t, map[string]string{"memory.limit_in_bytes": ""})
	if err := (&v1Group{dirs: map[string]string{"memory": noSwap}}).limit(Limits{Memory: 64 << 20}); err != nil {
		t.Errorf("limit without memsw: %v", err)
	}
}

// TestV1OOMKills reads memory.oom_control: oom_kill counts kills (Linux
// 4.13+); before it, under_oom is all there is, and is taken as one.
func TestV1OOMKills(t *testing.T) {
	for _, tt := range []struct {
		control string
		want    int
	}{
		{"oom_kill_disable 0\nunder_oom 0\noom_kill 4\n", 4},
		{"oom_kill_disable 0\nunder_oom 1\noom_kill 0\n", 0},
		{"oom_kill_disable 0\nunder_oom 1\n", 1},
		{"oom_kill_disable 0\nunder_oom 0\n", 0},
	} {
		mem := fakeTree(t, map[string]string{"memory.oom_control": tt.control})
		if got := (&v1Group{dirs: map[string]string{"memory": mem}}).stats().oomKills; got != tt.want {
			t.Errorf("memory.oom_control %q: %d OOM kills, want %d", tt.control, got, tt.want)
		}
	}
}

func TestParseStatCPU(t *testing.T) {
	// pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
	line := "1234 (a (weird) name) R 1 1234 1234 0 -1 4194304 100 0 0 0 150 25 10 5 20 0 1 0 100 1000 50"
	got, ok := parseStatCPU([]byte(line))
	if !ok || got != 1900*time.Millisecond {
		t.Errorf("parseStatCPU = %v, %v; want 1.9s", got, ok)
	}
	if _, ok := parseStatCPU([]byte("garbage")); ok {
		t.Error("garbage parsed")
	}
}

func TestStatusString(t *testing.T) {
	for s, want := range map[Status]string{OK: "OK", TimeLimit: "TLE", MemoryLimit: "MLE", OutputLimit: "OLE", RuntimeError: "RE", Internal: "IE", Starved: "IE", 42: "Status(42)"} {
		if got := s.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int(s), got, want)
		}
	}
}

func TestIsolationString(t *testing.T) {
	tests := []struct {
		iso  Isolation
		want string
	}{
		{Isolation{Cgroup: "v1", Controllers: []string{"memory", "pids", "cpuacct"}, Namespaces: []string{"net", "pid", "mnt", "ipc", "uts"}, UID: 65534, UIDs: 1, Rlimits: []string{"cpu", "fsize"}, CPUWait: "schedstat"},
			"cgroup v1 (memory,pids,cpuacct) + namespaces (net,pid,mnt,ipc,uts) + uid 65534 + rlimits (cpu,fsize) + CPU wait (schedstat)"},
		{Isolation{Cgroup: "none", UID: 1000, Rlimits: []string{"cpu"}},
			"no cgroup + no namespaces + judge's uid 1000 + rlimits (cpu) + CPU wait unknown"},
		{Isolation{Cgroup: "v2", Controllers: []string{"memory", "pids"}, UID: 100, UIDs: 4, CPUWait: "cpu.pressure"},
			"cgroup v2 (memory,pids) + no namespaces + uid 100-103 + CPU wait (cpu.pressure)"},
	}
	for _, tt := range tests {
		if got := tt.iso.String(); got != tt.want {
			t.Errorf("got  %q\nwant %q", got, tt.want)
		}
	}
}
