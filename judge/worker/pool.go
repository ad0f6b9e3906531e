package worker

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// A Pool is the workers a process runs itself (serve --workers), each in a
// goroutine of its own: it counts the busy ones, waits for them to stop,
// and closes what they used.
type Pool struct {
	Log *slog.Logger
	// Closers are closed by Close after the workers' connections: what
	// the workers share, such as their sandbox.
	Closers []io.Closer

	wg      sync.WaitGroup
	busy    atomic.Int64
	workers []*Worker
	once    sync.Once
	done    chan struct{}
}

// Start runs w in the pool: it takes jobs until ctx is done and then
// finishes its own, unless hard is done first (see [Worker.Run]). The pool
// counts it busy while it judges, and closes its connection in Close.
func (p *Pool) Start(ctx, hard context.Context, w *Worker) {
	busy := w.Busy
	w.Busy = func(b bool) {
		if b {
			p.busy.Add(1)
		} else {
			p.busy.Add(-1)
		}
		if busy != nil {
			busy(b)
		}
	}
	p.workers = append(p.workers, w)
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		if err := w.Run(ctx, hard); err != nil && p.Log != nil {
			p.Log.Error("worker", "name", w.Name, "err", err)
		}
	}()
}

// Busy returns how many of the pool's workers are judging a job.
func (p *Pool) Busy() int64 { return p.busy.Load() }

// Wait waits until every worker has stopped, for at most timeout (0: as
// long as it takes), and reports whether they all did.
func (p *Pool) Wait(timeout time.Duration) bool {
	p.once.Do(func() {
		p.done = make(chan struct{})
		go func() { p.wg.Wait(); close(p.done) }()
	})
	if timeout <= 0 {
		<-p.done
		return true
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-p.done:
		return true
	case <-t.C:
		return false
	}
}

// Close closes the workers' connections, then the Closers, and returns
// their errors.
func (p *Pool) Close() error {
	for _, w := range p.workers {
		w.Conn.Close()
	}
	var errs []error
	for _, c := range p.Closers {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// ProblemMap returns the tasks by their IDs, as a Worker takes them.
func ProblemMap(ps []problems.Task) map[string]problems.Task {
	m := make(map[string]problems.Task, len(ps))
	for _, p := range ps {
		m[p.ID()] = p
	}
	return m
}
