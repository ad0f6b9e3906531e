package web

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// healthEvery is how often the judge checks itself: /healthz answers
// with the last check at once, so that a probe never waits on the disk.
const healthEvery = 2 * time.Second

// health is the judge's last self-check.
type health struct {
	mu       sync.Mutex
	problems []string // empty when all is well
}

func (h *health) set(problems []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.problems = problems
}

func (h *health) get() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.problems
}

// check returns what keeps the judge from taking work now: a disk short
// of room, a store that cannot write, a queue that cannot take jobs.
func (s *Server) check(ctx context.Context) []string {
	ctx, cancel := context.WithTimeout(ctx, healthEvery)
	defer cancel()
	var problems []string
	if err := s.diskRoom(); err != nil {
		problems = append(problems, "disk: "+err.Error())
	}
	if err := s.cfg.Store.Ping(ctx); err != nil {
		problems = append(problems, err.Error())
	}
	if err := s.cfg.Queue.Ready(ctx); err != nil {
		problems = append(problems, err.Error())
	}
	return problems
}

// watch checks the judge every healthEvery until ctx ends. Once the queue
// can take jobs after an enqueue failed (a full disk, the queue down), it
// enqueues every unfinished submission again, so that those stored
// meanwhile are judged without a restart (the queue stores each attempt
// once however often it is enqueued).
func (s *Server) watch(ctx context.Context) {
	t := time.NewTicker(healthEvery)
	defer t.Stop()
	for {
		problems := s.check(ctx)
		s.health.set(problems)
		if len(problems) == 0 && s.requeue.Load() {
			s.enqueueUnfinished(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// enqueueUnfinished enqueues every submission not judged yet; a failure
// leaves it to watch's next round.
func (s *Server) enqueueUnfinished(ctx context.Context) {
	s.requeue.Store(false)
	subs, err := s.cfg.Store.Unfinished(ctx)
	if err != nil {
		s.requeue.Store(true)
		s.log.Warn("listing unfinished submissions", "err", err)
		return
	}
	n := 0
	for _, sub := range subs {
		if err := s.enqueue(ctx, sub); err != nil {
			s.log.Warn("enqueuing unfinished submissions; trying again soon", "err", err)
			return
		}
		n++
	}
	if n > 0 {
		s.log.Info("enqueued unfinished submissions", "count", n)
	}
}

// healthz answers "ok", or 503 and what is wrong, from the last check.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	problems := s.health.get()
	if len(problems) == 0 {
		io.WriteString(w, "ok\n")
		return
	}
	w.WriteHeader(http.StatusServiceUnavailable)
	io.WriteString(w, strings.Join(problems, "\n")+"\n")
}
