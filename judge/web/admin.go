package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/accounts"
	"github.com/sudoku-judge/sudoku-judge/judge/contests"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// rejudge starts a new attempt of a submission and queues it.
func (s *Server) rejudge(ctx context.Context, id string) (*store.Submission, error) {
	if _, err := s.cfg.Store.Rejudge(ctx, id); err != nil {
		return nil, err
	}
	sub, err := s.cfg.Store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	s.changed(sub)
	return sub, s.enqueue(ctx, sub)
}

// remove deletes a submission and its results.
func (s *Server) remove(ctx context.Context, id string) error {
	sub, err := s.cfg.Store.Get(ctx, id)
	if err != nil {
		return err
	}
	if err := s.cfg.Store.Delete(ctx, id); err != nil {
		return err
	}
	s.changed(sub)
	return nil
}

// adminPage answers a page only the admin may see; it reports whether r
// is the admin's.
func (s *Server) adminPage(w http.ResponseWriter, r *http.Request) bool {
	if !viewerOf(r).Admin {
		s.render(w, http.StatusForbidden, "error.html", "this page is the admin's: log in as an admin account")
		return false
	}
	return true
}

// adminForm checks a form post to an admin page: the admin's, from this
// site, with the session's CSRF token.
func (s *Server) adminForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	if !s.adminPage(w, r) {
		return false
	}
	if !formAllowed(r) {
		s.render(w, http.StatusForbidden, "error.html", "this form has expired: reload its page and try again")
		return false
	}
	return true
}

// adminData is what the admin page shows: users, contests, a form's
// outcome.
type adminData struct {
	CSRF     string
	Users    []store.User
	Contests []contestView
	Problems []contestProblem
	Created  []userJSON // the users just created, with their generated passwords
	Message  string
	Error    string
	Defaults map[string]string // the new contest form's fields
	Format   string
}

func (s *Server) renderAdmin(w http.ResponseWriter, r *http.Request, status int, d adminData) {
	ctx := r.Context()
	users, err := s.cfg.Store.Users(ctx)
	if err != nil {
		s.log.Error("admin", "err", err)
	}
	cs, err := s.cfg.Store.Contests(ctx)
	if err != nil {
		s.log.Error("admin", "err", err)
	}
	now := time.Now()
	d.CSRF, d.Users, d.Format = csrfToken(r), users, timeFormat
	for _, c := range cs {
		d.Contests = append(d.Contests, s.contestView(c, viewerOf(r), now))
	}
	for _, p := range s.cfg.Problems {
		d.Problems = append(d.Problems, contestProblem{ID: p.ID(), Name: p.Config().Name})
	}
	if d.Defaults == nil {
		start := now.UTC().Truncate(time.Minute).Add(time.Minute)
		d.Defaults = map[string]string{"start": start.Format(time.RFC3339), "end": start.Add(2 * time.Hour).Format(time.RFC3339),
			"freeze": start.Add(90 * time.Minute).Format(time.RFC3339), "scoring": string(contests.ICPC)}
	}
	s.render(w, status, "admin.html", d)
}

func (s *Server) pageAdmin(w http.ResponseWriter, r *http.Request) {
	if s.adminPage(w, r) {
		s.renderAdmin(w, r, http.StatusOK, adminData{})
	}
}

// pageAdminUsers takes the new user form: one name and password, or a
// class list pasted as CSV.
func (s *Server) pageAdminUsers(w http.ResponseWriter, r *http.Request) {
	if !s.adminForm(w, r) {
		return
	}
	var entries []accounts.Entry
	var err error
	if list := r.PostFormValue("list"); strings.TrimSpace(list) != "" {
		entries, err = accounts.ParseClassList(strings.NewReader(list))
		if err != nil {
			err = errors.New("class list: " + err.Error())
		}
	} else {
		var e accounts.Entry
		e, err = newEntry(r.PostFormValue("name"), r.PostFormValue("password"))
		entries = []accounts.Entry{e}
	}
	if err != nil {
		s.renderAdmin(w, r, http.StatusBadRequest, adminData{Error: err.Error()})
		return
	}
	created, err := s.createUsers(r.Context(), entries, r.PostFormValue("admin") == "on")
	if err != nil {
		s.renderAdmin(w, r, formStatus(err), adminData{Error: userMessage(err)})
		return
	}
	s.renderAdmin(w, r, http.StatusOK, adminData{Created: created})
}

// pageAdminContest takes the new contest form.
func (s *Server) pageAdminContest(w http.ResponseWriter, r *http.Request) {
	if !s.adminForm(w, r) {
		return
	}
	f := r.PostForm
	defaults := map[string]string{}
	for _, k := range []string{"id", "title", "users", "start", "end", "freeze", "scoring"} {
		defaults[k] = f.Get(k)
	}
	fail := func(msg string) {
		s.renderAdmin(w, r, http.StatusBadRequest, adminData{Error: msg, Defaults: defaults})
	}
	c := contests.Contest{ID: strings.TrimSpace(f.Get("id")), Title: strings.TrimSpace(f.Get("title")), Problems: f["problem"],
		Users: strings.Fields(strings.ReplaceAll(f.Get("users"), ",", " ")), Scoring: contests.Scoring(f.Get("scoring"))}
	for _, t := range []struct {
		field string
		to    *time.Time
	}{{"start", &c.Start}, {"end", &c.End}, {"freeze", &c.Freeze}} {
		v := strings.TrimSpace(f.Get(t.field))
		if v == "" {
			continue
		}
		at, err := time.Parse(time.RFC3339, v)
		if err != nil {
			fail(t.field + ": " + v + " is not an RFC 3339 time such as 2026-03-02T09:00:00Z")
			return
		}
		*t.to = at
	}
	if len(c.Users) == 0 {
		// Everyone but the admins: the class.
		users, err := s.cfg.Store.Users(r.Context())
		if err != nil {
			fail("internal error")
			return
		}
		for _, u := range users {
			if !u.Admin {
				c.Users = append(c.Users, u.Name)
			}
		}
	}
	if err := s.saveContest(r.Context(), &c, false); err != nil {
		s.renderAdmin(w, r, formStatus(err), adminData{Error: userMessage(err), Defaults: defaults})
		return
	}
	s.renderAdmin(w, r, http.StatusOK, adminData{Message: "contest " + c.ID + " created"})
}

// pageAdminFreeze takes a contest's freeze now or unfreeze button.
func (s *Server) pageAdminFreeze(freeze bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.adminForm(w, r) {
			return
		}
		c, err := s.cfg.Store.Contest(r.Context(), r.PathValue("id"))
		if err == nil {
			err = s.setFrozen(r.Context(), c, freeze)
		}
		if err != nil {
			s.renderAdmin(w, r, formStatus(err), adminData{Error: userMessage(err)})
			return
		}
		http.Redirect(w, r, "/admin", http.StatusSeeOther)
	}
}

// formStatus and userMessage turn an error into a page's status and text.
func formStatus(err error) int {
	var se *submitError
	switch {
	case errors.As(err, &se):
		return se.status
	case errors.Is(err, store.ErrNoContest), errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound
	}
	return http.StatusInternalServerError
}

func userMessage(err error) string {
	var se *submitError
	switch {
	case errors.As(err, &se):
		return se.msg
	case errors.Is(err, store.ErrNoContest):
		return "no such contest"
	case errors.Is(err, store.ErrNotFound):
		return "no such submission"
	}
	return "internal error"
}

// pageAdminSubmissions lists every submission, filtered by user, problem,
// verdict and contest, with rejudge and delete buttons.
func (s *Server) pageAdminSubmissions(w http.ResponseWriter, r *http.Request) {
	if !s.adminPage(w, r) {
		return
	}
	q := r.URL.Query()
	f := store.Filter{User: q.Get("user"), Problem: q.Get("problem"), Contest: q.Get("contest")}
	switch v := q.Get("verdict"); v {
	case store.Queued, store.Judging:
		f.Status = v
	default:
		f.Verdict = v
	}
	subs, err := s.cfg.Store.List(r.Context(), f, 500)
	if err != nil {
		s.log.Error("admin submissions", "err", err)
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return
	}
	var problems []string
	for _, p := range s.cfg.Problems {
		problems = append(problems, p.ID())
	}
	verdicts := []string{store.Queued, store.Judging}
	for _, v := range []contest.Verdict{contest.AC, contest.WA, contest.PE, contest.TLE, contest.MLE, contest.OLE, contest.RE, contest.CE, contest.IE} {
		verdicts = append(verdicts, string(v))
	}
	s.render(w, http.StatusOK, "admin_submissions.html", map[string]any{"Subs": subs, "Q": q, "CSRF": csrfToken(r),
		"Problems": problems, "Verdicts": verdicts, "Back": r.URL.RequestURI()})
}

// pageAdminSubmission takes a submission's rejudge or delete button and
// goes back to the list it came from.
func (s *Server) pageAdminSubmission(action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.adminForm(w, r) {
			return
		}
		id := r.PathValue("id")
		var err error
		if action == "rejudge" {
			_, err = s.rejudge(r.Context(), id)
		} else {
			err = s.remove(r.Context(), id)
		}
		if err != nil {
			s.render(w, formStatus(err), "error.html", userMessage(err))
			return
		}
		back := localPath(r.PostFormValue("back"))
		if !strings.HasPrefix(back, "/admin/submissions") {
			back = "/admin/submissions"
		}
		u, _ := url.Parse(back)
		http.Redirect(w, r, u.String(), http.StatusSeeOther)
	}
}
