//go:build linux

package sandbox

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// A hierarchy makes the per-run cgroups of one Sandbox, beneath a base
// cgroup of its own that New creates and Close removes.
type hierarchy interface {
	version() string       // "v1" or "v2"
	controllers() []string // in use, for Isolation
	// create makes a run's cgroup, without limits yet.
	create(name string) (group, error)
	close() error
}

// A group is the cgroup of one run.
type group interface {
	// limit sets the run's limits.
	limit(l Limits) error
	// enter names the files through which the helper starts the program
	// inside the group.
	enter() cgroupEntry
	// cpu returns the CPU time used so far, if the group accounts it.
	cpu() (time.Duration, bool)
	// stats reads the final accounting.
	stats() groupStats
	// threads lists the ids of the group's tasks, every thread.
	threads() ([]int, error)
	// pressure returns the time some task of the group waited for a CPU
	// (cgroup v2's cpu.pressure), if the kernel keeps it.
	pressure() (time.Duration, bool)
	// kill kills every process in the group and returns once it is empty.
	kill() error
	// remove deletes the group; it must be empty.
	remove() error
}

// A cgroupEntry names the files through which the helper puts the program
// into a run's cgroup; see helperCgroup.
type cgroupEntry struct {
	Tasks, Home []string
	Dir, Procs  string
}

type groupStats struct {
	cpu      time.Duration
	cpuOK    bool
	peak     int64 // bytes; 0 if unknown
	oomKills int   // processes killed by the OOM killer, or 1 if only "was under OOM" is known
}

// basePrefix starts the name of every base cgroup, so New can find those of
// a judge that crashed: basePrefix + pid + "-" + random.
const basePrefix = "sudoku-sandbox-"

func baseName() string {
	return fmt.Sprintf("%s%d-%08x", basePrefix, os.Getpid(), rand.Uint32())
}

// A cgMount is one cgroup file system from /proc/self/mountinfo.
type cgMount struct {
	dir         string   // mount point
	root        string   // the cgroup at dir, within its hierarchy
	v2          bool     // cgroup2
	controllers []string // v1 only
}

// v1Controllers are the controller names a v1 mount's super options may
// hold; other options (rw, name=systemd, ...) are not controllers.
var v1Controllers = map[string]bool{
	"cpu": true, "cpuacct": true, "cpuset": true, "memory": true, "devices": true,
	"freezer": true, "net_cls": true, "blkio": true, "perf_event": true,
	"net_prio": true, "hugetlb": true, "pids": true, "rdma": true, "misc": true,
}

// parseMountinfo returns the cgroup mounts in a mountinfo file
// (proc_pid_mountinfo(5)).
func parseMountinfo(r io.Reader) ([]cgMount, error) {
	var ms []cgMount
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		// 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
		f := strings.Fields(sc.Text())
		sep := -1
		for i := 6; i < len(f); i++ {
			if f[i] == "-" {
				sep = i
				break
			}
		}
		if len(f) < 5 || sep < 0 || sep+3 > len(f) {
			return nil, fmt.Errorf("mountinfo: malformed line %q", sc.Text())
		}
		fstype := f[sep+1]
		if fstype != "cgroup" && fstype != "cgroup2" {
			continue
		}
		m := cgMount{dir: unescapeMount(f[4]), root: unescapeMount(f[3]), v2: fstype == "cgroup2"}
		if !m.v2 && sep+3 < len(f) {
			for _, o := range strings.Split(f[sep+3], ",") {
				if v1Controllers[o] {
					m.controllers = append(m.controllers, o)
				}
			}
		}
		ms = append(ms, m)
	}
	return ms, sc.Err()
}

// unescapeMount undoes mountinfo's octal escapes ("\040" for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// parseProcCgroup returns a process's cgroup per v1 controller, and its v2
// cgroup under the key "", from a /proc/PID/cgroup file (cgroups(7)).
func parseProcCgroup(r io.Reader) (map[string]string, error) {
	paths := make(map[string]string)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		// 4:memory:/user.slice   or   0::/user.slice/session-1.scope
		f := strings.SplitN(sc.Text(), ":", 3)
		if len(f) != 3 {
			return nil, fmt.Errorf("/proc/self/cgroup: malformed line %q", sc.Text())
		}
		if f[1] == "" {
			paths[""] = f[2]
			continue
		}
		for _, c := range strings.Split(f[1], ",") {
			paths[c] = f[2]
		}
	}
	return paths, sc.Err()
}

// dirOf returns the directory of cgroup path p in mount m, or false if the
// mount does not show it.
func (m cgMount) dirOf(p string) (string, bool) {
	rel, err := filepath.Rel(m.root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return filepath.Join(m.dir, rel), true
}

// detectCgroups finds the cgroup hierarchies of the current process as
// seen from the file system rooted at root ("/" normally; a fake tree in
// tests). It returns the mounts and the process's cgroup paths.
func detectCgroups(root string) ([]cgMount, map[string]string, error) {
	mi, err := os.ReadFile(filepath.Join(root, "proc/self/mountinfo"))
	if err != nil {
		return nil, nil, err
	}
	ms, err := parseMountinfo(bytes.NewReader(mi))
	if err != nil {
		return nil, nil, err
	}
	pc, err := os.ReadFile(filepath.Join(root, "proc/self/cgroup"))
	if err != nil {
		return nil, nil, err
	}
	paths, err := parseProcCgroup(bytes.NewReader(pc))
	if err != nil {
		return nil, nil, err
	}
	for i := range ms {
		ms[i].dir = filepath.Join(root, ms[i].dir)
	}
	return ms, paths, nil
}

// openHierarchy picks the cgroup version to use and creates the base
// cgroup: v2 if its memory controller is available to us, else v1 if it has
// a memory controller. Below the current cgroup if possible, else below
// the root. Stale base cgroups of dead judges found there are removed.
// freezer asks for v1's freezer, to kill trees without a PID namespace.
func openHierarchy(root string, freezer bool) (hierarchy, error) {
	ms, paths, err := detectCgroups(root)
	if err != nil {
		return nil, fmt.Errorf("cgroups: %w", err)
	}
	var errs []error
	for _, m := range ms {
		if !m.v2 {
			continue
		}
		h, err := openV2(m, paths[""])
		if err == nil {
			return h, nil
		}
		errs = append(errs, err)
	}
	h, err := openV1(ms, paths, freezer)
	if err == nil {
		return h, nil
	}
	errs = append(errs, err)
	return nil, errors.Join(errs...)
}

// candidates returns where a base cgroup may go: below the current cgroup
// (so the judge's own limits apply to its programs), else below the root.
func candidates(m cgMount, path string) []string {
	var ds []string
	if d, ok := m.dirOf(path); ok {
		ds = append(ds, d)
	}
	if len(ds) == 0 || ds[0] != m.dir {
		ds = append(ds, m.dir)
	}
	return ds
}

// removeStale removes the base cgroups in dir left by judges that are no
// longer running, killing what still runs in them.
func removeStale(dir string, kill func(string) error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name, ok := strings.CutPrefix(e.Name(), basePrefix)
		if !ok || !e.IsDir() {
			continue
		}
		pid, err := strconv.Atoi(strings.SplitN(name, "-", 2)[0])
		if err != nil || pid == os.Getpid() || unix.Kill(pid, 0) != unix.ESRCH {
			continue
		}
		removeTree(filepath.Join(dir, e.Name()), kill)
	}
}

// removeTree kills the processes in cgroup dir and its descendants and
// removes them, deepest first.
func removeTree(dir string, kill func(string) error) error {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.IsDir() {
			removeTree(filepath.Join(dir, e.Name()), kill)
		}
	}
	if kill != nil {
		kill(dir)
	}
	return rmdirCgroup(dir)
}

// rmdirCgroup removes an empty cgroup, retrying briefly while the last
// killed processes finish exiting.
func rmdirCgroup(dir string) error {
	var err error
	for i := 0; i < 100; i++ {
		err = unix.Rmdir(dir)
		if err == nil || err == unix.ENOENT {
			return nil
		}
		if err != unix.EBUSY {
			break
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Microsecond)
	}
	return &os.PathError{Op: "rmdir", Path: dir, Err: err}
}

// killProcs SIGKILLs the processes listed in a cgroup.procs file until it
// is empty. freeze, if not nil, is called with true before and false after
// each round, so that nothing forks between reading the list and killing.
func killProcs(procs string, freeze func(bool) error) error {
	for round := 0; ; round++ {
		if freeze != nil {
			if err := freeze(true); err != nil {
				return err
			}
		}
		pids, err := readPids(procs)
		for _, pid := range pids {
			unix.Kill(pid, unix.SIGKILL)
		}
		if freeze != nil {
			if err := freeze(false); err != nil {
				return err
			}
		}
		if err != nil {
			return err
		}
		if len(pids) == 0 {
			return nil
		}
		if round == 1000 {
			return fmt.Errorf("%s: processes survive SIGKILL", procs)
		}
		if round > 0 {
			time.Sleep(100 * time.Microsecond)
		}
	}
}

func readPids(file string) ([]int, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids, nil
}

// writeFile writes s to a cgroup control file.
func writeFile(file, s string) error {
	fd, err := unix.Open(file, unix.O_WRONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return &os.PathError{Op: "open", Path: file, Err: err}
	}
	defer unix.Close(fd)
	if _, err := unix.Write(fd, []byte(s)); err != nil {
		return &os.PathError{Op: "write", Path: file, Err: err}
	}
	return nil
}

// A setting is a value for a control file; optional ones may be absent on
// some kernels or configurations.
type setting struct {
	file, value string
	optional    bool
}

// writeSettings writes each of set to its file in dir, in order.
func writeSettings(dir string, set []setting) error {
	for _, s := range set {
		err := writeFile(filepath.Join(dir, s.file), s.value)
		if err != nil && !(s.optional && errors.Is(err, os.ErrNotExist)) {
			return err
		}
	}
	return nil
}

// readSmall reads a control file of at most a page, as the run's
// accounting files are: with plain system calls, where os.ReadFile would
// add the file to the runtime's poller (cgroup files can be polled) and
// take it out again.
func readSmall(file string) ([]byte, error) {
	fd, err := unix.Open(file, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: file, Err: err}
	}
	defer unix.Close(fd)
	b := make([]byte, 4096)
	n, err := unix.Read(fd, b)
	if err != nil {
		return nil, &os.PathError{Op: "read", Path: file, Err: err}
	}
	return b[:n], nil
}

// readInt reads a control file holding one integer.
func readInt(file string) (int64, error) {
	b, err := readSmall(file)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
}

// readKeyed reads key's value from a flat-keyed file such as
// memory.events or cpu.stat ("key value" lines).
func readKeyed(file, key string) (int64, bool) {
	b, err := readSmall(file)
	if err != nil {
		return 0, false
	}
	return keyed(b, key)
}

func keyed(b []byte, key string) (int64, bool) {
	for line := range strings.Lines(string(b)) {
		k, v, ok := strings.Cut(strings.TrimSpace(line), " ")
		if ok && k == key {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}
