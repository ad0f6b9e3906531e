package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// progress stores what a worker says of its run, once its attempt's
// secret shows it was handed the job, and tells the submission's live
// pages. A run that starts replaces the run before it (a dead worker's),
// and a late test of a replaced run is dropped.
func (s *Server) progress(p queue.Progress) {
	if !validRun(p.Run) {
		s.log.Warn("dropped progress with a bad run id", "submission", p.ID, "worker", p.Worker)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var changed bool
	var err error
	if p.Test == nil {
		changed, err = s.cfg.Store.StartRun(ctx, p.ID, p.Attempt, p.Secret, p.Run)
	} else {
		changed, err = s.cfg.Store.AddTest(ctx, p.ID, p.Attempt, p.Secret, p.Run, p.Seq, *p.Test)
	}
	if err != nil {
		s.log.Warn("storing progress", "submission", p.ID, "err", err)
	}
	if changed {
		s.subWatchers.notify(p.ID)
	}
}

// A mark is how far a live page has followed a submission's judging: the
// attempt, the run, and how many of the run's tests it shows. It is the
// id of every event (so a reconnecting EventSource sends it back as
// Last-Event-ID), and a rendered page's data-last.
type mark struct {
	attempt int
	run     string
	tests   int
}

func (m mark) String() string { return fmt.Sprintf("%d.%s.%d", m.attempt, m.run, m.tests) }

// validRun reports whether run is a run id a mark can hold: it goes into
// event ids, so no line breaks, no dots; letters, digits, - and _ only.
func validRun(run string) bool {
	if run == "" || len(run) > 64 {
		return false
	}
	for _, c := range run {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// parseMark reads a mark; false for anything else.
func parseMark(s string) (mark, bool) {
	f := strings.Split(s, ".")
	if len(f) != 3 || f[1] != "" && !validRun(f[1]) {
		return mark{}, false
	}
	a, err1 := strconv.Atoi(f[0])
	n, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || a < 1 || n < 0 {
		return mark{}, false
	}
	return mark{a, f[1], n}, true
}

// apiEvents streams a submission's judging as server-sent events:
// "status", then "test" for each test judged, then "done" with the whole
// submission. A run judged over again (its worker died) sends "reset",
// and the new run's tests from the first. A client that says where it is
// (the Last-Event-ID header, or ?last= for a rendered page's first
// connection) is sent only what it lacks, so a reconnected page shows
// what a reloaded one does.
func (s *Server) apiEvents(w http.ResponseWriter, r *http.Request) {
	id, v := r.PathValue("id"), viewerOf(r)
	signal := s.subWatchers.add(id) // before reading, so nothing falls between
	defer s.subWatchers.remove(id, signal)
	if _, ok := s.get(w, r); !ok {
		return
	}
	st, closed := s.openStream(w, r)
	if st == nil {
		return
	}
	defer closed()
	at, known := parseMark(r.Header.Get("Last-Event-ID"))
	if !known {
		at, known = parseMark(r.URL.Query().Get("last"))
	}
	f := &follower{s: s, st: st, v: v, id: id, at: at, known: known}
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		done, err := f.catchUp(r.Context())
		if done || err != nil {
			return // an error: the client is gone or too slow, or the submission deleted
		}
		select {
		case <-r.Context().Done():
			return
		case <-signal:
		case <-keepAlive.C:
			if st.keepAlive() != nil {
				return
			}
		}
	}
}

// A follower is one event stream's view of a submission: what it has sent.
type follower struct {
	s      *Server
	st     *stream
	v      viewer
	id     string
	at     mark
	known  bool   // at says what the client has
	status string // the status last sent
}

// catchUp sends what the client lacks of the submission now, and reports
// whether it is done.
func (f *follower) catchUp(ctx context.Context) (bool, error) {
	sub, err := f.s.cfg.Store.Get(ctx, f.id)
	if err != nil {
		return false, err
	}
	if sub.Status == store.Done {
		// Each test it lacks, as it would have come live, then "done"
		// with them all (which a page shows instead of what it has).
		tests := testsFor(f.v, sub, sub.Tests)
		from := 0
		if f.known && f.at.attempt == sub.Attempt && f.at.tests <= len(tests) {
			from = f.at.tests
		}
		for i := from; i < len(tests); i++ {
			if err := f.st.event(mark{sub.Attempt, "", i + 1}.String(), "test", tests[i]); err != nil {
				return false, err
			}
		}
		return true, f.st.event(mark{sub.Attempt, "", len(tests)}.String(), "done", toJSON(sub, f.v))
	}
	live, err := f.s.cfg.Store.Live(ctx, f.id)
	if errors.Is(err, store.ErrNotFound) {
		return false, err
	}
	if err != nil {
		return false, err
	}
	other := f.at.attempt != live.Attempt || f.at.run != live.Run
	switch {
	case !f.known || other && f.at.tests == 0: // no rows to take back
		f.at, f.known = mark{live.Attempt, live.Run, 0}, true
	case other || f.at.tests > len(live.Tests):
		// Rows of another attempt or run than now: the page starts over.
		f.at = mark{live.Attempt, live.Run, 0}
		if err := f.st.event(f.at.String(), "reset", map[string]any{"status": sub.Status, "attempt": sub.Attempt}); err != nil {
			return false, err
		}
		f.status = sub.Status
	}
	if sub.Status != f.status {
		if err := f.st.event(f.at.String(), "status", map[string]string{"status": sub.Status}); err != nil {
			return false, err
		}
		f.status = sub.Status
	}
	for _, t := range testsFor(f.v, sub, live.Tests[f.at.tests:]) {
		f.at.tests++
		if err := f.st.event(f.at.String(), "test", t); err != nil {
			return false, err
		}
	}
	return false, nil
}

// liveTests returns what sub's page shows of its tests: its result's, or
// while it is judged those of its current run so far, and the mark of it.
func (s *Server) liveTests(ctx context.Context, sub *store.Submission) ([]judge.TestResult, mark, error) {
	if sub.Status == store.Done {
		return sub.Tests, mark{sub.Attempt, "", len(sub.Tests)}, nil
	}
	live, err := s.cfg.Store.Live(ctx, sub.ID)
	if err != nil {
		return nil, mark{}, err
	}
	return live.Tests, mark{live.Attempt, live.Run, len(live.Tests)}, nil
}
