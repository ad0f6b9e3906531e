package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/judge/table"
)

func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; form-action 'self'")
	w.WriteHeader(status)
	if err := s.pages.ExecuteTemplate(w, name, data); err != nil {
		s.log.Error("rendering", "page", name, "err", err)
	}
}

func (s *Server) pageProblems(w http.ResponseWriter, r *http.Request) {
	var ps []problemJSON
	for _, p := range s.cfg.Problems {
		j, _ := s.problemInfo(p, false)
		ps = append(ps, j)
	}
	s.render(w, http.StatusOK, "problems.html", map[string]any{"Problems": ps})
}

func (s *Server) pageProblem(w http.ResponseWriter, r *http.Request) {
	p, ok := s.probs[strings.ToLower(r.PathValue("id"))]
	if !ok {
		s.render(w, http.StatusNotFound, "error.html", "no such problem")
		return
	}
	j, err := s.problemInfo(p, true)
	if err != nil {
		s.render(w, http.StatusInternalServerError, "error.html", err.Error())
		return
	}
	s.render(w, http.StatusOK, "problem.html", map[string]any{"P": j, "Statement": s.statements[p.ID()],
		"Languages": lang.List(), "MaxSourceKiB": s.cfg.MaxSource >> 10, "Contest": r.URL.Query().Get("contest")})
}

// pageSubmit takes the form of a problem page: the source pasted or
// uploaded, in the language picked or, if none is, the one the uploaded
// file's name says. Only same-origin posts are taken.
func (s *Server) pageSubmit(w http.ResponseWriter, r *http.Request) {
	if !sameOrigin(r) {
		s.render(w, http.StatusForbidden, "error.html", "form posts must come from this site's own pages")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, int64(s.cfg.MaxSource)*2+65536)
	if err := r.ParseMultipartForm(int64(s.cfg.MaxSource) * 2); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		s.render(w, http.StatusRequestEntityTooLarge, "error.html", "the form is too large: sources are limited")
		return
	}
	source, language := r.FormValue("source"), r.FormValue("language")
	if f, hdr, err := r.FormFile("file"); err == nil {
		b, err := io.ReadAll(io.LimitReader(f, int64(s.cfg.MaxSource)+1))
		f.Close()
		if err == nil && len(b) > 0 {
			source = string(b)
			if strings.TrimSpace(language) == "" {
				l := lang.ForFile(hdr.Filename)
				if l == nil {
					s.render(w, http.StatusBadRequest, "error.html", fmt.Sprintf("no language for a file named %q: pick one", hdr.Filename))
					return
				}
				language = l.Name
			}
		}
	}
	if strings.TrimSpace(language) == "" {
		s.render(w, http.StatusBadRequest, "error.html", "pick a language, or upload a file whose name says it (.c, .cpp, .go, .py …)")
		return
	}
	_, owner := ensureToken(w, r)
	sub, err := s.submit(r, r.FormValue("problem"), language, source, owner, strings.TrimSpace(r.FormValue("contest")))
	if err != nil {
		var se *submitError
		if errors.As(err, &se) {
			setRetryAfter(w, err)
			s.render(w, se.status, "error.html", se.msg)
			return
		}
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return
	}
	http.Redirect(w, r, "/submissions/"+sub.ID, http.StatusSeeOther)
}

// pageSubmissions lists the client's own submissions: its account's when
// logged in, else its browser's.
func (s *Server) pageSubmissions(w http.ResponseWriter, r *http.Request) {
	v := viewerOf(r)
	f := store.Filter{User: v.User}
	if v.User == "" {
		f.Owner = v.owner
	}
	var subs []*store.Submission
	if f != (store.Filter{}) {
		var err error
		if subs, err = s.cfg.Store.List(r.Context(), f, 200); err != nil {
			s.render(w, http.StatusInternalServerError, "error.html", "internal error")
			return
		}
	}
	s.render(w, http.StatusOK, "submissions.html", map[string]any{"Subs": subs})
}

func (s *Server) pageSubmission(w http.ResponseWriter, r *http.Request) {
	sub, err := s.cfg.Store.Get(r.Context(), r.PathValue("id"))
	v := viewerOf(r)
	if err != nil || hidden(v, sub) {
		s.render(w, http.StatusNotFound, "error.html", "no such submission")
		return
	}
	src := ""
	if v.mayRead(sub) {
		src = sub.Source
	}
	tests, last, err := s.liveTests(r.Context(), sub)
	if err != nil {
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return
	}
	sub.Tests = testsFor(v, sub, tests)
	// The verdict by test group, as `test` prints it: "official AC ·
	// extended: top1465 TLE (0/2)".
	groups := ""
	if len(sub.Groups) > 1 {
		groups = table.Groups(judge.Result{Groups: sub.Groups})
	}
	s.render(w, http.StatusOK, "submission.html", map[string]any{"S": sub, "Source": src, "Groups": groups, "Compiled": compiledFor(v, sub), "Last": last.String()})
}
