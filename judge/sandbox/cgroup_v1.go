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

// v1 is cgroup v1: a hierarchy per controller, or per group of co-mounted
// controllers. Each used hierarchy gets a base cgroup; each run a child of
// it in every one.
type v1 struct {
	ctrls []string // controllers in use, memory first
	hiers []v1Hier // distinct hierarchies in use
}

type v1Hier struct {
	mount string   // where the hierarchy is mounted
	ctrls []string // controllers of ours in this hierarchy
	base  string   // our base cgroup
	home  string   // the judge's own cgroup, where the helper returns after forking
}

// openV1 uses the controllers that are mounted of: memory (required),
// pids to limit processes, cpuacct to account CPU time, and, if freezer is
// set, freezer to kill a forking tree atomically (not needed when a PID
// namespace does that).
func openV1(ms []cgMount, paths map[string]string, freezer bool) (*v1, error) {
	h := &v1{}
	name := baseName()
	wanted := []string{"memory", "pids", "cpuacct"}
	if freezer {
		wanted = append(wanted, "freezer")
	}
	for _, c := range wanted {
		mi := -1
		for i, m := range ms {
			if !m.v2 && slices.Contains(m.controllers, c) {
				mi = i
				break
			}
		}
		if mi < 0 {
			if c == "memory" {
				h.close()
				return nil, errors.New("cgroup v1: no memory controller mounted")
			}
			continue
		}
		m := ms[mi]
		if i := h.find(m.dir); i >= 0 { // co-mounted with one we have
			h.hiers[i].ctrls = append(h.hiers[i].ctrls, c)
			h.ctrls = append(h.ctrls, c)
			continue
		}
		home, ok := m.dirOf(paths[c])
		if !ok {
			home = m.dir
		}
		var errs []error
		for _, parent := range candidates(m, paths[c]) {
			removeStale(parent, killV1)
			base := filepath.Join(parent, name)
			if err := os.Mkdir(base, 0o755); err != nil {
				errs = append(errs, err)
				continue
			}
			h.hiers = append(h.hiers, v1Hier{mount: m.dir, ctrls: []string{c}, base: base, home: home})
			h.ctrls = append(h.ctrls, c)
			errs = nil
			break
		}
		if errs != nil && c == "memory" {
			h.close()
			return nil, fmt.Errorf("cgroup v1: %w", errors.Join(errs...))
		}
	}
	return h, nil
}

// find returns the index of the hierarchy mounted at mount, or -1.
func (h *v1) find(mount string) int {
	for i, hi := range h.hiers {
		if hi.mount == mount {
			return i
		}
	}
	return -1
}

func (h *v1) version() string       { return "v1" }
func (h *v1) controllers() []string { return h.ctrls }

func (h *v1) close() error {
	var errs []error
	for _, hi := range h.hiers {
		if err := removeTree(hi.base, killV1); err != nil {
			errs = append(errs, err)
		}
	}
	h.hiers = nil
	return errors.Join(errs...)
}

func killV1(dir string) error { return killProcs(filepath.Join(dir, "cgroup.procs"), nil) }

func (h *v1) create(name string) (group, error) {
	g := &v1Group{dirs: make(map[string]string)}
	for _, hi := range h.hiers {
		d := filepath.Join(hi.base, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			g.remove()
			return nil, fmt.Errorf("cgroup v1: %w", err)
		}
		g.all = append(g.all, d)
		for _, c := range hi.ctrls {
			g.dirs[c] = d
		}
		// The helper's thread enters the cpuacct group last and leaves it
		// first, so that its cgroup writes are not charged to the program.
		tasks, home := filepath.Join(d, "tasks"), filepath.Join(hi.home, "tasks")
		if slices.Contains(hi.ctrls, "cpuacct") {
			g.tasks = append(g.tasks, tasks)
			g.home = append([]string{home}, g.home...)
		} else {
			g.tasks = append([]string{tasks}, g.tasks...)
			g.home = append(g.home, home)
		}
	}
	return g, nil
}

type v1Group struct {
	dirs  map[string]string // controller → this run's cgroup
	all   []string          // the distinct cgroups
	tasks []string          // their tasks files, in the order to enter
	home  []string          // the judge's cgroups' tasks files, in the order to return
}

func (g *v1Group) limit(l Limits) error {
	var err error
	if l.Memory > 0 {
		s := strconv.FormatInt(l.Memory, 10)
		// Without swap accounting there is no memsw file; the machine then
		// has no swap limit to set.
		err = writeSettings(g.dirs["memory"], []setting{
			{"memory.limit_in_bytes", s, false},
			{"memory.memsw.limit_in_bytes", s, true},
		})
	}
	if d, ok := g.dirs["pids"]; ok && err == nil {
		err = writeSettings(d, []setting{{"pids.max", strconv.Itoa(l.Processes), false}})
	}
	if err != nil {
		return fmt.Errorf("cgroup v1: %w", err)
	}
	return nil
}

func (g *v1Group) enter() cgroupEntry {
	return cgroupEntry{Tasks: g.tasks, Home: g.home}
}

func (g *v1Group) cpu() (time.Duration, bool) {
	d, ok := g.dirs["cpuacct"]
	if !ok {
		return 0, false
	}
	ns, err := readInt(filepath.Join(d, "cpuacct.usage"))
	return time.Duration(ns), err == nil
}

func (g *v1Group) stats() groupStats {
	var s groupStats
	s.cpu, s.cpuOK = g.cpu()
	mem := g.dirs["memory"]
	s.peak, _ = readInt(filepath.Join(mem, "memory.max_usage_in_bytes"))
	b, _ := readSmall(filepath.Join(mem, "memory.oom_control"))
	if n, ok := keyed(b, "oom_kill"); ok { // Linux 4.13+
		s.oomKills = int(n)
	} else if n, _ := keyed(b, "under_oom"); n > 0 {
		s.oomKills = 1
	}
	return s
}

// threads reads one of the group's hierarchies: each holds every task.
func (g *v1Group) threads() ([]int, error) {
	if len(g.all) == 0 {
		return nil, nil
	}
	return readPids(filepath.Join(g.all[0], "tasks"))
}

// pressure is unknown: v1 keeps no pressure per group.
func (g *v1Group) pressure() (time.Duration, bool) { return 0, false }

func (g *v1Group) kill() error {
	procs := filepath.Join(g.dirs["memory"], "cgroup.procs")
	fz, ok := g.dirs["freezer"]
	if !ok {
		return killProcs(procs, nil)
	}
	return killProcs(procs, func(on bool) error {
		state := filepath.Join(fz, "freezer.state")
		if !on {
			return writeFile(state, "THAWED")
		}
		if err := writeFile(state, "FROZEN"); err != nil {
			return err
		}
		// Freezing is asynchronous; a process killed while FREEZING dies
		// anyway, so waiting is an optimisation and bounded.
		for i := 0; i < 200; i++ {
			b, err := os.ReadFile(state)
			if err != nil || strings.TrimSpace(string(b)) == "FROZEN" {
				return err
			}
			time.Sleep(100 * time.Microsecond)
		}
		return nil
	})
}

func (g *v1Group) remove() error {
	var errs []error
	for _, d := range g.all {
		if err := rmdirCgroup(d); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
