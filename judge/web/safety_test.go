package web_test

import (
	"context"
	"encoding/json"
	"io"
	"math/bits"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
	"golang.org/x/time/rate"

	"github.com/sudoku-judge/sudoku-judge/internal/markdown"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

const acC = "#include <stdio.h>\nint main(void){return 0;}\n"

func TestSourceSizeLimit(t *testing.T) {
	j := startJudge(t, setup{config: func(c *web.Config) { c.MaxSource = 1000 }})
	b := newBrowser(t, j.URL)
	fits, over := strings.Repeat("/", 1000), strings.Repeat("/", 1001)
	cases := []struct {
		name string
		send func() (*http.Response, string)
		want int
	}{
		{"API at the limit", func() (*http.Response, string) {
			return b.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": fits})
		}, http.StatusCreated},
		{"API over the limit", func() (*http.Response, string) {
			return b.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": over})
		}, http.StatusRequestEntityTooLarge},
		{"API body far over the limit", func() (*http.Response, string) {
			return b.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": strings.Repeat(over, 100)})
		}, http.StatusRequestEntityTooLarge},
		{"pasted at the limit", func() (*http.Response, string) {
			return b.postForm(form{problem: "poj3074", language: "c", source: fits})
		}, http.StatusSeeOther},
		{"pasted over the limit", func() (*http.Response, string) {
			return b.postForm(form{problem: "poj3074", language: "c", source: over})
		}, http.StatusRequestEntityTooLarge},
		{"uploaded over the limit", func() (*http.Response, string) {
			return b.postForm(form{problem: "poj3074", language: "c", fileName: "a.c", file: over})
		}, http.StatusRequestEntityTooLarge},
		{"uploaded far over the limit", func() (*http.Response, string) {
			return b.postForm(form{problem: "poj3074", language: "c", fileName: "a.c", file: strings.Repeat(over, 100)})
		}, http.StatusRequestEntityTooLarge},
	}
	for _, c := range cases {
		resp, body := c.send()
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d, want %d: %s", c.name, resp.StatusCode, c.want, body)
		}
		if c.want == http.StatusRequestEntityTooLarge && !strings.Contains(body, "limit") {
			t.Errorf("%s: the refusal does not say what the limit is: %s", c.name, body)
		}
	}
	subs, err := j.Store.List(context.Background(), store.Filter{}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 2 {
		t.Errorf("%d submissions stored, want the 2 within the limit", len(subs))
	}
}

// TestRateLimit checks the submission rate limits: per account when
// logged in (a class behind one NAT address does not share one), per
// address otherwise (a new cookie is no way around it), each refusal a
// 429 saying why and when to come back (Retry-After), the admin exempt.
func TestRateLimit(t *testing.T) {
	const admin = "admin-secret"
	j := startJudge(t, setup{config: func(c *web.Config) {
		c.Rate, c.Burst, c.Accounts, c.AdminToken = rate.Every(time.Hour), 2, headerAccounts{}, admin
	}})
	sub := map[string]string{"problem": "poj3074", "language": "c", "source": acC}
	steps := []struct {
		name    string
		form    bool // by the form, else by the API
		headers []string
		want    int
	}{
		{"anonymous 1", false, nil, 201},
		{"anonymous 2", false, nil, 201},
		{"anonymous 3: over the address's burst", false, nil, 429},
		{"anonymous 4, a new browser by the form", true, nil, 429},
		{"alice 1, same address", false, []string{"X-Test-User", "alice"}, 201},
		{"alice 2", true, []string{"X-Test-User", "alice"}, 303},
		{"alice 3: over her burst", false, []string{"X-Test-User", "alice"}, 429},
		{"bob 1", false, []string{"X-Test-User", "bob"}, 201},
		{"the admin, over the address's burst", false, []string{"Authorization", "Bearer " + admin}, 201},
	}
	for _, st := range steps {
		b := newBrowser(t, j.URL)
		var resp *http.Response
		var body string
		if st.form {
			resp, body = b.postForm(form{problem: "poj3074", language: "c", source: acC}, st.headers...)
		} else {
			resp, body = b.postJSON("/api/submissions", sub, st.headers...)
		}
		if resp.StatusCode != st.want {
			t.Errorf("%s: %d %s, want %d", st.name, resp.StatusCode, body, st.want)
			continue
		}
		if st.want != http.StatusTooManyRequests {
			continue
		}
		if !strings.Contains(body, "too many submissions") {
			t.Errorf("%s: the refusal does not say why: %s", st.name, body)
		}
		// One submission an hour: the next is due in about an hour.
		if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || secs < 3000 || secs > 3600 {
			t.Errorf("%s: Retry-After %q, want about 3600 seconds", st.name, resp.Header.Get("Retry-After"))
		}
	}
}

// TestQuotas checks the per-client quotas: submissions waiting for a
// verdict, and submissions stored; the admin's deleting one makes room.
func TestQuotas(t *testing.T) {
	const admin = "admin-secret"
	j := startJudge(t, setup{config: func(c *web.Config) {
		c.MaxPending, c.Quota, c.Accounts, c.AdminToken = 2, 3, headerAccounts{}, admin
	}})
	sub := map[string]string{"problem": "poj3074", "language": "c", "source": acC}
	post := func(user string) (int, string, string) {
		t.Helper()
		var h []string
		if user != "" {
			h = []string{"X-Test-User", user}
		}
		resp, body := newBrowser(t, j.URL).postJSON("/api/submissions", sub, h...)
		var got struct{ ID string }
		json.Unmarshal([]byte(body), &got)
		return resp.StatusCode, body, got.ID
	}
	var ids []string
	for i := range 2 {
		code, body, id := post("alice")
		if code != http.StatusCreated {
			t.Fatalf("alice's submission %d: %d %s", i+1, code, body)
		}
		ids = append(ids, id)
	}
	if code, body, _ := post("alice"); code != http.StatusTooManyRequests || !strings.Contains(body, "2 submissions waiting") {
		t.Errorf("alice's third while two wait: %d %s, want 429 saying two wait", code, body)
	}
	if code, body, _ := post("bob"); code != http.StatusCreated {
		t.Errorf("bob, while alice's two wait: %d %s", code, body)
	}
	j.judged(t, ids[0], "w", "AC", nil, nil)
	code, body, id := post("alice")
	if code != http.StatusCreated {
		t.Fatalf("alice's third once one was judged: %d %s", code, body)
	}
	ids = append(ids, id)
	j.judged(t, ids[1], "w", "AC", nil, nil)
	if code, body, _ := post("alice"); code != http.StatusForbidden || !strings.Contains(body, "quota of 3") {
		t.Errorf("alice's fourth, three stored: %d %s, want 403 naming the quota", code, body)
	}
	req, _ := http.NewRequest("DELETE", j.URL+"/api/submissions/"+ids[0], nil)
	if resp, body := newBrowser(t, j.URL).do(req, "Authorization", "Bearer "+admin); resp.StatusCode != http.StatusNoContent {
		t.Fatalf("deleting: %d %s", resp.StatusCode, body)
	}
	if code, body, _ := post("alice"); code != http.StatusCreated {
		t.Errorf("alice's fourth once the admin deleted one: %d %s", code, body)
	}
}

// hostile is what every test of escaping sends: were it copied into a
// page as it is, the page would run it.
const hostile = `</pre></td><script>alert(1)</script><img src=x onerror=alert(1)>`

// escapedOnly fails t if page holds hostile markup: any script but the
// judge's own, or an element with an event handler.
func escapedOnly(t *testing.T, what, page string) {
	t.Helper()
	scripts := regexp.MustCompile(`(?i)<script[^>]*>`).FindAllString(page, -1)
	for _, s := range scripts {
		if s != `<script src="/static/live.js">` {
			t.Errorf("%s: the page has a script of the user's: %s", what, s)
		}
	}
	if regexp.MustCompile(`(?i)<[a-z][^>]*\son[a-z]+=`).MatchString(page) {
		t.Errorf("%s: the page has an element with an event handler:\n%s", what, page)
	}
	if strings.Contains(page, "javascript:") {
		t.Errorf("%s: the page has a javascript: URL", what)
	}
}

// withStatement is a catalog problem with another statement, rendered as
// go generate renders a problem's statement.html.
type withStatement struct {
	problems.Problem
	md string
}

func (p withStatement) Statement() ([]byte, error) { return []byte(p.md), nil }

func (p withStatement) StatementHTML() ([]byte, error) { return markdown.Render([]byte(p.md)) }

func TestUserStringsAreEscaped(t *testing.T) {
	base, err := catalog.Lookup("poj3074")
	if err != nil {
		t.Fatal(err)
	}
	p := withStatement{base, "# Title\n\n" + hostile + "\n\n[click](javascript:alert(1)) and <a href=\"javascript:alert(1)\">this</a>\n"}
	j := startJudge(t, setup{problems: []problems.Problem{p}})
	b := newBrowser(t, j.URL)
	escaped := "&lt;script&gt;alert(1)&lt;/script&gt;"

	_, page := b.get("/problems/poj3074")
	escapedOnly(t, "a statement with HTML in it", page)
	if !strings.Contains(page, "<h1>Title</h1>") {
		t.Errorf("the statement is not rendered from Markdown:\n%s", page)
	}

	refusals := []struct {
		name string
		form form
	}{
		{"problem", form{problem: hostile, language: "c", source: acC}},
		{"language", form{problem: "poj3074", language: hostile, source: acC}},
		{"file name", form{problem: "poj3074", fileName: "<script>alert(1)<script>.x", file: acC}}, // no slash: it would be cut as a directory
	}
	for _, c := range refusals {
		resp, page := b.postForm(c.form)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(page, "&lt;script&gt;alert(1)") {
			t.Errorf("%s: %d, want 400 quoting the %s escaped:\n%s", c.name, resp.StatusCode, c.name, page)
		}
		escapedOnly(t, "a refused "+c.name, page)
	}

	resp, page := b.postForm(form{problem: "poj3074", language: "c", source: hostile})
	id := submitted(t, resp, page)
	// A finished judging whose every string came from the program or the worker.
	tests := []judge.TestResult{{Name: hostile, Group: hostile, Verdict: "WA", Message: hostile}}
	j.judged(t, id, hostile, "WA", nil, tests)
	for _, path := range []string{"/submissions/" + id, "/submissions"} {
		resp, page := b.get(path)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", path, resp.StatusCode)
		}
		escapedOnly(t, path, page)
	}
	if _, page := b.get("/submissions/" + id); strings.Count(page, escaped) < 3 {
		t.Errorf("the submission page does not show its source, test name and message escaped:\n%s", page)
	}
}

func TestFormPostsMustBeSameOrigin(t *testing.T) {
	j := startJudge(t, setup{})
	b := newBrowser(t, j.URL)
	f := form{problem: "poj3074", language: "c", source: acC}
	cases := []struct {
		name    string
		headers []string
		want    int
	}{
		{"same origin (Sec-Fetch-Site)", []string{"Origin", "", "Sec-Fetch-Site", "same-origin"}, http.StatusSeeOther},
		{"same origin (Origin)", []string{"Sec-Fetch-Site", "", "Origin", j.URL}, http.StatusSeeOther},
		{"same origin (Referer)", []string{"Sec-Fetch-Site", "", "Origin", "", "Referer", j.URL + "/problems/poj3074"}, http.StatusSeeOther},
		{"cross-site (Sec-Fetch-Site)", []string{"Sec-Fetch-Site", "cross-site"}, http.StatusForbidden},
		{"same site, other origin", []string{"Sec-Fetch-Site", "same-site"}, http.StatusForbidden},
		{"cross-site (Origin)", []string{"Sec-Fetch-Site", "", "Origin", "https://evil.example"}, http.StatusForbidden},
		{"cross-site (Referer)", []string{"Sec-Fetch-Site", "", "Origin", "", "Referer", "https://evil.example/x"}, http.StatusForbidden},
		{"origin unknown", []string{"Sec-Fetch-Site", "", "Origin", ""}, http.StatusForbidden},
	}
	for _, c := range cases {
		before, err := j.Store.List(context.Background(), store.Filter{}, 100)
		if err != nil {
			t.Fatal(err)
		}
		resp, body := b.postForm(f, c.headers...)
		after, err := j.Store.List(context.Background(), store.Filter{}, 100)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d, want %d: %s", c.name, resp.StatusCode, c.want, body)
		}
		if stored := len(after) - len(before); c.want == http.StatusForbidden && stored != 0 {
			t.Errorf("%s: refused, yet %d submission stored", c.name, stored)
		}
	}
	// A page elsewhere can post text/plain to the API without asking
	// (no CORS preflight), but not JSON.
	req, err := http.NewRequest("POST", j.URL+"/api/submissions", strings.NewReader(`{"problem":"poj3074","language":"c","source":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if resp, body := b.do(req, "Content-Type", "text/plain"); resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("API post as text/plain: %d %s, want 415", resp.StatusCode, body)
	}
}

func TestSubmissionIDsAreUnguessable(t *testing.T) {
	j := startJudge(t, setup{})
	b := newBrowser(t, j.URL)
	hex := regexp.MustCompile(`^[0-9a-f]{32}$`)
	var prev []byte
	seen := map[string]bool{}
	for i := range 20 {
		resp, body := b.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC})
		var got struct{ ID string }
		if err := json.Unmarshal([]byte(body), &got); err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("submission %d: %d %s", i, resp.StatusCode, body)
		}
		if !hex.MatchString(got.ID) || seen[got.ID] {
			t.Fatalf("submission %d: id %q, want 128 bits in hex, never seen before", i, got.ID)
		}
		seen[got.ID] = true
		// Consecutive random ids differ in about 64 of their 128 bits; a
		// counter or a clock in them would make neighbours alike.
		id := []byte(got.ID)
		if prev != nil {
			if d := hamming(prev, id); d < 32 {
				t.Errorf("ids %s and %s differ in only %d bits", prev, id, d)
			}
		}
		prev = id
	}
	resp, _ := b.get("/api/submissions/0123456789abcdef0123456789abcdef")
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("a guessed id: status %d, want 404", resp.StatusCode)
	}
}

// hamming counts the bits in which two hex strings of equal length differ.
func hamming(a, b []byte) int {
	d := 0
	for i := range a {
		d += bits.OnesCount8(unhex(a[i]) ^ unhex(b[i]))
	}
	return d
}

func unhex(c byte) byte {
	if c >= 'a' {
		return c - 'a' + 10
	}
	return c - '0'
}

func TestOnlyTheAuthorSeesTheSource(t *testing.T) {
	const admin = "admin-secret"
	j := startJudge(t, setup{config: func(c *web.Config) { c.AdminToken = admin }})
	alice, bob := newBrowser(t, j.URL), newBrowser(t, j.URL)
	source := "/* alice's secret approach */\n" + acC
	resp, page := alice.postForm(form{problem: "poj3074", language: "c", source: source})
	id := submitted(t, resp, page)

	// An API client proves authorship with the token its POST returned.
	resp, body := bob.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": source})
	var api struct{ ID, Token string }
	if err := json.Unmarshal([]byte(body), &api); err != nil || resp.StatusCode != http.StatusCreated || api.Token == "" {
		t.Fatalf("API post: %d %s, want 201 with a token", resp.StatusCode, body)
	}
	carol := newBrowser(t, j.URL) // no cookies: only her header says who she is

	cases := []struct {
		who     string
		b       *browser
		id      string
		headers []string
		want    bool
	}{
		{"the author's browser", alice, id, nil, true},
		{"another browser", bob, id, nil, false},
		{"another browser with a made-up token", bob, id, []string{"X-Judge-Token", "0123"}, false},
		{"the admin", bob, id, []string{"Authorization", "Bearer " + admin}, true},
		{"the wrong admin token", bob, id, []string{"Authorization", "Bearer nope"}, false},
		{"an API author with its token", carol, api.ID, []string{"X-Judge-Token", api.Token}, true},
		{"an API client without the token", carol, api.ID, nil, false},
	}
	for _, c := range cases {
		_, body := c.b.get("/api/submissions/"+c.id, c.headers...)
		var sub struct{ Source string }
		if err := json.Unmarshal([]byte(body), &sub); err != nil {
			t.Fatalf("%s: %v: %s", c.who, err, body)
		}
		if got := sub.Source == source; got != c.want {
			t.Errorf("%s: API shows the source: %v, want %v", c.who, got, c.want)
		}
		_, page := c.b.get("/submissions/"+c.id, c.headers...)
		if got := strings.Contains(page, "alice&#39;s secret approach"); got != c.want {
			t.Errorf("%s: page shows the source: %v, want %v", c.who, got, c.want)
		}
	}
	// Each browser's list holds its own submissions only.
	if _, page := alice.get("/submissions"); !strings.Contains(page, id) {
		t.Errorf("alice's list lacks her submission:\n%s", page)
	}
	if _, page := bob.get("/submissions"); strings.Contains(page, id) {
		t.Errorf("bob's list shows alice's submission:\n%s", page)
	}
	if _, body := bob.get("/api/submissions"); strings.Contains(body, id) || !strings.Contains(body, api.ID) {
		t.Errorf("bob's API list should hold his submission %s and not alice's %s: %s", api.ID, id, body)
	}
}

func TestAdminToken(t *testing.T) {
	cases := []struct {
		name, token, header string
		want                int
	}{
		{"no header", "s3cret", "", http.StatusForbidden},
		{"wrong token", "s3cret", "Bearer s3cre", http.StatusForbidden},
		{"not a bearer", "s3cret", "s3cret", http.StatusForbidden},
		{"no admin configured", "", "Bearer ", http.StatusForbidden},
		{"the token", "s3cret", "Bearer s3cret", 0}, // 202 to rejudge, 204 to delete
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := startJudge(t, setup{config: func(cfg *web.Config) { cfg.AdminToken = c.token }})
			b := newBrowser(t, j.URL)
			_, body := b.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC})
			var sub struct{ ID string }
			if err := json.Unmarshal([]byte(body), &sub); err != nil {
				t.Fatal(err)
			}
			for _, op := range []struct {
				method, path string
				ok           int
			}{
				{"POST", "/api/submissions/" + sub.ID + "/rejudge", http.StatusAccepted},
				{"DELETE", "/api/submissions/" + sub.ID, http.StatusNoContent},
			} {
				req, err := http.NewRequest(op.method, j.URL+op.path, nil)
				if err != nil {
					t.Fatal(err)
				}
				want := c.want
				if want == 0 {
					want = op.ok
				}
				if resp, body := b.do(req, "Authorization", c.header); resp.StatusCode != want {
					t.Errorf("%s %s: %d %s, want %d", op.method, op.path, resp.StatusCode, body, want)
				}
			}
			resp, _ := b.get("/api/submissions/" + sub.ID)
			if deleted := resp.StatusCode == http.StatusNotFound; deleted != (c.want == 0) {
				t.Errorf("deleted: %v, want %v", deleted, c.want == 0)
			}
		})
	}
}

func TestWorkersAuthenticate(t *testing.T) {
	if _, err := queue.StartServer(queue.ServerConfig{Dir: t.TempDir(), Listen: "127.0.0.1:0"}); err == nil {
		t.Error("a queue listening on the network without a token started")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ns, err := queue.StartServer(queue.ServerConfig{Dir: filepath.Join(t.TempDir(), "js"), Listen: addr, Token: "worker-secret"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ns.Shutdown)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cases := []struct {
		token string
		ok    bool
	}{
		{"", false},
		{"worker-secre", false},
		{"worker-secret", true},
	}
	for _, c := range cases {
		conn, err := queue.Dial(ctx, "nats://"+addr, c.token, "w")
		if (err == nil) != c.ok {
			t.Errorf("a worker with token %q: connected %v (%v), want %v", c.token, err == nil, err, c.ok)
		}
		if err == nil {
			conn.Close()
		}
	}
}

// headerAccounts is a stand-in for the contest's accounts: a request is
// logged in as the user its X-Test-User header names, an admin if the
// name is "root".
type headerAccounts struct{}

func (headerAccounts) Identify(r *http.Request) web.Identity {
	u := r.Header.Get("X-Test-User")
	return web.Identity{User: u, Admin: u == "root"}
}

// TestOnlyTheAuthorSeesWhatTheProgramSaid checks issue 24's privacy
// rule: a test's message, diff (the expected lines), stderr and the
// compiler's output, and the source, reach only the submission's author
// and the admin, by the API, the page and the event stream; everyone
// else sees verdicts and times.
func TestOnlyTheAuthorSeesWhatTheProgramSaid(t *testing.T) {
	const admin = "admin-secret"
	j := startJudge(t, setup{config: func(c *web.Config) { c.AdminToken, c.Accounts = admin, headerAccounts{} }})
	const (
		secretSource = "/* SOURCE-MARK */"
		message      = "MESSAGE-MARK"
		diff         = "DIFF-MARK expected line"
		stderr       = "STDERR-MARK Traceback"
	)
	tests := []judge.TestResult{
		{Name: "sample/1", Group: "official", Verdict: "WA", TimeMS: 12, WallMS: 15, MemoryKB: 2048, Message: message, Diff: diff, Stderr: stderr},
		{Name: "secret/1", Group: "official", Verdict: "CE", Diff: diff},
	}
	anon := newBrowser(t, j.URL)   // submits without an account: its cookie is the author
	shared := newBrowser(t, j.URL) // a lab computer: alice logs in on it, then someone does not
	resp, body := anon.postForm(form{problem: "poj3074", language: "c", source: secretSource + acC})
	id := submitted(t, resp, body)
	resp, body = shared.postForm(form{problem: "poj3074", language: "c", source: secretSource + acC}, "X-Test-User", "alice")
	aliceID := submitted(t, resp, body)
	j.judged(t, id, "w", "WA", nil, tests)
	j.judged(t, aliceID, "w", "WA", nil, tests)

	cases := []struct {
		who     string
		b       *browser
		id      string
		headers []string
		want    bool
	}{
		{"the anonymous author's browser", anon, id, nil, true},
		{"another browser", newBrowser(t, j.URL), id, nil, false},
		{"a logged-in stranger", newBrowser(t, j.URL), id, []string{"X-Test-User", "bob"}, false},
		{"the admin token", newBrowser(t, j.URL), id, []string{"Authorization", "Bearer " + admin}, true},
		{"an admin account", newBrowser(t, j.URL), id, []string{"X-Test-User", "root"}, true},
		{"alice, logged in elsewhere", newBrowser(t, j.URL), aliceID, []string{"X-Test-User", "alice"}, true},
		{"bob, logged in on alice's browser", shared, aliceID, []string{"X-Test-User", "bob"}, false},
		{"the browser alice used, logged out", shared, aliceID, nil, false},
	}
	marks := []string{"SOURCE-MARK", message, "DIFF-MARK", "STDERR-MARK"}
	for _, c := range cases {
		_, api := c.b.get("/api/submissions/"+c.id, c.headers...)
		_, page := c.b.get("/submissions/"+c.id, c.headers...)
		_, events := c.b.get("/api/submissions/"+c.id+"/events", c.headers...) // done: the stream ends
		for what, body := range map[string]string{"API": api, "page": page, "event stream": events} {
			for _, m := range marks {
				if what == "event stream" && m == "SOURCE-MARK" {
					continue // events never carry the source
				}
				if got := strings.Contains(body, m); got != c.want {
					t.Errorf("%s: the %s shows %s: %v, want %v", c.who, what, m, got, c.want)
				}
			}
			// Everyone sees the verdicts and times.
			for _, w := range []string{"WA", "12", "sample/1"} {
				if !strings.Contains(body, w) {
					t.Errorf("%s: the %s lacks %q:\n%s", c.who, what, w, body)
				}
			}
		}
	}
}

// TestForgedResultIsRejected replays the attack: with a stolen
// worker token, a result AC is published for a submission under the
// message id ID/1 (which once stored it and had the real result dropped
// as a duplicate), and once more as a worker would publish it but with a
// guessed secret. Both are dropped; the worker handed the job then
// publishes the real verdict, which is stored.
func TestForgedResultIsRejected(t *testing.T) {
	const token = "worker-secret"
	j := startJudge(t, setup{token: token})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, body := newBrowser(t, j.URL).postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC})
	var sub struct{ ID string }
	if err := json.Unmarshal([]byte(body), &sub); err != nil || sub.ID == "" {
		t.Fatalf("submitting: %s", body)
	}

	// The attacker: the token, a key of its own, the network port.
	kp, _ := nkeys.CreateUser()
	pub, _ := kp.PublicKey()
	nc, err := nats.Connect(j.NATS.ClientURL(), nats.Token(token), nats.Nkey(pub, kp.Sign), nats.CustomInboxPrefix("_INBOX_W."+pub))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	forged, _ := json.Marshal(queue.Result{ID: sub.ID, Attempt: 1, Worker: "forged", Verdict: "AC", JudgedAt: time.Now()})
	if _, err := js.Publish(ctx, "judge.results", forged, jetstream.WithMsgID(sub.ID+"/1")); err != nil {
		t.Fatalf("publishing the forged result: %v", err)
	}
	attacker, err := queue.Dial(ctx, j.NATS.ClientURL(), token, "forged")
	if err != nil {
		t.Fatal(err)
	}
	defer attacker.Close()
	if err := attacker.PublishResult(ctx, queue.Result{ID: sub.ID, Attempt: 1, Secret: "00112233445566778899aabbccddeeff", Worker: "forged", Verdict: "AC", JudgedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	waitMetric(t, j.URL, "sudoku_judge_forged_results_total 2")
	if got, _ := j.Store.Get(ctx, sub.ID); got.Status == store.Done {
		t.Fatalf("a forged result was stored: %s by %s", got.Verdict, got.Worker)
	}

	// The real worker takes the job and judges it.
	w, err := queue.Dial(ctx, j.NATS.ClientURL(), token, "real")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	jobs, err := w.Jobs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d, err := jobs.Next(ctx, 10*time.Second)
	if err != nil || d == nil {
		t.Fatalf("the worker got no job: %v", err)
	}
	if err := w.PublishResult(ctx, queue.Result{ID: d.Job.ID, Attempt: d.Job.Attempt, Secret: d.Job.Secret, Worker: "real", Verdict: "WA", JudgedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	for {
		got, err := j.Store.Get(ctx, sub.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status == store.Done {
			if got.Verdict != "WA" || got.Worker != "real" {
				t.Errorf("stored %s by %s, want the real worker's WA", got.Verdict, got.Worker)
			}
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the real result was not stored within a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitMetric waits up to 30 s for /metrics to hold line.
func waitMetric(t *testing.T, base, line string) {
	t.Helper()
	var page string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get(base + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if page = string(b); strings.Contains(page, line+"\n") {
			return
		}
	}
	t.Fatalf("/metrics lacks %q after 30 s:\n%s", line, page)
}
