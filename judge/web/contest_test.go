package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

const adminToken = "contest-admin-token"

// contestJudge starts a judge of poj3074 and poj2676 with an admin
// token, and a fake worker that publishes results as a real one would.
func contestJudge(t *testing.T) (*testJudge, func(id, verdict string)) {
	t.Helper()
	var probs []problems.Problem
	for _, id := range []string{"poj3074", "poj2676"} {
		p, err := catalog.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		probs = append(probs, p)
	}
	j := startJudge(t, setup{problems: probs, config: func(c *web.Config) { c.AdminToken = adminToken }})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	w, err := j.NATS.Connect(ctx, "fake-worker")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	publish := func(id, verdict string) {
		t.Helper()
		sub, err := j.Store.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.PublishResult(ctx, queue.Result{ID: id, Attempt: sub.Attempt, Secret: sub.Secret, Worker: "fake", Verdict: verdict, JudgedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if sub, err := j.Store.Get(ctx, id); err == nil && sub.Status == "done" && sub.Verdict == verdict {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the result %s of %s was not stored within 30s", verdict, id)
			}
		}
	}
	return j, publish
}

// admin is the admin's API client.
func admin(t *testing.T, j *testJudge) *browser { return newBrowser(t, j.URL) }

func adminHeaders() []string { return []string{"Authorization", "Bearer " + adminToken} }

// login logs name in by the API and returns a client holding its cookie
// and its bearer token.
func login(t *testing.T, j *testJudge, name, password string) (*browser, string) {
	t.Helper()
	b := newBrowser(t, j.URL)
	before := time.Now()
	resp, body := b.postJSON("/api/login", map[string]string{"name": name, "password": password})
	after := time.Now()
	var got struct {
		User, Token string
		Admin       bool
		ExpiresAt   time.Time `json:"expires_at"`
	}
	if err := json.Unmarshal([]byte(body), &got); resp.StatusCode != http.StatusOK || err != nil || got.User != name || len(got.Token) != 64 {
		t.Fatalf("login %s: %d %s", name, resp.StatusCode, body)
	}
	// A login lasts a day from the moment it is made.
	if got.ExpiresAt.Before(before.Add(24*time.Hour)) || got.ExpiresAt.After(after.Add(24*time.Hour)) {
		t.Errorf("login %s expires at %v, want a day after the login (%v)", name, got.ExpiresAt, before)
	}
	if c := resp.Header.Get("Set-Cookie"); !strings.Contains(c, "sudoku_judge_session="+got.Token) || !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Strict") {
		t.Errorf("login %s set the cookie %q, want the session's token, HttpOnly, SameSite=Strict", name, c)
	}
	return b, got.Token
}

// scoreboardRow is a row of the CLICS scoreboard, as the API sends it.
type scoreboardRow struct {
	Rank   int    `json:"rank"`
	TeamID string `json:"team_id"`
	Score  struct {
		NumSolved int      `json:"num_solved"`
		TotalTime int      `json:"total_time"`
		Score     *float64 `json:"score"`
	} `json:"score"`
	Problems []struct {
		ProblemID  string `json:"problem_id"`
		NumJudged  int    `json:"num_judged"`
		NumPending int    `json:"num_pending"`
		Solved     bool   `json:"solved"`
		Time       *int   `json:"time"`
	} `json:"problems"`
}

// rows renders a scoreboard's rows as "rank team solved time" lines.
func rows(t *testing.T, body string) string {
	t.Helper()
	var sb struct{ Rows []scoreboardRow }
	if err := json.Unmarshal([]byte(body), &sb); err != nil {
		t.Fatalf("scoreboard %s: %v", body, err)
	}
	var lines []string
	for _, r := range sb.Rows {
		line := fmt.Sprintf("%d %s %d %d", r.Rank, r.TeamID, r.Score.NumSolved, r.Score.TotalTime)
		for _, p := range r.Problems {
			line += fmt.Sprintf(" %d/%d", p.NumJudged, p.NumPending)
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// TestContestFlow runs a contest by the API as a teacher's script would:
// accounts from a class list, a contest, logins, submissions accepted only
// from the contest's users while it runs, verdicts from a worker, the
// ICPC scoreboard, the freeze and the unfreeze.
func TestContestFlow(t *testing.T) {
	j, publish := contestJudge(t)
	a := admin(t, j)
	ah := adminHeaders()

	// Accounts: one by JSON, a class list by CSV (cat's password made up).
	if resp, body := a.postJSON("/api/users", map[string]any{"name": "teacher", "password": "teacher-pw", "admin": true}, ah...); resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating teacher: %d %s", resp.StatusCode, body)
	}
	req, _ := http.NewRequest("POST", j.URL+"/api/users", strings.NewReader("name,password\nann,ann-password\nbob,bob-password\ncat,\ndan,dan-password\n"))
	req.Header.Set("Content-Type", "text/csv")
	resp, body := a.do(req, ah...)
	var created struct {
		Users []struct{ Name, Password string }
	}
	if err := json.Unmarshal([]byte(body), &created); resp.StatusCode != http.StatusCreated || err != nil || len(created.Users) != 4 {
		t.Fatalf("class list: %d %s", resp.StatusCode, body)
	}
	catPassword := created.Users[2].Password
	if created.Users[0].Password != "" || len(catPassword) != 12 {
		t.Errorf("the answer's passwords %+v: want only cat's, generated", created.Users)
	}
	for _, c := range []struct {
		name    string
		body    any
		headers []string
		want    int
	}{
		{"a student creating a user", map[string]string{"name": "eve", "password": "eve-password"}, nil, http.StatusForbidden},
		{"a name taken", map[string]string{"name": "ann", "password": "another-pw"}, ah, http.StatusConflict},
		{"a bad name", map[string]string{"name": "ann smith", "password": "another-pw"}, ah, http.StatusBadRequest},
		{"a short password", map[string]string{"name": "eve", "password": "short"}, ah, http.StatusBadRequest},
		{"an unknown field", map[string]string{"name": "eve", "password": "eve-password", "role": "x"}, ah, http.StatusBadRequest},
	} {
		if resp, body := a.postJSON("/api/users", c.body, c.headers...); resp.StatusCode != c.want {
			t.Errorf("%s: %d %s, want %d", c.name, resp.StatusCode, body, c.want)
		}
	}

	// Logins: a wrong password and an unknown name get the same answer.
	for _, c := range []struct{ name, password string }{{"ann", "bob-password"}, {"nobody", "ann-password"}} {
		resp, body := newBrowser(t, j.URL).postJSON("/api/login", map[string]string{"name": c.name, "password": c.password})
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "wrong name or password") {
			t.Errorf("login %s/%s: %d %s, want 401", c.name, c.password, resp.StatusCode, body)
		}
	}
	ann, _ := login(t, j, "ann", "ann-password")
	bob, _ := login(t, j, "bob", "bob-password")
	cat, _ := login(t, j, "cat", catPassword)
	dan, _ := login(t, j, "dan", "dan-password")
	teacher, teacherToken := login(t, j, "teacher", "teacher-pw")
	cookie := ""
	for _, c := range ann.c.Jar.Cookies(mustURL(t, j.URL)) {
		if c.Name == "sudoku_judge_session" {
			cookie = c.Value
		}
	}
	if len(cookie) != 64 {
		t.Errorf("ann's browser has no session cookie")
	}

	// The contest: started 30 minutes ago, so submissions count from
	// minute 30.
	start := time.Now().UTC().Add(-30 * time.Minute).Truncate(time.Second)
	contest := map[string]any{"id": "week-3", "title": "Week 3", "problems": []string{"poj3074", "poj2676"}, "users": []string{"ann", "bob", "cat"},
		"start": start.Format(time.RFC3339), "end": start.Add(2 * time.Hour).Format(time.RFC3339), "scoring": "icpc"}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for k, v := range contest {
			m[k] = v
		}
		m[k] = v
		return m
	}
	for _, c := range []struct {
		name    string
		body    any
		headers []string
		want    int
		says    string
	}{
		{"a student", contest, nil, http.StatusForbidden, "admin"},
		{"an unknown user", with("users", []string{"ann", "eve"}), ah, http.StatusBadRequest, `no user \"eve\"`},
		{"an unknown problem", with("problems", []string{"poj9999"}), ah, http.StatusBadRequest, `no problem \"poj9999\"`},
		{"not RFC 3339", with("start", "9:00"), ah, http.StatusBadRequest, "bad JSON"},
		{"the end first", with("end", start.Add(-time.Hour).Format(time.RFC3339)), ah, http.StatusBadRequest, "not after start"},
		{"the contest", contest, ah, http.StatusCreated, `"labels"`},
		{"again", contest, ah, http.StatusConflict, "already exists"},
		{"by an admin account's token", with("id", "past"), []string{"Authorization", "Bearer " + teacherToken}, http.StatusCreated, ""},
	} {
		resp, body := a.postJSON("/api/contests", c.body, c.headers...)
		if resp.StatusCode != c.want || !strings.Contains(body, c.says) {
			t.Errorf("creating a contest, %s: %d %s, want %d saying %q", c.name, resp.StatusCode, body, c.want, c.says)
		}
	}
	// "past" ended an hour ago.
	past := with("id", "past")
	past["start"], past["end"] = start.Add(-2*time.Hour).Format(time.RFC3339), start.Add(-time.Hour).Format(time.RFC3339)
	req, _ = http.NewRequest("PUT", j.URL+"/api/contests/past", strings.NewReader(mustJSON(t, past)))
	req.Header.Set("Content-Type", "application/json")
	if resp, body := teacher.do(req); resp.StatusCode != http.StatusOK {
		t.Fatalf("moving past back: %d %s", resp.StatusCode, body)
	}

	submit := func(b *browser, contest, problem string) (int, string) {
		t.Helper()
		resp, body := b.postJSON("/api/submissions", map[string]string{"problem": problem, "language": "c", "source": acC, "contest": contest})
		var got struct{ ID, Error string }
		json.Unmarshal([]byte(body), &got)
		return resp.StatusCode, got.ID + got.Error
	}
	for _, c := range []struct {
		name             string
		b                *browser
		contest, problem string
		want             int
		says             string
	}{
		{"without logging in", newBrowser(t, j.URL), "week-3", "poj3074", http.StatusUnauthorized, "log in"},
		{"dan, not in it", dan, "week-3", "poj3074", http.StatusForbidden, "not taking part"},
		{"a problem not in it", ann, "week-3", "hdu4069", http.StatusBadRequest, "unknown problem"},
		{"a contest that ended", ann, "past", "poj3074", http.StatusForbidden, "over"},
		{"no such contest", ann, "week-9", "poj3074", http.StatusBadRequest, "no contest"},
	} {
		if code, msg := submit(c.b, c.contest, c.problem); code != c.want || !strings.Contains(msg, c.says) {
			t.Errorf("submitting %s: %d %q, want %d saying %q", c.name, code, msg, c.want, c.says)
		}
	}

	// ann: AC; bob: WA then AC; cat: CE.
	minute := func(id string) int {
		sub, err := j.Store.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return int(sub.CreatedAt.Sub(start) / time.Minute)
	}
	ids := map[string]string{}
	for _, s := range []struct {
		who     string
		b       *browser
		verdict string
	}{{"ann", ann, "AC"}, {"bob1", bob, "WA"}, {"bob2", bob, "AC"}, {"cat", cat, "CE"}} {
		code, id := submit(s.b, "week-3", "poj3074")
		if code != http.StatusCreated {
			t.Fatalf("%s: %d %s", s.who, code, id)
		}
		ids[s.who] = id
		publish(id, s.verdict)
	}
	annTime, bobTime := minute(ids["ann"]), minute(ids["bob2"])+20
	if annTime < 30 || annTime > 31 {
		t.Fatalf("ann's AC came at minute %d of a contest that started 30 minutes ago", annTime)
	}
	want := fmt.Sprintf("1 ann 1 %d 1/0 0/0\n2 bob 1 %d 2/0 0/0\n3 cat 0 0 0/0 0/0", annTime, bobTime)
	_, body = ann.get("/api/contests/week-3/scoreboard")
	if got := rows(t, body); got != want {
		t.Errorf("the scoreboard:\n%s\nwant\n%s", got, want)
	}

	// The freeze: bob's AC on poj2676 after it is pending for ann and cat,
	// seen by bob and the teacher; the unfreeze shows it to all.
	if resp, body := teacher.postJSON("/api/contests/week-3/freeze", nil); resp.StatusCode != http.StatusOK || !strings.Contains(body, `"freeze"`) {
		t.Fatalf("freeze: %d %s", resp.StatusCode, body)
	}
	time.Sleep(5 * time.Millisecond) // the next submission comes after the freeze's millisecond
	code, id := submit(bob, "week-3", "poj2676")
	if code != http.StatusCreated {
		t.Fatalf("bob after the freeze: %d %s", code, id)
	}
	publish(id, "AC")
	bob2 := bobTime + minute(id)
	truth := fmt.Sprintf("1 bob 2 %d 2/0 1/0\n2 ann 1 %d 1/0 0/0\n3 cat 0 0 0/0 0/0", bob2, annTime)
	frozen := fmt.Sprintf("1 ann 1 %d 1/0 0/0\n2 bob 1 %d 2/0 0/1\n3 cat 0 0 0/0 0/0", annTime, bobTime)
	for _, c := range []struct {
		who  string
		b    *browser
		h    []string
		want string
	}{
		{"ann", ann, nil, frozen},
		{"anyone", newBrowser(t, j.URL), nil, frozen},
		{"bob himself", bob, nil, truth},
		{"the teacher", teacher, nil, truth},
		{"the admin token", a, ah, truth},
	} {
		if _, body := c.b.get("/api/contests/week-3/scoreboard", c.h...); rows(t, body) != c.want {
			t.Errorf("frozen, %s sees:\n%s\nwant\n%s", c.who, rows(t, body), c.want)
		}
	}
	if resp, _ := ann.postJSON("/api/contests/week-3/unfreeze", nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("ann unfroze the scoreboard: %d", resp.StatusCode)
	}
	if resp, body := teacher.postJSON("/api/contests/week-3/unfreeze", nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("unfreeze: %d %s", resp.StatusCode, body)
	}
	if _, body := ann.get("/api/contests/week-3/scoreboard"); rows(t, body) != truth {
		t.Errorf("after the unfreeze ann sees:\n%s\nwant\n%s", rows(t, body), truth)
	}

	// A contest's submissions are their authors' and the admin's: others
	// neither list them nor open them (their verdicts would undo the
	// freeze); the admin lists them by contest and user.
	for _, c := range []struct {
		who  string
		b    *browser
		h    []string
		want int
	}{
		{"ann", ann, nil, http.StatusNotFound},
		{"anyone", newBrowser(t, j.URL), nil, http.StatusNotFound},
		{"bob", bob, nil, http.StatusOK},
		{"the teacher", teacher, nil, http.StatusOK},
	} {
		for _, path := range []string{"/api/submissions/" + id, "/submissions/" + id, "/api/submissions/" + id + "/events"} {
			if resp, _ := c.b.get(path, c.h...); resp.StatusCode != c.want {
				t.Errorf("%s opening %s: %d, want %d", c.who, path, resp.StatusCode, c.want)
			}
		}
	}
	if _, body := newBrowser(t, j.URL).get("/api/submissions"); body != "[]\n" {
		t.Errorf("anyone lists the contest's submissions: %s", body)
	}
	_, body = teacher.get("/api/submissions?contest=week-3&user=bob")
	var listed []struct{ ID, User, Contest, Verdict string }
	mustUnmarshal(t, body, &listed)
	if len(listed) != 3 || listed[0].ID != id || listed[0].User != "bob" || listed[0].Contest != "week-3" || listed[2].Verdict != "WA" {
		t.Errorf("the admin's list of bob's submissions to week-3: %s", body)
	}

	// A new password for cat, who forgot hers: her session ends, and the
	// new one logs in.
	req, _ = http.NewRequest("PUT", j.URL+"/api/users/cat/password", strings.NewReader(`{"password":""}`))
	req.Header.Set("Content-Type", "application/json")
	resp, body = a.do(req, ah...)
	var reset struct{ Name, Password string }
	mustUnmarshal(t, body, &reset)
	if resp.StatusCode != http.StatusOK || reset.Name != "cat" || len(reset.Password) != 12 {
		t.Fatalf("resetting cat's password: %d %s", resp.StatusCode, body)
	}
	if code, msg := submit(cat, "week-3", "poj3074"); code != http.StatusUnauthorized {
		t.Errorf("cat's old session after the reset: %d %s, want 401", code, msg)
	}
	login(t, j, "cat", reset.Password)
	req, _ = http.NewRequest("PUT", j.URL+"/api/users/nobody/password", strings.NewReader(`{"password":"long enough"}`))
	req.Header.Set("Content-Type", "application/json")
	if resp, body := a.do(req, ah...); resp.StatusCode != http.StatusNotFound {
		t.Errorf("resetting nobody's password: %d %s", resp.StatusCode, body)
	}

	// Logging out ends the session: ann can no longer submit.
	if resp, _ := ann.postJSON("/api/logout", nil); resp.StatusCode != http.StatusNoContent {
		t.Errorf("logout: %d", resp.StatusCode)
	}
	if code, msg := submit(ann, "week-3", "poj3074"); code != http.StatusUnauthorized {
		t.Errorf("ann after logging out: %d %s, want 401", code, msg)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func mustUnmarshal(t *testing.T, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLoginLimit checks that login attempts are limited by the account
// tried, not by the address: guessing one account's password is slowed,
// while its classmates behind the same address still log in.
func TestLoginLimit(t *testing.T) {
	j := startJudge(t, setup{config: func(c *web.Config) { c.AdminToken, c.Rate, c.Burst = adminToken, rate.Limit(1.0/3600), 2 }})
	for _, u := range []string{"ann", "bob"} {
		if resp, body := admin(t, j).postJSON("/api/users", map[string]string{"name": u, "password": u + "-password"}, adminHeaders()...); resp.StatusCode != http.StatusCreated {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
	}
	b := newBrowser(t, j.URL)
	for i, want := range []int{http.StatusUnauthorized, http.StatusUnauthorized, http.StatusTooManyRequests} {
		if resp, body := b.postJSON("/api/login", map[string]string{"name": "ann", "password": "guess"}); resp.StatusCode != want {
			t.Errorf("guess %d at ann's password: %d %s, want %d", i+1, resp.StatusCode, body, want)
		}
	}
	login(t, j, "bob", "bob-password")
}

// TestContestIOI checks an IOI contest's scoreboard through the API: a
// problem whose groups declare no points shares 100 among them (poj3074's
// four groups are 25 each), and a submission scores the groups it passed
// whole.
func TestContestIOI(t *testing.T) {
	j, _ := contestJudge(t)
	a, ah := admin(t, j), adminHeaders()
	for _, u := range []string{"ann", "bob"} {
		if resp, body := a.postJSON("/api/users", map[string]string{"name": u, "password": u + "-password"}, ah...); resp.StatusCode != http.StatusCreated {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
	}
	start := time.Now().UTC().Add(-20 * time.Minute)
	if resp, body := a.postJSON("/api/contests", map[string]any{"id": "ioi", "title": "IOI", "problems": []string{"poj3074", "poj2676"}, "users": []string{"ann", "bob"},
		"start": start.Format(time.RFC3339), "end": start.Add(time.Hour).Format(time.RFC3339), "scoring": "ioi"}, ah...); resp.StatusCode != http.StatusCreated {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	bob, _ := login(t, j, "bob", "bob-password")
	resp, body := bob.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC, "contest": "ioi"})
	var sub struct{ ID string }
	mustUnmarshal(t, body, &sub)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	j.judged(t, sub.ID, "w", "TLE", []judge.GroupResult{
		{Name: "official", Headline: true, Verdict: "AC"}, {Name: "top1465", Verdict: "TLE"},
		{Name: "hardest1106", Verdict: "AC"}, {Name: "gen", Verdict: "WA"},
	}, nil)
	_, body = newBrowser(t, j.URL).get("/api/contests/ioi/scoreboard")
	var sb struct{ Rows []scoreboardRow }
	mustUnmarshal(t, body, &sb)
	if len(sb.Rows) != 2 || sb.Rows[0].TeamID != "bob" || sb.Rows[0].Score.Score == nil || *sb.Rows[0].Score.Score != 50 ||
		sb.Rows[1].Rank != 2 || *sb.Rows[1].Score.Score != 0 || sb.Rows[0].Problems[0].Time == nil {
		t.Errorf("the IOI scoreboard: %s", body)
	}
}
