package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/contests"
	"github.com/sudoku-judge/sudoku-judge/judge/scoreboard"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// A contestView is a contest as its pages show it.
type contestView struct {
	*contests.Contest
	State    string // upcoming, running, running (frozen), over (frozen), over
	Problems []contestProblem
	MayEnter bool // the viewer takes part and it is running
}

type contestProblem struct {
	Label, ID, Name string
}

const timeFormat = "2006-01-02 15:04 UTC"

func (s *Server) contestView(c *contests.Contest, v viewer, now time.Time) contestView {
	cv := contestView{Contest: c, MayEnter: c.HasUser(v.User) && c.Running(now)}
	switch {
	case now.Before(c.Start):
		cv.State = "upcoming"
	case c.Running(now):
		cv.State = "running"
	default:
		cv.State = "over"
	}
	if c.Frozen(now) {
		cv.State += " (frozen)"
	}
	for i, id := range c.Problems {
		name := id
		if p, ok := s.probs[id]; ok {
			name = p.Config().Name
		}
		cv.Problems = append(cv.Problems, contestProblem{Label: contests.Label(i), ID: id, Name: name})
	}
	return cv
}

func (s *Server) pageContests(w http.ResponseWriter, r *http.Request) {
	cs, err := s.cfg.Store.Contests(r.Context())
	if err != nil {
		s.log.Error("contests", "err", err)
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return
	}
	v, now := viewerOf(r), time.Now()
	var views []contestView
	for _, c := range cs {
		views = append(views, s.contestView(c, v, now))
	}
	s.render(w, http.StatusOK, "contests.html", map[string]any{"Contests": views, "User": v.User, "Format": timeFormat})
}

// pageContest shows a contest: its times, its problems and, live, the
// viewer's own submissions to it.
func (s *Server) pageContest(w http.ResponseWriter, r *http.Request) {
	c, v, ok := s.contestPage(w, r)
	if !ok {
		return
	}
	mine, err := s.mine(r.Context(), c, v)
	if err != nil {
		s.log.Error("contest", "err", err)
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return
	}
	s.render(w, http.StatusOK, "contest.html", map[string]any{"C": s.contestView(c, v, time.Now()), "Mine": mine, "User": v.User, "Format": timeFormat})
}

// pageScoreboard shows a contest's scoreboard, live.
func (s *Server) pageScoreboard(w http.ResponseWriter, r *http.Request) {
	c, v, ok := s.contestPage(w, r)
	if !ok {
		return
	}
	sb, err := s.board(r.Context(), c, v)
	if err != nil {
		s.log.Error("scoreboard", "err", err)
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return
	}
	s.render(w, http.StatusOK, "scoreboard.html", map[string]any{"C": s.contestView(c, v, time.Now()), "Rows": boardRows(sb, c.Scoring),
		"Frozen": frozenFor(sb, v), "Admin": v.Admin})
}

func (s *Server) contestPage(w http.ResponseWriter, r *http.Request) (*contests.Contest, viewer, bool) {
	c, err := s.cfg.Store.Contest(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNoContest) {
		s.render(w, http.StatusNotFound, "error.html", "no such contest")
		return nil, viewer{}, false
	}
	if err != nil {
		s.log.Error("contest", "err", err)
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return nil, viewer{}, false
	}
	return c, viewerOf(r), true
}

// frozenFor reports whether sb hides results from its viewer: it is frozen
// and the viewer is not the admin.
func frozenFor(sb *scoreboard.Scoreboard, v viewer) bool {
	return !v.Admin && sb.State.Frozen != nil && sb.State.Thawed == nil
}

// A rowView is one scoreboard row as the page shows it; static/contest.js
// makes the same from the scoreboard's JSON (keep the two alike).
type rowView struct {
	Rank   int
	Team   string
	Solved int
	Total  string // the penalty minutes (ICPC) or the score (IOI)
	Cells  []cellView
}

type cellView struct {
	Class, Text string
}

func boardRows(sb *scoreboard.Scoreboard, scoring contests.Scoring) []rowView {
	rows := make([]rowView, len(sb.Rows))
	for i, r := range sb.Rows {
		rv := rowView{Rank: r.Rank, Team: r.TeamID, Solved: r.Score.NumSolved, Total: strconv.Itoa(r.Score.TotalTime)}
		if scoring == contests.IOI {
			rv.Total = formatScore(*r.Score.Score)
		}
		for _, p := range r.Problems {
			rv.Cells = append(rv.Cells, cell(p))
		}
		rows[i] = rv
	}
	return rows
}

// cell is a problem's cell: "35 (2 tries)" when solved at minute 35 on
// the second try (IOI: the best score), then what is pending.
func cell(p scoreboard.Problem) cellView {
	var head string
	switch {
	case p.Score != nil && (p.NumJudged > 0 || *p.Score > 0):
		head = formatScore(*p.Score)
	case p.Score == nil && p.Solved:
		head = strconv.Itoa(*p.Time)
	}
	var notes []string
	if p.NumJudged == 1 {
		notes = append(notes, "1 try")
	} else if p.NumJudged > 1 {
		notes = append(notes, fmt.Sprintf("%d tries", p.NumJudged))
	}
	if p.NumPending > 0 {
		notes = append(notes, fmt.Sprintf("%d pending", p.NumPending))
	}
	text := head
	if len(notes) > 0 {
		text = strings.TrimSpace(head + " (" + strings.Join(notes, ", ") + ")")
	}
	class := ""
	switch {
	case p.Solved:
		class = "solved"
	case p.NumPending > 0:
		class = "pending"
	case p.NumJudged > 0:
		class = "failed"
	}
	return cellView{Class: class, Text: text}
}

// formatScore prints an IOI score with at most two decimals: 100, 57.14.
func formatScore(x float64) string {
	return strconv.FormatFloat(float64(int64(x*100+0.5))/100, 'f', -1, 64)
}
