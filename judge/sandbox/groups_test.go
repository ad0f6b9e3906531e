//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// fakeHier makes fakeGroups and remembers what happened to them.
type fakeHier struct {
	mu      sync.Mutex
	made    []*fakeGroup
	failMk  bool
	failRm  bool
	removed []string
}

type fakeGroup struct {
	h      *fakeHier
	name   string
	limits []Limits
	killed bool
}

func (h *fakeHier) version() string       { return "fake" }
func (h *fakeHier) controllers() []string { return nil }
func (h *fakeHier) close() error          { return nil }

func (h *fakeHier) create(name string) (group, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.failMk {
		return nil, errors.New("no more cgroups")
	}
	g := &fakeGroup{h: h, name: name}
	h.made = append(h.made, g)
	return g, nil
}

func (g *fakeGroup) limit(l Limits) error {
	g.h.mu.Lock()
	defer g.h.mu.Unlock()
	g.limits = append(g.limits, l)
	return nil
}
func (g *fakeGroup) enter() cgroupEntry         { return cgroupEntry{} }
func (g *fakeGroup) cpu() (time.Duration, bool) { return 0, false }
func (g *fakeGroup) stats() groupStats          { return groupStats{} }
func (g *fakeGroup) kill() error {
	g.h.mu.Lock()
	defer g.h.mu.Unlock()
	g.killed = true
	return nil
}
func (g *fakeGroup) remove() error {
	g.h.mu.Lock()
	defer g.h.mu.Unlock()
	if g.h.failRm {
		return fmt.Errorf("rmdir %s: device or resource busy", g.name)
	}
	g.h.removed = append(g.h.removed, g.name)
	return nil
}

func TestGroupQueue(t *testing.T) {
	h := &fakeHier{}
	n := 0
	q := newGroupQueue(h, func() string { n++; return fmt.Sprint("run-", n) }, 2)
	var got []string
	for i := range 5 {
		g, err := q.get(Limits{Memory: int64(i + 1)})
		if err != nil {
			t.Fatal(err)
		}
		q.sync() // the next one is made ahead meanwhile
		fg := g.(*fakeGroup)
		if len(fg.limits) != 1 || fg.limits[0].Memory != int64(i+1) {
			t.Errorf("run %d: limits %+v, want one setting of this run's", i, fg.limits)
		}
		got = append(got, fg.name)
		q.put(g)
	}
	q.sync()
	h.mu.Lock()
	if len(h.made) != 6 {
		t.Errorf("made %d groups for 5 runs, want 6 (one ahead)", len(h.made))
	}
	for _, g := range h.made[:5] {
		if !g.killed {
			t.Errorf("%s removed without killing what it held", g.name)
		}
	}
	if !slices.Equal(h.removed, got) {
		t.Errorf("removed %v, want the runs' groups %v", h.removed, got)
	}
	h.mu.Unlock()
	if u := slices.Compact(slices.Sorted(slices.Values(got))); len(u) != 5 {
		t.Errorf("runs shared groups: %v", got)
	}
	if err := q.close(); err != nil {
		t.Fatal(err)
	}
	if len(h.removed) != 6 {
		t.Errorf("after close removed %v, want the one made ahead too", h.removed)
	}
}

func TestGroupQueueErrors(t *testing.T) {
	h := &fakeHier{failMk: true}
	q := newGroupQueue(h, func() string { return "run" }, 2)
	if _, err := q.get(Limits{}); err == nil {
		t.Error("get made a group although create fails")
	}
	h.mu.Lock()
	h.failMk, h.failRm = false, true
	h.mu.Unlock()
	g, err := q.get(Limits{})
	if err != nil {
		t.Fatal(err)
	}
	q.put(g)
	if err := q.close(); err == nil {
		t.Error("close reported no error although removals failed")
	}
}
