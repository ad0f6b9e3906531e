package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/contests"
	"github.com/sudoku-judge/sudoku-judge/judge/scoreboard"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// changed tells the watchers of sub's contest, if it has one, that its
// scoreboard may have changed.
func (s *Server) changed(sub *store.Submission) {
	if sub != nil {
		s.contestWatchers.notify(sub.Contest)
	}
}

// hidden reports whether sub is hidden from v: a submission to a contest
// is its author's and the admin's only, as in DOMjudge, so that neither
// its verdict (which the freeze hides) nor its author shows elsewhere than
// on the scoreboard.
func hidden(v viewer, sub *store.Submission) bool { return sub.Contest != "" && !v.mayRead(sub) }

// contestJSON is a contest as the API shows it, with its problems' labels.
type contestJSON struct {
	*contests.Contest
	Labels []string `json:"labels"`
}

func withLabels(c *contests.Contest) contestJSON {
	j := contestJSON{Contest: c, Labels: make([]string, len(c.Problems))}
	for i := range c.Problems {
		j.Labels[i] = contests.Label(i)
	}
	return j
}

// checkContest validates c and checks that its problems and users exist.
func (s *Server) checkContest(ctx context.Context, c *contests.Contest) error {
	if err := c.Validate(); err != nil {
		return &submitError{http.StatusBadRequest, "contest: " + err.Error()}
	}
	for _, p := range c.Problems {
		if _, ok := s.probs[p]; !ok {
			return &submitError{http.StatusBadRequest, fmt.Sprintf("contest: problems: no problem %q", p)}
		}
	}
	for _, u := range c.Users {
		if _, err := s.cfg.Store.User(ctx, u); errors.Is(err, store.ErrNoUser) {
			return &submitError{http.StatusBadRequest, fmt.Sprintf("contest: users: no user %q (create it first: POST /api/users)", u)}
		} else if err != nil {
			return err
		}
	}
	return nil
}

// saveContest validates and stores c, new or (replace) in place of the
// contest of its id. A posted Thawed is ignored: the store keeps its own.
func (s *Server) saveContest(ctx context.Context, c *contests.Contest, replace bool) error {
	if err := s.checkContest(ctx, c); err != nil {
		return err
	}
	var err error
	if replace {
		err = s.cfg.Store.UpdateContest(ctx, c)
	} else {
		err = s.cfg.Store.CreateContest(ctx, c)
	}
	switch {
	case errors.Is(err, store.ErrExists):
		return &submitError{http.StatusConflict, fmt.Sprintf("contest %q already exists (PUT /api/contests/%s replaces it)", c.ID, c.ID)}
	case errors.Is(err, store.ErrNoContest):
		return &submitError{http.StatusNotFound, "no such contest"}
	case err != nil:
		return err
	}
	s.contestWatchers.notify(c.ID)
	return nil
}

func (s *Server) apiCreateContest(w http.ResponseWriter, r *http.Request) {
	var c contests.Contest
	if !decodeJSON(w, r, 1<<20, &c) {
		return
	}
	s.answerSaved(w, r, &c, false)
}

func (s *Server) apiReplaceContest(w http.ResponseWriter, r *http.Request) {
	var c contests.Contest
	if !decodeJSON(w, r, 1<<20, &c) {
		return
	}
	if c.ID != r.PathValue("id") {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("the body's id %q is not the path's %q", c.ID, r.PathValue("id")))
		return
	}
	s.answerSaved(w, r, &c, true)
}

// answerSaved saves c, new or in place of its namesake (replace), and
// answers the contest as stored.
func (s *Server) answerSaved(w http.ResponseWriter, r *http.Request, c *contests.Contest, replace bool) {
	if err := s.saveContest(r.Context(), c, replace); err != nil {
		s.fail(w, err)
		return
	}
	stored, err := s.cfg.Store.Contest(r.Context(), c.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	status := http.StatusOK
	if !replace {
		w.Header().Set("Location", "/api/contests/"+c.ID)
		status = http.StatusCreated
	}
	writeJSON(w, status, withLabels(stored))
}

// contest returns the contest of the request's path, answering a 404
// itself.
func (s *Server) contest(w http.ResponseWriter, r *http.Request) (*contests.Contest, bool) {
	c, err := s.cfg.Store.Contest(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNoContest) {
		apiError(w, http.StatusNotFound, "no such contest")
		return nil, false
	}
	if err != nil {
		s.fail(w, err)
		return nil, false
	}
	return c, true
}

func (s *Server) apiContests(w http.ResponseWriter, r *http.Request) {
	cs, err := s.cfg.Store.Contests(r.Context())
	if err != nil {
		s.fail(w, err)
		return
	}
	out := make([]contestJSON, len(cs))
	for i, c := range cs {
		out[i] = withLabels(c)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) apiContest(w http.ResponseWriter, r *http.Request) {
	if c, ok := s.contest(w, r); ok {
		writeJSON(w, http.StatusOK, withLabels(c))
	}
}

// apiFreeze freezes a contest's scoreboard now (POST .../freeze) or thaws
// it (POST .../unfreeze).
func (s *Server) apiFreeze(freeze bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := s.contest(w, r)
		if !ok {
			return
		}
		if err := s.setFrozen(r.Context(), c, freeze); err != nil {
			s.fail(w, err)
			return
		}
		writeJSON(w, http.StatusOK, withLabels(c))
	}
}

// setFrozen freezes c's scoreboard from now on, or thaws it, and stores
// the change.
func (s *Server) setFrozen(ctx context.Context, c *contests.Contest, freeze bool) error {
	now := time.Now().UTC().Truncate(time.Millisecond)
	if freeze {
		if !c.Running(now) {
			return &submitError{http.StatusConflict, "only a running contest can be frozen now; set its freeze time instead"}
		}
		c.Freeze, c.Thawed = now, time.Time{}
		if err := s.cfg.Store.UpdateContest(ctx, c); err != nil {
			return err
		}
	} else {
		if c.Freeze.IsZero() {
			return &submitError{http.StatusConflict, "the contest has no freeze"}
		}
		c.Thawed = now
	}
	if err := s.cfg.Store.SetThawed(ctx, c.ID, c.Thawed); err != nil {
		return err
	}
	s.contestWatchers.notify(c.ID)
	return nil
}

// board computes c's scoreboard as v sees it now.
func (s *Server) board(ctx context.Context, c *contests.Contest, v viewer) (*scoreboard.Scoreboard, error) {
	entries, err := s.cfg.Store.Entries(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	subs := make([]scoreboard.Submission, len(entries))
	for i, e := range entries {
		subs[i] = scoreboard.Submission{Team: e.User, Problem: e.Problem, Time: e.CreatedAt, Judged: e.Status == store.Done,
			Verdict: contest.Verdict(e.Verdict), Groups: e.Groups}
	}
	groups := map[string][]scoreboard.Group{}
	for _, id := range c.Problems {
		if p, ok := s.probs[id]; ok {
			groups[id] = scoreboard.GroupsOf(p.Config())
		}
	}
	return scoreboard.Compute(scoreboard.Input{Contest: c, Groups: groups, Submissions: subs,
		View: scoreboard.View{Admin: v.Admin, Team: v.User}, Now: time.Now()}), nil
}

func (s *Server) apiScoreboard(w http.ResponseWriter, r *http.Request) {
	c, ok := s.contest(w, r)
	if !ok {
		return
	}
	sb, err := s.board(r.Context(), c, viewerOf(r))
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, sb)
}

// entryJSON is one of the viewer's own submissions to a contest, as the
// contest page lists them.
type entryJSON struct {
	ID      string    `json:"id"`
	Problem string    `json:"problem"`
	Label   string    `json:"label"`
	Status  string    `json:"status"`
	Verdict string    `json:"verdict"`
	Created time.Time `json:"created_at"`
}

// mine returns v's own submissions to c, newest first.
func (s *Server) mine(ctx context.Context, c *contests.Contest, v viewer) ([]entryJSON, error) {
	out := []entryJSON{}
	if v.User == "" {
		return out, nil
	}
	entries, err := s.cfg.Store.Entries(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	label := map[string]string{}
	for i, p := range c.Problems {
		label[p] = contests.Label(i)
	}
	for i := len(entries) - 1; i >= 0; i-- {
		if e := entries[i]; e.User == v.User {
			out = append(out, entryJSON{ID: e.ID, Problem: e.Problem, Label: label[e.Problem], Status: e.Status, Verdict: e.Verdict, Created: e.CreatedAt.UTC()})
		}
	}
	return out, nil
}

// apiContestEvents streams a contest as its viewer sees it, as
// server-sent events: "scoreboard" (the CLICS scoreboard) and "mine" (the
// viewer's own submissions to it), at once and again whenever either
// changes (checked on every change in the contest and every few seconds,
// for the clock's sake).
func (s *Server) apiContestEvents(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	signal := s.contestWatchers.add(id) // before reading, so nothing falls between
	defer s.contestWatchers.remove(id, signal)
	if _, ok := s.contest(w, r); !ok {
		return
	}
	st, done := s.openStream(w, r)
	if st == nil {
		return
	}
	defer done()
	v := viewerOf(r)
	last := map[string][]byte{}
	send := func() error {
		c, err := s.cfg.Store.Contest(r.Context(), id)
		if err != nil {
			return err
		}
		sb, err := s.board(r.Context(), c, v)
		if err != nil {
			return err
		}
		mine, err := s.mine(r.Context(), c, v)
		if err != nil {
			return err
		}
		sb.Time = time.Time{} // changes every time: not worth an event by itself
		for _, ev := range []struct {
			kind string
			v    any
		}{{"scoreboard", sb}, {"mine", mine}} {
			b, err := json.Marshal(ev.v)
			if err != nil {
				return err
			}
			if bytes.Equal(b, last[ev.kind]) {
				continue
			}
			last[ev.kind] = b
			if err := st.event("", ev.kind, json.RawMessage(b)); err != nil {
				return err
			}
		}
		return nil
	}
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	for {
		if err := send(); err != nil {
			if r.Context().Err() == nil {
				s.log.Debug("contest events", "contest", id, "err", err)
			}
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-signal:
		case <-tick.C:
			if err := st.keepAlive(); err != nil {
				return
			}
		}
	}
}

// mayEnter returns nil if v may submit a solution of problem to the
// contest contestID now, or the reason not, as a submitError.
func (s *Server) mayEnter(ctx context.Context, contestID string, v viewer, problem string) error {
	if v.User == "" {
		return &submitError{http.StatusUnauthorized, "log in to submit to a contest"}
	}
	c, err := s.cfg.Store.Contest(ctx, contestID)
	if errors.Is(err, store.ErrNoContest) {
		return &submitError{http.StatusBadRequest, fmt.Sprintf("no contest %q", contestID)}
	}
	if err != nil {
		return err
	}
	if err := c.MaySubmit(v.User, problem, time.Now()); err != nil {
		return &submitError{http.StatusForbidden, fmt.Sprintf("contest %s: %v", c.ID, err)}
	}
	return nil
}
