package scoreboard

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/contests"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// A Submission is what the scoreboard needs of one submission.
type Submission struct {
	Team    string
	Problem string
	Time    time.Time // when it was submitted
	Judged  bool      // false while queued or being judged
	Verdict contest.Verdict
	// Groups are the verdicts of its test groups, from which IOI scores
	// it; nil when the problem has none or it did not compile.
	Groups []judge.GroupResult
}

// A Group is a test group and the points an IOI submission scores by
// passing every one of its tests.
type Group struct {
	Name   string
	Points float64
}

// FullScore is a problem's score when its groups declare no points.
const FullScore = 100

// GroupsOf returns the points of a problem's test groups as its
// problem.yaml declares them. When none declares points, the groups share
// FullScore equally; a problem without groups is one group, worth
// FullScore for an accepted submission.
func GroupsOf(c problems.Config) []Group {
	gs := make([]Group, len(c.Groups))
	declared := false
	for i, g := range c.Groups {
		gs[i] = Group{Name: g.Name, Points: g.Points}
		declared = declared || g.Points > 0
	}
	if !declared {
		for i := range gs {
			gs[i].Points = FullScore / float64(len(gs))
		}
	}
	return gs
}

// A View is who looks at the scoreboard.
type View struct {
	Admin bool   // sees every result, frozen or not
	Team  string // sees its own results during the freeze; "" for anyone
}

// Input is everything a scoreboard is computed from.
type Input struct {
	Contest *contests.Contest
	// Groups gives each problem's test groups with their points, for IOI
	// scoring (see GroupsOf); a problem missing here scores FullScore for
	// an accepted submission.
	Groups      map[string][]Group
	Submissions []Submission
	View        View
	Now         time.Time
}

// A Scoreboard is the ranking of a contest's teams (its users) at a time,
// as the CLICS Contest API's GET /contests/{id}/scoreboard has it.
type Scoreboard struct {
	Time        time.Time `json:"time"`
	ContestTime string    `json:"contest_time"` // h:mm:ss since the start, at most the contest's length
	State       State     `json:"state"`
	Rows        []Row     `json:"rows"`
}

// State says whether the contest has started and ended and whether its
// scoreboard is frozen; each time is null until it happens.
type State struct {
	Started      *time.Time `json:"started"`
	Frozen       *time.Time `json:"frozen"`
	Ended        *time.Time `json:"ended"`
	Thawed       *time.Time `json:"thawed"`
	Finalized    *time.Time `json:"finalized"`
	EndOfUpdates *time.Time `json:"end_of_updates"`
}

// A Row is one team's place and scores.
type Row struct {
	Rank     int       `json:"rank"`
	TeamID   string    `json:"team_id"`
	Score    Score     `json:"score"`
	Problems []Problem `json:"problems"`
}

// Score is a team's total. ICPC ranks by NumSolved, then TotalTime; IOI
// by Score, and reports NumSolved (problems with a full score) beside it
// with a TotalTime of 0.
type Score struct {
	NumSolved int      `json:"num_solved"`
	TotalTime int      `json:"total_time"` // penalty minutes
	Score     *float64 `json:"score,omitempty"`
	// lastAC is the contest time of the team's last first-accepted
	// submission: ICPC's tie-break.
	lastAC int
}

// A Problem is one team's result on one problem.
type Problem struct {
	ProblemID  string   `json:"problem_id"`
	NumJudged  int      `json:"num_judged"`  // judged submissions, up to the first accepted one for ICPC
	NumPending int      `json:"num_pending"` // queued, being judged, or hidden by the freeze
	Solved     bool     `json:"solved"`
	Score      *float64 `json:"score,omitempty"` // IOI: the best submission's
	// Time is the contest minute of the first accepted submission (ICPC)
	// or of the first reaching the best score (IOI); absent when unsolved
	// or scoring 0.
	Time *int `json:"time,omitempty"`
}

// Compute ranks in.Contest's teams as in.View sees them at in.Now.
// Submissions of others than the contest's users, of other problems, or
// made outside the contest's time are left out.
func Compute(in Input) *Scoreboard {
	c := in.Contest
	sb := &Scoreboard{Time: in.Now.UTC(), ContestTime: reltime(min(max(in.Now.Sub(c.Start), 0), c.End.Sub(c.Start))),
		State: state(c, in.Now), Rows: []Row{}}

	subs := slices.Clone(in.Submissions)
	slices.SortStableFunc(subs, func(a, b Submission) int { return a.Time.Compare(b.Time) })
	byCell := map[[2]string][]Submission{}
	for _, s := range subs {
		if c.HasUser(s.Team) && c.HasProblem(s.Problem) && c.Running(s.Time) {
			k := [2]string{s.Team, s.Problem}
			byCell[k] = append(byCell[k], s)
		}
	}
	for _, team := range c.Users {
		row := Row{TeamID: team, Problems: make([]Problem, 0, len(c.Problems))}
		var total float64
		for _, p := range c.Problems {
			// What this viewer may see: another team's submissions from
			// the freeze on are pending until the thaw.
			var cell []Submission
			for _, s := range byCell[[2]string{team, p}] {
				if !in.View.Admin && team != in.View.Team && c.Frozen(s.Time) {
					s.Judged = false
				}
				cell = append(cell, s)
			}
			var pr Problem
			if c.Scoring == contests.IOI {
				pr = ioi(c, p, groups(in.Groups, p), cell)
				total += *pr.Score
			} else {
				pr = icpc(c, p, cell)
			}
			if pr.Solved {
				row.Score.NumSolved++
				if c.Scoring == contests.ICPC {
					row.Score.TotalTime += *pr.Time + contests.PenaltyMinutes*(pr.NumJudged-1)
					row.Score.lastAC = max(row.Score.lastAC, *pr.Time)
				}
			}
			row.Problems = append(row.Problems, pr)
		}
		if c.Scoring == contests.IOI {
			total = round(total)
			row.Score.Score = &total
		}
		sb.Rows = append(sb.Rows, row)
	}
	rank(sb.Rows, c.Scoring)
	return sb
}

// pending reports whether s has no judgement yet, as far as the
// scoreboard is concerned: queued, being judged, hidden, or an internal
// error waiting for a rejudge.
func pending(s Submission) bool { return !s.Judged || s.Verdict == contest.IE }

// icpc scores one team's submissions on one problem, oldest first.
func icpc(c *contests.Contest, problem string, subs []Submission) Problem {
	pr := Problem{ProblemID: problem}
	for _, s := range subs {
		switch {
		case pending(s):
			pr.NumPending++
		case s.Verdict == contest.CE:
			// Not a try: no penalty, not shown.
		case s.Verdict == contest.AC:
			pr.NumJudged++
			pr.Solved = true
			t := c.Minutes(s.Time)
			pr.Time = &t
			return pr // later submissions do not count
		default:
			pr.NumJudged++
		}
	}
	return pr
}

// ioi scores one team's submissions on one problem, oldest first: the
// best submission's score, reached first at Time.
func ioi(c *contests.Contest, problem string, gs []Group, subs []Submission) Problem {
	best := 0.0
	pr := Problem{ProblemID: problem, Score: &best}
	full := 0.0
	for _, g := range gs {
		full += g.Points
	}
	for _, s := range subs {
		switch {
		case pending(s):
			pr.NumPending++
			continue
		case s.Verdict == contest.CE:
			continue
		}
		pr.NumJudged++
		if sc := score(gs, s); sc > best {
			best = sc
			t := c.Minutes(s.Time)
			pr.Time = &t
		}
	}
	pr.Solved = best > 0 && best >= round(full)
	return pr
}

// score is an IOI submission's score: the points of each group whose
// every test passed.
func score(gs []Group, s Submission) float64 {
	if len(gs) == 1 && len(s.Groups) == 0 {
		if s.Verdict == contest.AC {
			return gs[0].Points
		}
		return 0
	}
	sum := 0.0
	for _, g := range gs {
		for _, r := range s.Groups {
			if r.Name == g.Name && r.Verdict == contest.AC {
				sum += g.Points
			}
		}
	}
	return round(sum)
}

func groups(all map[string][]Group, problem string) []Group {
	if gs := all[problem]; len(gs) > 0 {
		return gs
	}
	return []Group{{Name: "", Points: FullScore}}
}

// round keeps scores to a thousandth, so that groups sharing 100 in
// thirds add up to 100.
func round(x float64) float64 { return math.Round(x*1000) / 1000 }

// rank sorts rows best first and numbers them, tied rows sharing a rank.
func rank(rows []Row, scoring contests.Scoring) {
	better := func(a, b Row) int {
		if scoring == contests.IOI {
			return cmp.Compare(*b.Score.Score, *a.Score.Score)
		}
		return cmp.Or(
			cmp.Compare(b.Score.NumSolved, a.Score.NumSolved),
			cmp.Compare(a.Score.TotalTime, b.Score.TotalTime),
			cmp.Compare(a.Score.lastAC, b.Score.lastAC))
	}
	slices.SortStableFunc(rows, func(a, b Row) int { return cmp.Or(better(a, b), cmp.Compare(a.TeamID, b.TeamID)) })
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && better(rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
		}
	}
}

func state(c *contests.Contest, now time.Time) State {
	var st State
	at := func(t time.Time) *time.Time {
		if now.Before(t) {
			return nil
		}
		u := t.UTC()
		return &u
	}
	st.Started = at(c.Start)
	st.Ended = at(c.End)
	if !c.Freeze.IsZero() {
		st.Frozen = at(c.Freeze)
		if st.Frozen != nil && !c.Thawed.IsZero() {
			st.Thawed = at(c.Thawed)
		}
	}
	if st.Ended != nil && (c.Freeze.IsZero() || st.Thawed != nil) {
		fin := *st.Ended
		if st.Thawed != nil && st.Thawed.After(fin) {
			fin = *st.Thawed
		}
		st.Finalized = &fin
	}
	return st
}

// reltime formats d as CLICS RELTIME, h:mm:ss.
func reltime(d time.Duration) string {
	s := int(d / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}
