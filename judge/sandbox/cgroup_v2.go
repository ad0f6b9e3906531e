//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// v2 is the unified cgroup hierarchy. Our base cgroup delegates memory and
// pids to the per-run cgroups below it; cpu.stat needs no controller.
type v2 struct {
	base string
	home string // the judge's own cgroup
}

var v2Wanted = []string{"memory", "pids"}

func openV2(m cgMount, path string) (*v2, error) {
	home, ok := m.dirOf(path)
	if !ok {
		return nil, fmt.Errorf("cgroup v2: current cgroup %s is not below %s", path, m.dir)
	}
	var errs []error
	for _, parent := range v2Parents(m, home) {
		base, err := makeV2Base(parent)
		if err == nil {
			return &v2{base: base, home: home}, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("cgroup v2: %w", errors.Join(errs...))
}

// v2Parents lists where our base cgroup may go, nearest first: the judge's
// own cgroup, then each of its ancestors up to the mount's root. The own
// cgroup works only when nothing else runs in it; an unprivileged user's
// processes sit in a leaf (a session scope) of the subtree systemd
// delegates to them, so the first ancestor the user may write is the one
// that works rootless.
func v2Parents(m cgMount, home string) []string {
	ds := []string{home}
	for d := home; d != m.dir && len(d) > len(m.dir); {
		d = filepath.Dir(d)
		ds = append(ds, d)
	}
	return ds
}

// makeV2Base creates our base cgroup below parent with memory and pids
// enabled for its children. That needs parent to delegate them, which a
// cgroup holding processes (other than the root) cannot: "no internal
// processes".
func makeV2Base(parent string) (string, error) {
	avail, err := os.ReadFile(filepath.Join(parent, "cgroup.controllers"))
	if err != nil {
		return "", err
	}
	for _, c := range v2Wanted {
		if !slices.Contains(strings.Fields(string(avail)), c) {
			return "", fmt.Errorf("%s: controller %s not available", parent, c)
		}
	}
	enable := "+" + strings.Join(v2Wanted, " +")
	sub, err := os.ReadFile(filepath.Join(parent, "cgroup.subtree_control"))
	if err != nil {
		return "", err
	}
	if !hasAll(strings.Fields(string(sub)), v2Wanted) {
		if err := writeFile(filepath.Join(parent, "cgroup.subtree_control"), enable); err != nil {
			return "", err
		}
	}
	removeStale(parent, killV2)
	base := filepath.Join(parent, baseName())
	if err := os.Mkdir(base, 0o755); err != nil {
		return "", err
	}
	if err := writeFile(filepath.Join(base, "cgroup.subtree_control"), enable); err != nil {
		rmdirCgroup(base)
		return "", err
	}
	return base, nil
}

func hasAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

func (h *v2) version() string       { return "v2" }
func (h *v2) controllers() []string { return v2Wanted }
func (h *v2) close() error          { return removeTree(h.base, killV2) }

func killV2(dir string) error {
	writeFile(filepath.Join(dir, "cgroup.kill"), "1") // Linux 5.14+
	return killProcs(filepath.Join(dir, "cgroup.procs"), nil)
}

func (h *v2) create(name string) (group, error) {
	g := &v2Group{dir: filepath.Join(h.base, name), home: h.home}
	if err := os.Mkdir(g.dir, 0o755); err != nil {
		return nil, fmt.Errorf("cgroup v2: %w", err)
	}
	return g, nil
}

type v2Group struct {
	dir  string
	home string
}

func (g *v2Group) limit(l Limits) error {
	set := []setting{
		{"pids.max", strconv.Itoa(l.Processes), false},
		{"memory.oom.group", "1", true}, // one OOM kill takes the whole tree
	}
	if l.Memory > 0 {
		set = append(set,
			setting{"memory.max", strconv.FormatInt(l.Memory, 10), false},
			setting{"memory.swap.max", "0", true})
	}
	if err := writeSettings(g.dir, set); err != nil {
		return fmt.Errorf("cgroup v2: %w", err)
	}
	return nil
}

func (g *v2Group) enter() cgroupEntry {
	return cgroupEntry{
		Dir:   g.dir,
		Procs: filepath.Join(g.dir, "cgroup.procs"),
		Home:  []string{filepath.Join(g.home, "cgroup.procs")},
	}
}

func (g *v2Group) cpu() (time.Duration, bool) {
	us, ok := readKeyed(filepath.Join(g.dir, "cpu.stat"), "usage_usec")
	return time.Duration(us) * time.Microsecond, ok
}

func (g *v2Group) stats() groupStats {
	var s groupStats
	s.cpu, s.cpuOK = g.cpu()
	s.peak, _ = readInt(filepath.Join(g.dir, "memory.peak")) // Linux 5.19+
	b, _ := readSmall(filepath.Join(g.dir, "memory.events"))
	if n, _ := keyed(b, "oom_kill"); n > 0 {
		s.oomKills = int(n)
	} else if n, _ := keyed(b, "oom_group_kill"); n > 0 {
		s.oomKills = 1
	}
	return s
}

func (g *v2Group) threads() ([]int, error) {
	return readPids(filepath.Join(g.dir, "cgroup.threads"))
}

func (g *v2Group) pressure() (time.Duration, bool) {
	return readPressure(filepath.Join(g.dir, "cpu.pressure"))
}

func (g *v2Group) kill() error {
	if err := writeFile(filepath.Join(g.dir, "cgroup.kill"), "1"); err == nil {
		return killProcs(filepath.Join(g.dir, "cgroup.procs"), nil)
	}
	// Before Linux 5.14: freeze, kill, thaw.
	return killProcs(filepath.Join(g.dir, "cgroup.procs"), func(on bool) error {
		if !on {
			return writeFile(filepath.Join(g.dir, "cgroup.freeze"), "0")
		}
		if err := writeFile(filepath.Join(g.dir, "cgroup.freeze"), "1"); err != nil {
			return err
		}
		for i := 0; i < 200; i++ {
			if n, _ := readKeyed(filepath.Join(g.dir, "cgroup.events"), "frozen"); n == 1 {
				return nil
			}
			time.Sleep(100 * time.Microsecond)
		}
		return nil
	})
}

func (g *v2Group) remove() error { return rmdirCgroup(g.dir) }
