//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
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
func (g *fakeGroup) enter() cgroupEntry              { return cgroupEntry{} }
func (g *fakeGroup) cpu() (time.Duration, bool)      { return 0, false }
func (g *fakeGroup) stats() groupStats               { return groupStats{} }
func (g *fakeGroup) threads() ([]int, error)         { return nil, nil }
func (g *fakeGroup) pressure() (time.Duration, bool) { return 0, false }
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
	var n atomic.Int64
	q := newGroupQueue(h, func() string { return fmt.Sprint("run-", n.Add(1)) }, 2)
	a, b := Limits{Memory: 64 << 20, Processes: 8}, Limits{Memory: 256 << 20, Processes: 8}
	runs := []Limits{a, a, a, a, b}
	var got []string
	for i, l := range runs {
		g, err := q.get(l)
		if err != nil {
			t.Fatal(err)
		}
		q.sync() // the next one is made ahead meanwhile
		fg := g.(*fakeGroup)
		h.mu.Lock()
		if len(fg.limits) != 1 || fg.limits[0] != l {
			t.Errorf("run %d: limits set %+v, want once %+v", i, fg.limits, l)
		}
		h.mu.Unlock()
		got = append(got, fg.name)
		q.put(g)
	}
	q.sync()
	h.mu.Lock()
	// run-1 made for the first run, run-2..run-5 ahead with a's limits,
	// run-6 for the last run (run-5 has the wrong limits), run-7 ahead.
	if want := []string{"run-1", "run-2", "run-3", "run-4", "run-6"}; !slices.Equal(got, want) {
		t.Errorf("runs got %v, want %v", got, want)
	}
	if len(h.made) != 7 {
		t.Errorf("made %d groups, want 7", len(h.made))
	}
	for _, g := range h.made[:6] {
		if !g.killed {
			t.Errorf("%s removed without killing what it held", g.name)
		}
	}
	if want := []string{"run-1", "run-2", "run-3", "run-4", "run-5", "run-6"}; !slices.Equal(h.removed, want) {
		t.Errorf("removed %v, want %v", h.removed, want)
	}
	h.mu.Unlock()
	if err := q.close(); err != nil {
		t.Fatal(err)
	}
	if len(h.removed) != 7 {
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
