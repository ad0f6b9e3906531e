//go:build linux

package sandbox

import (
	"errors"
	"sync"
)

// A groupQueue gives runs their cgroups. Making a cgroup, setting its
// limits and removing it cost the kernel a few hundred microseconds, a
// tenth of a short test, so a goroutine makes the next run's group while a
// run goes on, with the limits of the run before (a submission's tests
// share them), and removes a finished run's after it has been judged. Every run still gets a group
// of its own that no earlier program has been in: what one run charged
// (page cache, kernel memory) never counts against the next.
type groupQueue struct {
	hier  hierarchy
	name  func() string // a fresh name for a group
	ahead int           // groups to keep made ahead, at most

	work chan groupJob
	done chan struct{} // closed when the goroutine has ended

	mu    sync.Mutex
	ready []readyGroup // made ahead, empty
	last  *Limits      // the latest run's, for the groups made ahead
	errs  []error      // removals that failed
}

// A readyGroup is a group made ahead, and the limits set on it if any.
type readyGroup struct {
	g      group
	limits *Limits
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

// get returns a new group with limits l, made ahead if one is ready with
// them. The goroutine is asked to make the next run's group only once this
// run has its own, so that the two never make groups at the same time: the
// run waiting for one would wait longer, and groups would not be made (and
// named) in the order they are asked for.
func (q *groupQueue) get(l Limits) (group, error) {
	var rg readyGroup
	q.mu.Lock()
	if n := len(q.ready); n > 0 {
		rg = q.ready[n-1]
		q.ready = q.ready[:n-1]
	}
	q.last = &l
	q.mu.Unlock()
	defer q.ask(groupJob{})
	if rg.g != nil && rg.limits != nil && *rg.limits == l {
		return rg.g, nil
	}
	// Limits already set are not changed (in v1 the memory and swap
	// limits must be changed in an order that depends on their values):
	// a group made ahead for other limits goes, and one is made here.
	if rg.g != nil {
		q.put(rg.g)
	}
	g, err := q.hier.create(q.name())
	if err != nil {
		return nil, err
	}
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
	enough, l := len(q.ready) >= q.ahead, q.last
	q.mu.Unlock()
	if enough {
		return
	}
	// Should making one fail, the next run makes its own and reports why.
	g, err := q.hier.create(q.name())
	if err != nil {
		return
	}
	if l != nil && g.limit(*l) != nil {
		l = nil
	}
	q.mu.Lock()
	q.ready = append(q.ready, readyGroup{g, l})
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
	for _, rg := range ready {
		q.remove(rg.g)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return errors.Join(q.errs...)
}
