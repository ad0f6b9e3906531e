package web

import (
	"sync"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/queue"
)

// A watchers fans "something changed" out to the streams watching each
// submission or contest. A signal carries nothing: a stream reads what
// its viewer sees from the store, and a buffer of one coalesces a burst
// into one reading; so no stream can miss, repeat or reorder a change.
type watchers struct {
	mu    sync.Mutex
	watch map[string]map[chan struct{}]bool
}

func (w *watchers) add(id string) chan struct{} {
	ch := make(chan struct{}, 1)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.watch == nil {
		w.watch = map[string]map[chan struct{}]bool{}
	}
	if w.watch[id] == nil {
		w.watch[id] = map[chan struct{}]bool{}
	}
	w.watch[id][ch] = true
	return ch
}

func (w *watchers) remove(id string, ch chan struct{}) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.watch[id], ch)
	if len(w.watch[id]) == 0 {
		delete(w.watch, id)
	}
}

func (w *watchers) notify(id string) {
	if id == "" {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for ch := range w.watch[id] {
		select {
		case ch <- struct{}{}:
		default: // a signal is already waiting
		}
	}
}

// workers are the workers alive, as their heartbeats say.
type workers struct {
	mu   sync.Mutex
	seen map[string]heartbeat
}

type heartbeat struct {
	at   time.Time
	busy bool
}

// beat records h, arrived at now; a worker that says it stops is
// forgotten at once.
func (w *workers) beat(h queue.Heartbeat, now time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.seen == nil {
		w.seen = map[string]heartbeat{}
	}
	if h.Stop {
		delete(w.seen, h.Worker)
		return
	}
	w.seen[h.Worker] = heartbeat{now, h.Busy}
}

// alive counts the workers heard from within three heartbeat intervals
// of now, and those of them judging; it forgets the others.
func (w *workers) alive(now time.Time) (n, busy int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for name, h := range w.seen {
		if now.Sub(h.at) > 3*queue.HeartbeatInterval {
			delete(w.seen, name)
			continue
		}
		n++
		if h.busy {
			busy++
		}
	}
	return n, busy
}
