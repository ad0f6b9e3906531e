package scoreboard

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/contests"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

var start = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// at is a submission time: the contest minute m, plus a few seconds, which
// the contest time rounds down.
func at(m int) time.Time { return start.Add(time.Duration(m)*time.Minute + 17*time.Second) }

// sub is a judged submission; verdict "" makes it pending (queued).
func sub(team, problem string, minute int, verdict contest.Verdict) Submission {
	return Submission{Team: team, Problem: problem, Time: at(minute), Judged: verdict != "", Verdict: verdict}
}

// scored is a judged IOI submission with its groups' verdicts, as name=verdict.
func scored(team, problem string, minute int, gv ...string) Submission {
	s := sub(team, problem, minute, contest.AC)
	for _, x := range gv {
		name, v, _ := strings.Cut(x, "=")
		s.Groups = append(s.Groups, judge.GroupResult{Name: name, Verdict: contest.Verdict(v)})
		if v != "AC" {
			s.Verdict = contest.WA
		}
	}
	return s
}

// show renders rows one a line, as "rank team solved time |" then each
// problem as judged/pending and the solving minute (ICPC), or "rank team
// score |" then judged/pending and score@minute (IOI).
func show(rows []Row) string {
	var b strings.Builder
	for _, r := range rows {
		if r.Score.Score != nil {
			fmt.Fprintf(&b, "%d %s %g |", r.Rank, r.TeamID, *r.Score.Score)
		} else {
			fmt.Fprintf(&b, "%d %s %d %d |", r.Rank, r.TeamID, r.Score.NumSolved, r.Score.TotalTime)
		}
		for _, p := range r.Problems {
			fmt.Fprintf(&b, " %d/%d", p.NumJudged, p.NumPending)
			switch {
			case p.Score != nil && p.Time != nil:
				fmt.Fprintf(&b, " %g@%d", *p.Score, *p.Time)
			case p.Score != nil:
				fmt.Fprintf(&b, " %g", *p.Score)
			case p.Solved:
				fmt.Fprintf(&b, " @%d", *p.Time)
			}
			b.WriteString(";")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// The ICPC contest: three hours from 9:00, frozen from 11:00 (minute 120).
func icpcContest() *contests.Contest {
	return &contests.Contest{ID: "c", Title: "C", Problems: []string{"A", "B", "C"},
		Users: []string{"ann", "bob", "cat", "dan", "eve", "fay"},
		Start: start, End: start.Add(3 * time.Hour), Freeze: start.Add(2 * time.Hour), Scoring: contests.ICPC}
}

// icpcScript is a contest's submissions, each team's results worked out
// by hand in the comments (penalty: the solving minute plus 20 a
// rejected try before it; compile errors and internal errors are not
// tries).
var icpcScript = []Submission{
	// ann: A at 15 after a WA (a CE between does not count): 35; the WA
	// after her AC counts for nothing. B at 40: 40. 2 solved, 75.
	sub("ann", "A", 10, contest.WA),
	sub("ann", "A", 12, contest.CE),
	sub("ann", "A", 15, contest.AC),
	sub("ann", "A", 50, contest.WA),
	sub("ann", "B", 40, contest.AC),
	// bob: A at 20: 20. B at 35 after an RE and a TLE: 75; his IE is
	// pending, not a try. 2 solved, 95, last AC at 35.
	sub("bob", "A", 20, contest.AC),
	sub("bob", "B", 30, contest.RE),
	sub("bob", "B", 31, contest.TLE),
	sub("bob", "B", 32, contest.IE),
	sub("bob", "B", 35, contest.AC),
	// dan: B at 20 after a WA: 40; A at 35 after a PE: 55. 2 solved, 95,
	// last AC at 35: tied with bob.
	sub("dan", "B", 10, contest.WA),
	sub("dan", "B", 20, contest.AC),
	sub("dan", "A", 30, contest.PE),
	sub("dan", "A", 35, contest.AC),
	// cat: two compile errors on A, nothing else there; B at 75; C
	// queued at 118, before the freeze. 1 solved, 75.
	sub("cat", "A", 5, contest.CE),
	sub("cat", "A", 6, contest.CE),
	sub("cat", "B", 75, contest.AC),
	sub("cat", "C", 118, ""),
	// eve: a WA on A at 100, then everything after the freeze: A at 121
	// (141), B at 122, C at 130 after an MLE (150). 3 solved, 413. Her
	// submissions before the start and at the end do not count.
	sub("eve", "A", 100, contest.WA),
	sub("eve", "A", 121, contest.AC),
	sub("eve", "B", 122, contest.AC),
	sub("eve", "C", 123, contest.MLE),
	sub("eve", "C", 130, contest.AC),
	{Team: "eve", Problem: "A", Time: start.Add(-5 * time.Minute), Judged: true, Verdict: contest.AC},
	{Team: "eve", Problem: "B", Time: start.Add(3 * time.Hour), Judged: true, Verdict: contest.AC},
	// fay submits nothing. zed is not in the contest; D is not one of
	// its problems.
	sub("zed", "A", 1, contest.AC),
	sub("ann", "D", 1, contest.AC),
}

func TestICPC(t *testing.T) {
	// Everything as it is: eve leads.
	truth := `1 eve 3 413 | 2/0 @121; 1/0 @122; 2/0 @130;
2 ann 2 75 | 2/0 @15; 1/0 @40; 0/0;
3 bob 2 95 | 1/0 @20; 3/1 @35; 0/0;
3 dan 2 95 | 2/0 @35; 2/0 @20; 0/0;
5 cat 1 75 | 0/0; 1/0 @75; 0/1;
6 fay 0 0 | 0/0; 0/0; 0/0;
`
	// The frozen scoreboard: eve's submissions from minute 120 on are
	// pending, so she has solved nothing, and ties with fay.
	frozen := `1 ann 2 75 | 2/0 @15; 1/0 @40; 0/0;
2 bob 2 95 | 1/0 @20; 3/1 @35; 0/0;
2 dan 2 95 | 2/0 @35; 2/0 @20; 0/0;
4 cat 1 75 | 0/0; 1/0 @75; 0/1;
5 eve 0 0 | 1/1; 0/1; 0/2;
5 fay 0 0 | 0/0; 0/0; 0/0;
`
	thawed := icpcContest()
	thawed.Thawed = start.Add(4 * time.Hour)
	end := start.Add(3 * time.Hour)
	cases := []struct {
		name    string
		contest *contests.Contest
		view    View
		now     time.Time
		want    string
	}{
		{"the admin, frozen", icpcContest(), View{Admin: true}, end, truth},
		{"anyone, frozen", icpcContest(), View{}, end, frozen},
		{"another team, frozen", icpcContest(), View{Team: "ann"}, end, frozen},
		{"eve sees her own results", icpcContest(), View{Team: "eve"}, end, truth},
		{"anyone, thawed", thawed, View{}, thawed.Thawed, truth},
	}
	for _, tc := range cases {
		sb := Compute(Input{Contest: tc.contest, Submissions: icpcScript, View: tc.view, Now: tc.now})
		if diff := cmp.Diff(tc.want, show(sb.Rows)); diff != "" {
			t.Errorf("%s: rows (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestICPCTies checks the tie-breaks one at a time: solved, then penalty,
// then the time of the last first AC; teams equal on all three share a
// rank and the next is skipped.
func TestICPCTies(t *testing.T) {
	c := &contests.Contest{ID: "t", Title: "T", Problems: []string{"A", "B"}, Users: []string{"xa", "xb", "xc", "xd"},
		Start: start, End: start.Add(5 * time.Hour), Scoring: contests.ICPC}
	cases := []struct {
		name string
		subs []Submission
		want string // team ids by rank, "=" between tied ones
	}{
		{"no submissions: all tied", nil, "1 xa = 1 xb = 1 xc = 1 xd"},
		{"more solved wins over less penalty", []Submission{
			sub("xd", "A", 200, contest.AC), sub("xd", "B", 250, contest.AC),
			sub("xc", "A", 1, contest.AC),
		}, "1 xd 2 xc 3 xa = 3 xb"},
		{"less penalty wins", []Submission{
			sub("xb", "A", 30, contest.AC),
			sub("xa", "A", 10, contest.WA), sub("xa", "A", 11, contest.AC), // 31
		}, "1 xb 2 xa 3 xc = 3 xd"},
		{"equal penalty: the earlier last AC wins", []Submission{
			sub("xa", "A", 40, contest.AC),                                 // 40, last at 40
			sub("xb", "A", 10, contest.WA), sub("xb", "A", 20, contest.AC), // 40, last at 20
		}, "1 xb 2 xa 3 xc = 3 xd"},
		{"equal on all three: tied, by name", []Submission{
			sub("xc", "A", 10, contest.AC), sub("xc", "B", 30, contest.AC),
			sub("xb", "B", 10, contest.AC), sub("xb", "A", 30, contest.AC),
			sub("xd", "A", 5, contest.AC),
		}, "1 xb = 1 xc 3 xd 4 xa"},
		{"a compile error is no penalty", []Submission{
			sub("xa", "A", 1, contest.CE), sub("xa", "A", 10, contest.AC),
			sub("xb", "A", 10, contest.AC),
		}, "1 xa = 1 xb 3 xc = 3 xd"},
		{"a pending submission is no penalty yet", []Submission{
			sub("xa", "A", 1, ""), sub("xa", "A", 10, contest.AC),
			sub("xb", "A", 10, contest.AC),
		}, "1 xa = 1 xb 3 xc = 3 xd"},
	}
	for _, tc := range cases {
		sb := Compute(Input{Contest: c, Submissions: tc.subs, Now: c.End})
		var got []string
		for i, r := range sb.Rows {
			if i > 0 && r.Rank == sb.Rows[i-1].Rank {
				got = append(got, "=")
			}
			got = append(got, fmt.Sprint(r.Rank), r.TeamID)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: ranks %q, want %q", tc.name, g, tc.want)
		}
	}
}

func TestIOI(t *testing.T) {
	c := &contests.Contest{ID: "i", Title: "I", Problems: []string{"A", "B", "C"}, Users: []string{"ann", "bob", "cat", "dan", "eve"},
		Start: start, End: start.Add(3 * time.Hour), Freeze: start.Add(2 * time.Hour), Scoring: contests.IOI}
	// A declares 40 + 60; B has no groups (100 for AC); C has three
	// groups without points, which share 100.
	points := map[string][]Group{
		"A": {{"official", 40}, {"hard", 60}},
		"C": GroupsOf(problems.Config{Groups: []problems.Group{{Name: "g1"}, {Name: "g2"}, {Name: "g3"}}}),
	}
	script := []Submission{
		// ann: A 40, then 60, then 100 at 30; B a WA, then 100 at 50:
		// 200, both problems solved.
		scored("ann", "A", 10, "official=AC", "hard=WA"),
		scored("ann", "A", 20, "official=WA", "hard=AC"),
		scored("ann", "A", 30, "official=AC", "hard=AC"),
		sub("ann", "B", 40, contest.WA),
		sub("ann", "B", 50, contest.AC),
		// bob: A 40 at 15, the same 40 again at 35 (the time stays 15), a
		// compile error between (not judged); C two thirds at 40: 106.667.
		scored("bob", "A", 15, "official=AC", "hard=TLE"),
		sub("bob", "A", 25, contest.CE),
		scored("bob", "A", 35, "official=AC", "hard=TLE"),
		scored("bob", "C", 40, "g1=AC", "g2=AC", "g3=WA"),
		// cat: A 100 at 10, B 100 at 20: 200, tied with ann whatever
		// the times.
		scored("cat", "A", 10, "official=AC", "hard=AC"),
		sub("cat", "B", 20, contest.AC),
		// dan: C whole at 60 (three thirds make 100), then A whole after
		// the freeze: 100 while frozen, 200 in truth. A pending B.
		scored("dan", "C", 60, "g1=AC", "g2=AC", "g3=AC"),
		scored("dan", "A", 125, "official=AC", "hard=AC"),
		sub("dan", "B", 126, ""),
		// eve: A 60 at 70, then only 40 at 80: the best counts, 60 at
		// 70, not the last. A wrong answer on B.
		scored("eve", "A", 70, "official=WA", "hard=AC"),
		scored("eve", "A", 80, "official=AC", "hard=WA"),
		sub("eve", "B", 100, contest.WA),
	}
	truth := `1 ann 200 | 3/0 100@30; 2/0 100@50; 0/0 0;
1 cat 200 | 1/0 100@10; 1/0 100@20; 0/0 0;
1 dan 200 | 1/0 100@125; 0/1 0; 1/0 100@60;
4 bob 106.667 | 2/0 40@15; 0/0 0; 1/0 66.667@40;
5 eve 60 | 2/0 60@70; 1/0 0; 0/0 0;
`
	frozen := `1 ann 200 | 3/0 100@30; 2/0 100@50; 0/0 0;
1 cat 200 | 1/0 100@10; 1/0 100@20; 0/0 0;
3 bob 106.667 | 2/0 40@15; 0/0 0; 1/0 66.667@40;
4 dan 100 | 0/1 0; 0/1 0; 1/0 100@60;
5 eve 60 | 2/0 60@70; 1/0 0; 0/0 0;
`
	for _, tc := range []struct {
		name   string
		view   View
		want   string
		solved map[string]int // problems with a full score
	}{
		{"the admin", View{Admin: true}, truth, map[string]int{"ann": 2, "cat": 2, "dan": 2, "bob": 0, "eve": 0}},
		{"anyone, frozen", View{Team: "eve"}, frozen, map[string]int{"ann": 2, "cat": 2, "dan": 1, "bob": 0, "eve": 0}},
	} {
		sb := Compute(Input{Contest: c, Groups: points, Submissions: script, View: tc.view, Now: c.End})
		if diff := cmp.Diff(tc.want, show(sb.Rows)); diff != "" {
			t.Errorf("%s: rows (-want +got):\n%s", tc.name, diff)
		}
		solved := map[string]int{}
		for _, r := range sb.Rows {
			solved[r.TeamID] = r.Score.NumSolved
		}
		if !cmp.Equal(solved, tc.solved) {
			t.Errorf("%s: problems solved %v, want %v", tc.name, solved, tc.solved)
		}
	}
}

// TestIOITies checks that IOI ranks by score alone, however many
// problems have a full score, and that a problem's groups sharing 100 in
// sevenths (which add up to 100.00000000000001 in floating point) make a
// full score.
func TestIOITies(t *testing.T) {
	c := &contests.Contest{ID: "i", Title: "I", Problems: []string{"A", "B", "C"}, Users: []string{"xa", "xb", "xc"},
		Start: start, End: start.Add(time.Hour), Scoring: contests.IOI}
	var sevenths []problems.Group
	var all []string
	for i := range 7 {
		sevenths = append(sevenths, problems.Group{Name: fmt.Sprint("g", i)})
		all = append(all, fmt.Sprintf("g%d=AC", i))
	}
	half := []Group{{"one", 50}, {"two", 50}}
	points := map[string][]Group{"A": GroupsOf(problems.Config{Groups: sevenths}), "B": half, "C": half}
	sb := Compute(Input{Contest: c, Groups: points, Now: c.End, Submissions: []Submission{
		scored("xa", "B", 10, "one=AC", "two=WA"),                              // 50
		scored("xa", "A", 20, append(all[:4:4], "g4=WA", "g5=WA", "g6=WA")...), // 4 sevenths: 57.143
		scored("xb", "A", 50, all...),                                          // 100 at 50, A solved
		scored("xc", "B", 5, "one=AC", "two=TLE"),                              // 50
		scored("xc", "C", 6, "one=WA", "two=AC"),                               // 50: 100, nothing solved
	}})
	want := `1 xa 107.143 | 1/0 57.143@20; 1/0 50@10; 0/0 0;
2 xb 100 | 1/0 100@50; 0/0 0; 0/0 0;
2 xc 100 | 0/0 0; 1/0 50@5; 1/0 50@6;
`
	if diff := cmp.Diff(want, show(sb.Rows)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if sb.Rows[1].Score.NumSolved != 1 {
		t.Errorf("a full score in sevenths is not solved: %+v", sb.Rows[1])
	}
}

func TestGroupsOf(t *testing.T) {
	cases := []struct {
		name   string
		groups []problems.Group
		want   []Group
	}{
		{"declared", []problems.Group{{Name: "a", Points: 30}, {Name: "b", Points: 70}}, []Group{{"a", 30}, {"b", 70}}},
		{"some declared: the rest are worth 0", []problems.Group{{Name: "a", Points: 30}, {Name: "b"}}, []Group{{"a", 30}, {"b", 0}}},
		{"none declared: 100 shared", []problems.Group{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}, []Group{{"a", 25}, {"b", 25}, {"c", 25}, {"d", 25}}},
		{"no groups", nil, []Group{}},
	}
	for _, tc := range cases {
		if got := GroupsOf(problems.Config{Groups: tc.groups}); !cmp.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCLICSShape checks the JSON against the CLICS scoreboard's field
// names and types: times in whole minutes, a time only where solved,
// and the contest's state.
func TestCLICSShape(t *testing.T) {
	c := icpcContest()
	sb := Compute(Input{Contest: c, Submissions: []Submission{sub("ann", "A", 15, contest.AC), sub("bob", "A", 16, contest.WA)},
		Now: start.Add(150*time.Minute + 5*time.Second)})
	b, err := json.Marshal(sb)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal(b, &got)
	want := map[string]any{
		"time":         "2026-03-02T11:30:05Z",
		"contest_time": "2:30:05",
		"state": map[string]any{"started": "2026-03-02T09:00:00Z", "frozen": "2026-03-02T11:00:00Z",
			"ended": nil, "thawed": nil, "finalized": nil, "end_of_updates": nil},
	}
	for k, v := range want {
		if !cmp.Equal(got[k], v) {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	rows := got["rows"].([]any)
	first := rows[0].(map[string]any)
	wantFirst := map[string]any{"rank": 1.0, "team_id": "ann", "score": map[string]any{"num_solved": 1.0, "total_time": 15.0},
		"problems": []any{
			map[string]any{"problem_id": "A", "num_judged": 1.0, "num_pending": 0.0, "solved": true, "time": 15.0},
			map[string]any{"problem_id": "B", "num_judged": 0.0, "num_pending": 0.0, "solved": false},
			map[string]any{"problem_id": "C", "num_judged": 0.0, "num_pending": 0.0, "solved": false},
		}}
	if diff := cmp.Diff(wantFirst, first); diff != "" {
		t.Errorf("first row (-want +got):\n%s", diff)
	}
	// Thawed after the end: every state has happened but end_of_updates.
	c.Thawed = c.End.Add(10 * time.Minute)
	st := Compute(Input{Contest: c, Now: c.End.Add(time.Hour)}).State
	if st.Thawed == nil || !st.Thawed.Equal(c.Thawed) || st.Finalized == nil || !st.Finalized.Equal(c.Thawed) || st.Ended == nil {
		t.Errorf("state after the thaw: %+v", st)
	}
	if ct := Compute(Input{Contest: c, Now: c.End.Add(time.Hour)}).ContestTime; ct != "3:00:00" {
		t.Errorf("contest time after the end %s, want the length 3:00:00", ct)
	}
}
