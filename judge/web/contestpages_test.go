package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// postValues posts a urlencoded form to path as a same-origin page would,
// unless headers say otherwise (an empty value removes a header).
func (b *browser) postValues(path string, v url.Values, headers ...string) (*http.Response, string) {
	b.t.Helper()
	req, err := http.NewRequest("POST", b.base+path, strings.NewReader(v.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.sendForm(req, headers...)
}

var csrfPattern = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// csrf returns the CSRF token of the form on the page at path.
func (b *browser) csrf(path string) string {
	b.t.Helper()
	_, page := b.get(path)
	m := csrfPattern.FindStringSubmatch(page)
	if m == nil {
		b.t.Fatalf("%s has no form with a CSRF token:\n%s", path, page)
	}
	return m[1]
}

// TestContestPages runs a contest through the pages, as the teacher and
// the class would in their browsers: the login form, the admin's forms
// (each refused without its CSRF token or from another site), a contest
// submission from a problem page, the scoreboard, and the admin's
// submissions list with its filters, rejudge and delete buttons.
func TestContestPages(t *testing.T) {
	j, publish := contestJudge(t)
	if resp, body := admin(t, j).postJSON("/api/users", map[string]any{"name": "teacher", "password": "teacher-pw", "admin": true}, adminHeaders()...); resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating teacher: %d %s", resp.StatusCode, body)
	}
	teacher := newBrowser(t, j.URL)
	for _, c := range []struct {
		name, password, next string
		headers              []string
		want                 int
		location             string
	}{
		{"teacher", "wrong-password", "", nil, http.StatusUnauthorized, ""},
		{"teacher", "teacher-pw", "", []string{"Sec-Fetch-Site", "cross-site"}, http.StatusForbidden, ""},
		{"teacher", "teacher-pw", "//evil.example/", nil, http.StatusSeeOther, "/contests"},
		{"teacher", "teacher-pw", "/admin", nil, http.StatusSeeOther, "/admin"},
	} {
		resp, body := teacher.postValues("/login", url.Values{"name": {c.name}, "password": {c.password}, "next": {c.next}}, c.headers...)
		if resp.StatusCode != c.want || resp.Header.Get("Location") != c.location {
			t.Errorf("login form %s/%s next %q: %d to %q, want %d to %q\n%s", c.name, c.password, c.next, resp.StatusCode, resp.Header.Get("Location"), c.want, c.location, body)
		}
	}
	token := teacher.csrf("/admin")

	// The forms refuse a post without the token or from elsewhere.
	newUser := url.Values{"name": {"ann"}, "password": {"ann-password"}}
	for _, c := range []struct {
		name    string
		v       url.Values
		headers []string
	}{
		{"no token", newUser, nil},
		{"a wrong token", withValue(newUser, "csrf", strings.Repeat("0", len(token))), nil},
		{"another site", withValue(newUser, "csrf", token), []string{"Sec-Fetch-Site", "cross-site"}},
	} {
		if resp, _ := teacher.postValues("/admin/users", c.v, c.headers...); resp.StatusCode != http.StatusForbidden {
			t.Errorf("new user form, %s: %d, want 403", c.name, resp.StatusCode)
		}
	}
	if _, err := j.Store.User(context.Background(), "ann"); err == nil {
		t.Fatal("a refused form created ann")
	}
	resp, page := teacher.postValues("/admin/users", withValue(newUser, "csrf", token))
	if resp.StatusCode != http.StatusOK || !strings.Contains(page, `id="created"`) {
		t.Fatalf("new user form: %d\n%s", resp.StatusCode, page)
	}
	resp, page = teacher.postValues("/admin/users", url.Values{"csrf": {token}, "list": {"bob,bob-password\ncat,\n"}})
	m := regexp.MustCompile(`<td>cat</td><td><code>([a-z0-9]{12})</code>`).FindStringSubmatch(page)
	if resp.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("class list form: %d, no generated password for cat\n%s", resp.StatusCode, page)
	}
	catPassword := m[1]

	// A contest from the form, started an hour ago; its users left empty
	// are every user but the admins.
	start := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	newContest := url.Values{"csrf": {token}, "id": {"week-3"}, "title": {"Week 3"}, "problem": {"poj3074", "poj2676"},
		"start": {start.Format(time.RFC3339)}, "end": {start.Add(3 * time.Hour).Format(time.RFC3339)}, "freeze": {""}, "scoring": {"icpc"}}
	if resp, page := teacher.postValues("/admin/contests", withValue(newContest, "start", "yesterday")); resp.StatusCode != http.StatusBadRequest || !strings.Contains(page, "start: yesterday is not an RFC 3339 time") {
		t.Errorf("a contest starting yesterday: %d\n%s", resp.StatusCode, page)
	}
	if resp, page := teacher.postValues("/admin/contests", newContest); resp.StatusCode != http.StatusOK || !strings.Contains(page, "contest week-3 created") {
		t.Fatalf("new contest form: %d\n%s", resp.StatusCode, page)
	}
	c, err := j.Store.Contest(context.Background(), "week-3")
	if err != nil || strings.Join(c.Users, " ") != "ann bob cat" || strings.Join(c.Problems, " ") != "poj3074 poj2676" || !c.Freeze.IsZero() {
		t.Fatalf("the contest stored: %+v, %v", c, err)
	}

	// A student is no admin.
	cat := newBrowser(t, j.URL)
	if resp, _ := cat.postValues("/login", url.Values{"name": {"cat"}, "password": {catPassword}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("cat's login: %d", resp.StatusCode)
	}
	for _, path := range []string{"/admin", "/admin/submissions"} {
		if resp, _ := cat.get(path); resp.StatusCode != http.StatusForbidden {
			t.Errorf("cat opened %s: %d", path, resp.StatusCode)
		}
	}
	catToken := cat.csrf("/login")
	if resp, _ := cat.postValues("/admin/users", url.Values{"csrf": {catToken}, "name": {"eve"}, "password": {"eve-password"}}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("cat posted the new user form: %d", resp.StatusCode)
	}

	// cat submits from the problem page of the contest: a CE, then an AC.
	_, problemPage := cat.get("/problems/poj3074?contest=week-3")
	if !strings.Contains(problemPage, `name="contest" value="week-3"`) {
		t.Fatalf("the contest's problem page has no contest field:\n%s", problemPage)
	}
	var ids []string
	for _, v := range []string{"CE", "AC"} {
		resp, body := cat.postForm(form{problem: "poj3074", language: "c", source: acC, contest: "week-3"})
		id := submitted(t, resp, body)
		publish(id, v)
		ids = append(ids, id)
	}
	_, page = cat.get("/contests/week-3")
	if !strings.Contains(page, `href="/submissions/`+ids[1]+`">A</a>`) {
		t.Errorf("the contest page does not list cat's submissions:\n%s", page)
	}
	_, page = newBrowser(t, j.URL).get("/contests/week-3/scoreboard")
	row := regexp.MustCompile(`<tr data-team="cat"><td class="rank">1</td><td class="team">cat</td><td class="num-solved">1</td><td class="total">(\d+)</td><td class="solved">(\d+) \(1 try\)</td>`).FindStringSubmatch(page)
	if row == nil || row[1] != row[2] {
		t.Errorf("the scoreboard page has no row of cat first, one problem solved at its own time on the first try (the CE not counted):\n%s", page)
	}

	// The admin's list: filters, then rejudge and delete.
	_, list := teacher.get("/admin/submissions?user=cat&verdict=CE")
	if !strings.Contains(list, `data-id="`+ids[0]+`"`) || strings.Contains(list, `data-id="`+ids[1]+`"`) {
		t.Errorf("the CE filter does not list the CE only:\n%s", list)
	}
	back := "/admin/submissions?user=cat"
	resp, _ = teacher.postValues("/admin/submissions/"+ids[1]+"/rejudge", url.Values{"csrf": {token}, "back": {back}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != back {
		t.Errorf("rejudge: %d to %q, want 303 back to the list", resp.StatusCode, resp.Header.Get("Location"))
	}
	if sub, err := j.Store.Get(context.Background(), ids[1]); err != nil || sub.Attempt != 2 || sub.Status != "queued" {
		t.Errorf("after rejudge: %+v, %v; want attempt 2, queued", sub, err)
	}
	if resp, _ := teacher.postValues("/admin/submissions/"+ids[0]+"/delete", url.Values{"back": {back}}); resp.StatusCode != http.StatusForbidden {
		t.Errorf("delete without the token: %d", resp.StatusCode)
	}
	teacher.postValues("/admin/submissions/"+ids[0]+"/delete", url.Values{"csrf": {token}, "back": {"https://evil.example/"}})
	if _, err := j.Store.Get(context.Background(), ids[0]); err == nil {
		t.Error("the deleted submission is still there")
	}

	// Logging out by the page's form.
	if resp, _ := cat.postValues("/logout", url.Values{"csrf": {catToken}}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("logout form: %d", resp.StatusCode)
	}
	if _, page := cat.get("/login"); !strings.Contains(page, `id="login-button"`) {
		t.Error("after logging out the login page still shows a user")
	}
}

func withValue(v url.Values, key, value string) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = vs
	}
	out.Set(key, value)
	return out
}

// TestContestEvents checks the contest's event stream as a page
// watching the scoreboard hears it: the scoreboard and the viewer's own
// submissions (none) at once, then the scoreboard again when a
// submission comes and when it is judged.
func TestContestEvents(t *testing.T) {
	j, publish := contestJudge(t)
	a, ah := admin(t, j), adminHeaders()
	if resp, body := a.postJSON("/api/users", map[string]string{"name": "bob", "password": "bob-password"}, ah...); resp.StatusCode != http.StatusCreated {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	start := time.Now().UTC().Add(-10 * time.Minute)
	if resp, body := a.postJSON("/api/contests", map[string]any{"id": "c", "title": "C", "problems": []string{"poj3074"}, "users": []string{"bob"},
		"start": start.Format(time.RFC3339), "end": start.Add(time.Hour).Format(time.RFC3339)}, ah...); resp.StatusCode != http.StatusCreated {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	bob, _ := login(t, j, "bob", "bob-password")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	events := watch(t, ctx, j.URL+"/api/contests/c/events")
	first := map[string]string{}
	for range 2 {
		e := next(t, events)
		first[e.kind] = e.data
	}
	if !strings.Contains(first["scoreboard"], `"team_id":"bob"`) || first["mine"] != "[]" {
		t.Fatalf("first events %v, want the scoreboard and no submissions of the viewer's", first)
	}
	resp, body := bob.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC, "contest": "c"})
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	id := regexp.MustCompile(`"id": "([0-9a-f]{32})"`).FindStringSubmatch(body)
	if id == nil {
		t.Fatalf("no id in %s", body)
	}
	// bob's submission is pending, then solved.
	for _, want := range []string{`"num_pending":1`, `"solved":true`} {
		e := next(t, events)
		if e.kind != "scoreboard" || !strings.Contains(e.data, want) {
			t.Fatalf("event %s %s, want the scoreboard with %s", e.kind, e.data, want)
		}
		if want == `"num_pending":1` {
			publish(id[1], "AC")
		}
	}
}
