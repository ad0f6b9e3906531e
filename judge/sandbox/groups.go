//go:build linux

package sandbox

import (
	"errors"
	"sync"
)

// A groupQueue gives runs their cgroups. Making a cgroup and removing it
// cost the kernel a few hundred microseconds, a tenth of a short test, so
// a goroutine makes the next run's group while a run goes on and removes
// a finished run's after it has been judged. Every run still gets a group
// of its own that no earlier program has been in: what one run charged
// (page cache, kernel memory) never counts against the next.
type groupQueue struct {
	hier  hierarchy
	name  func() string // a fresh name for a group
	ahead int           // groups to keep made ahead, at most

	work chan groupJob
	done chan struct{} // closed when the goroutine has ended

	mu    sync.Mutex
	ready []group // made ahead, empty and without limits
	errs  []error // removals that failed
}

// A groupJob asks the goroutine to remove a group, to report when the jobs
// before it are done, or if neither is set, to make a group ahead.
type groupJob struct {
	remove group
	synced chan struct{}
}

func newGroupQueue(h hierarchy, name func() string, ahead int) *groupQueue {
	q := &groupQueue{
		hier:  h,
		name:  name,
		ahead: ahead,
		work:  make(chan groupJob, 4*ahead),
		done:  make(chan struct{}),
	}
	go q.serve()
	return q
}

// get returns a new group with limits l, made ahead if one is ready.
func (q *groupQueue) get(l Limits) (group, error) {
	var g group
	q.mu.Lock()
	if n := len(q.ready); n > 0 {
		g = q.ready[n-1]
		q.ready = q.ready[:n-1]
	}
	q.mu.Unlock()
	if g == nil {
		var err error
		if g, err = q.hier.create(q.name()); err != nil {
			return nil, err
		}
	}
	q.ask(groupJob{})
	if err := g.limit(l); err != nil {
		q.put(g)
		return nil, err
	}
	return g, nil
}

// put hands back a run's group for removal, with whatever is left in it
// killed first.
func (q *groupQueue) put(g group) {
	if !q.ask(groupJob{remove: g}) {
		q.remove(g) // the goroutine is behind: do it here
	}
}

// ask gives the goroutine a job, unless it has enough to do already.
func (q *groupQueue) ask(j groupJob) bool {
	select {
	case q.work <- j:
		return true
	default:
		return false
	}
}

// sync returns once the jobs asked for before it are done.
func (q *groupQueue) sync() {
	j := groupJob{synced: make(chan struct{})}
	q.work <- j
	<-j.synced
}

func (q *groupQueue) serve() {
	defer close(q.done)
	for j := range q.work {
		switch {
		case j.remove != nil:
			q.remove(j.remove)
		case j.synced != nil:
			close(j.synced)
		default:
			q.makeAhead()
		}
	}
}

func (q *groupQueue) makeAhead() {
	q.mu.Lock()
	enough := len(q.ready) >= q.ahead
	q.mu.Unlock()
	if enough {
		return
	}
	// Should making one fail, the next run makes its own and reports why.
	g, err := q.hier.create(q.name())
	if err != nil {
		return
	}
	q.mu.Lock()
	q.ready = append(q.ready, g)
	q.mu.Unlock()
}

func (q *groupQueue) remove(g group) {
	err := g.kill()
	if err == nil {
		err = g.remove()
	}
	if err != nil {
		q.mu.Lock()
		q.errs = append(q.errs, err)
		q.mu.Unlock()
	}
}

// close waits for the jobs asked for, removes the groups made ahead and
// reports the removals that failed. The queue is not used after.
func (q *groupQueue) close() error {
	close(q.work)
	<-q.done
	q.mu.Lock()
	ready := q.ready
	q.ready = nil
	q.mu.Unlock()
	for _, g := range ready {
		q.remove(g)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return errors.Join(q.errs...)
}
