package web

import (
	"sync"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// An event is one server-sent event of a submission.
type event struct {
	Kind string // "judging", "test" or "done"
	Test *judge.TestResult
	Sub  *store.Submission // for "done"; each stream shows what its viewer may see
}

// A hub fans events out to the streams watching each submission and
// remembers which workers were seen lately.
type hub struct {
	mu      sync.Mutex
	watch   map[string]map[chan event]bool
	workers map[string]time.Time
}

func newHub() *hub {
	return &hub{watch: map[string]map[chan event]bool{}, workers: map[string]time.Time{}}
}

func (h *hub) subscribe(id string) chan event {
	ch := make(chan event, 256)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.watch[id] == nil {
		h.watch[id] = map[chan event]bool{}
	}
	h.watch[id][ch] = true
	return ch
}

func (h *hub) unsubscribe(id string, ch chan event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.watch[id], ch)
	if len(h.watch[id]) == 0 {
		delete(h.watch, id)
	}
}

// send delivers e to every watcher of id; a watcher too slow to keep 256
// events buffered misses some, and sees the final state on "done".
func (h *hub) send(id string, e event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.watch[id] {
		select {
		case ch <- e:
		default:
		}
	}
}

func (h *hub) seen(worker string) {
	if worker == "" {
		return
	}
	h.mu.Lock()
	h.workers[worker] = time.Now()
	h.mu.Unlock()
}

// activeWorkers counts the workers seen within d.
func (h *hub) activeWorkers(d time.Duration) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, t := range h.workers {
		if time.Since(t) < d {
			n++
		}
	}
	return n
}
