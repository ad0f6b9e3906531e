package web_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sudoku-judge/sudoku-judge/judge/web"
)

// A tab is one browser context (its own cookies: one person) driven by
// a browser test.
type tab struct {
	t     *testing.T
	name  string
	ctx   context.Context
	shots string
}

func (b *tab) screenshot(name string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("screenshot %s of %s: %v", name, b.name, err)
		return
	}
	path := filepath.Join(b.shots, b.name+"-"+name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}

// stepTimeout bounds one step of a browser test, so that a step that
// hangs fails with a screenshot while the browser still answers.
const stepTimeout = 3 * time.Minute

func (b *tab) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.screenshot("failed.png")
		b.t.Fatalf("%s: %s: %v", b.name, what, err)
	}
}

func (b *tab) eval(js string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.screenshot("failed.png")
		b.t.Fatalf("%s: %s: %v", b.name, js, err)
	}
	return v
}

// waitFor polls js until it is true, for at most d.
func (b *tab) waitFor(what, js string, d time.Duration) {
	b.t.Helper()
	b.do(what, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(d)))
}

// scoreboardRows is the JavaScript reading the scoreboard on the page as
// lines of "rank team solved time | cells".
const scoreboardRows = `Array.from(document.querySelectorAll("#scoreboard tbody tr")).map(function (tr) {
	var td = tr.querySelectorAll("td");
	var cells = Array.from(td).slice(4).map(function (c) { return c.textContent + (c.className ? "[" + c.className + "]" : ""); });
	return [td[0].textContent, td[1].textContent, td[2].textContent, td[3].textContent].join(" ") + " | " + cells.join(" ; ");
}).join("\n")`

// TestBrowserContest drives a whole contest through Chromium as a
// teacher and a class would: the admin logs in, creates three users from
// a class list and a contest on /admin, and watches its scoreboard; each
// user logs in in a browser of their own and submits from the contest's
// problem page: ann an accepted program, bob a wrong one, cat one that
// does not compile. The admin freezes the scoreboard, bob submits an
// accepted one, and ann's scoreboard shows it pending while the admin's
// shows it solved; the unfreeze shows it to ann without a reload. The
// ranks and penalties on every page are checked against the ICPC rules
// worked out here from the submissions' minutes.
func TestBrowserContest(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium and judges programs in the sandbox")
	}
	j := startJudge(t, setup{worker: true, config: func(c *web.Config) { c.Headline, c.AdminToken = true, adminToken }})
	// The teacher's account, made with the admin token as the README's
	// session makes it.
	if resp, body := newBrowser(t, j.URL).postJSON("/api/users", map[string]any{"name": "teacher", "password": "teacher-pw", "admin": true}, adminHeaders()...); resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating the teacher: %d %s", resp.StatusCode, body)
	}
	source := map[string]string{}
	for _, f := range []string{"ac.c", "wa.c", "syntax.c"} {
		b, err := os.ReadFile(filepath.Join("..", "program", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		source[f] = string(b)
	}
	browserCtx, shots := startChromium(t, 10*time.Minute)
	person := func(name string) *tab {
		ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		// Open the tab now, with its own context: a tab opened by the
		// first step would close when that step's timeout is cancelled.
		if err := chromedp.Do(ctx); err != nil {
			t.Fatal(err)
		}
		return &tab{t: t, name: name, ctx: ctx, shots: shots}
	}
	loginAs := func(b *tab, name, password string) {
		b.do("log in",
			chromedp.Navigate(j.URL+"/login"),
			chromedp.WaitVisible(chromedp.ID("name")),
			chromedp.SetValue(chromedp.ID("name"), name),
			chromedp.SetValue(chromedp.ID("password"), password),
			chromedp.Click(chromedp.ID("login-button")),
			chromedp.WaitVisible(chromedp.ID("contest-list")),
		)
		if u := b.eval(`document.getElementById("user").textContent`); u != name {
			b.t.Fatalf("%s logged in as %q", name, u)
		}
	}

	// The teacher: the users, then the contest, started ten minutes ago.
	teacher := person("teacher")
	loginAs(teacher, "teacher", "teacher-pw")
	start := time.Now().UTC().Add(-10 * time.Minute).Truncate(time.Second)
	teacher.do("create three users from a class list",
		chromedp.Navigate(j.URL+"/admin"),
		chromedp.WaitVisible(chromedp.ID("user-list")),
		chromedp.SetValue(chromedp.ID("user-list"), "ann,ann-password\nbob,bob-password\ncat,cat-password\n"),
		chromedp.Click(chromedp.ID("create-user")),
		chromedp.WaitVisible(chromedp.ID("created")),
	)
	if users := teacher.eval(`Array.from(document.querySelectorAll("#users td:first-child")).map(function (td) { return td.textContent; }).join(" ")`); users != "ann bob cat teacher" {
		t.Fatalf("the admin page lists the users %q", users)
	}
	teacher.eval(`document.getElementById("contest-freeze").value = ""; "no freeze"`)
	teacher.do("create the contest",
		chromedp.SetValue(chromedp.ID("contest-id"), "week-3"),
		chromedp.SetValue(chromedp.ID("contest-title"), "Week 3: sudoku"),
		chromedp.Click(chromedp.CSS(`input[name="problem"][value="poj3074"]`)),
		chromedp.SetValue(chromedp.ID("contest-start"), start.Format(time.RFC3339)),
		chromedp.SetValue(chromedp.ID("contest-end"), start.Add(2*time.Hour).Format(time.RFC3339)),
		chromedp.Click(chromedp.ID("create-contest")),
		chromedp.WaitVisible(chromedp.ID("message")),
	)
	teacher.screenshot("admin.png")
	teacher.do("open the scoreboard",
		chromedp.Navigate(j.URL+"/contests/week-3/scoreboard"),
		chromedp.Poll[chromedp.Void](`document.getElementById("contest").dataset.live === "open"`, chromedp.WithPollingTimeout(20*time.Second)),
	)
	teacher.eval(`window.judgeMark = "unreloaded"; "ok"`)
	if rows := teacher.eval(scoreboardRows); rows != "1 ann 0 0 | \n1 bob 0 0 | \n1 cat 0 0 | " {
		t.Errorf("the new contest's scoreboard:\n%s", rows)
	}

	// Each student in a browser of their own.
	ann, bob, cat := person("ann"), person("bob"), person("cat")
	loginAs(ann, "ann", "ann-password")
	loginAs(bob, "bob", "bob-password")
	loginAs(cat, "cat", "cat-password")
	var ids []string
	submit := func(b *tab, file, want string) {
		b.do("submit "+file,
			chromedp.Navigate(j.URL+"/contests/week-3"),
			chromedp.Click(chromedp.CSS(`#problems a`)),
			chromedp.WaitVisible(chromedp.ID("contest-link")),
			chromedp.SetValue(chromedp.ID("language"), "c"),
			chromedp.SetValue(chromedp.ID("source"), source[file]),
			chromedp.Click(chromedp.ID("submit")),
			chromedp.WaitVisible(chromedp.ID("submission")),
		)
		b.waitFor("judge "+file, `document.getElementById("submission").dataset.status === "done"`, 3*time.Minute)
		if v := b.eval(`document.getElementById("verdict").textContent`); v != want {
			b.screenshot("verdict.png")
			t.Fatalf("%s's %s: verdict %s, want %s", b.name, file, v, want)
		}
		ids = append(ids, b.eval(`document.getElementById("submission").dataset.id`))
	}
	submit(ann, "ac.c", "AC")
	submit(bob, "wa.c", "WA")
	submit(cat, "syntax.c", "CE")

	minute := func(id string) int {
		sub, err := j.Store.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return int(sub.CreatedAt.Sub(start) / time.Minute)
	}
	annTime := minute(ids[0])
	// ann solved it; bob tried once; cat's compile error is no try.
	before := fmt.Sprintf("1 ann 1 %d | %d (1 try)[solved]\n2 bob 0 0 | (1 try)[failed]\n2 cat 0 0 | ", annTime, annTime)
	teacher.waitFor("the teacher's scoreboard shows the three", `(`+scoreboardRows+`) === `+jsString(before), 30*time.Second)
	teacher.screenshot("scoreboard-before.png")

	// The teacher freezes the scoreboard; bob gets it right after.
	annBoard := person("ann-scoreboard")
	loginAs(annBoard, "ann", "ann-password")
	annBoard.do("open ann's scoreboard",
		chromedp.Navigate(j.URL+"/contests/week-3/scoreboard"),
		chromedp.Poll[chromedp.Void](`document.getElementById("contest").dataset.live === "open"`, chromedp.WithPollingTimeout(20*time.Second)),
	)
	annBoard.eval(`window.judgeMark = "unreloaded"; "ok"`)
	admin := person("teacher-admin")
	loginAs(admin, "teacher", "teacher-pw")
	admin.do("freeze",
		chromedp.Navigate(j.URL+"/admin"),
		chromedp.Click(chromedp.CSS(`tr[data-id="week-3"] button.freeze`)),
		chromedp.WaitVisible(chromedp.CSS(`tr[data-id="week-3"] button.unfreeze`)),
	)
	annBoard.waitFor("ann sees the freeze", `!document.getElementById("frozen").hidden`, 30*time.Second)
	submit(bob, "ac.c", "AC")
	bobTime := minute(ids[3]) + 20
	truth := fmt.Sprintf("1 ann 1 %d | %d (1 try)[solved]\n2 bob 1 %d | %d (2 tries)[solved]\n3 cat 0 0 | ", annTime, annTime, bobTime, minute(ids[3]))
	if annTime > bobTime || annTime == bobTime {
		t.Fatalf("ann's time %d is not below bob's %d: the ranks below assume it", annTime, bobTime)
	}
	frozen := fmt.Sprintf("1 ann 1 %d | %d (1 try)[solved]\n2 bob 0 0 | (1 try, 1 pending)[pending]\n2 cat 0 0 | ", annTime, annTime)
	teacher.waitFor("the teacher's scoreboard shows bob's AC", `(`+scoreboardRows+`) === `+jsString(truth), 30*time.Second)
	annBoard.waitFor("ann's scoreboard shows bob's try pending", `(`+scoreboardRows+`) === `+jsString(frozen), 30*time.Second)
	annBoard.screenshot("scoreboard-frozen.png")
	teacher.screenshot("scoreboard-frozen.png")
	bob.do("bob's own scoreboard", chromedp.Navigate(j.URL+"/contests/week-3/scoreboard"), chromedp.WaitVisible(chromedp.ID("scoreboard")))
	if rows := bob.eval(scoreboardRows); rows != truth {
		t.Errorf("bob sees his own results during the freeze:\n%s\nwant\n%s", rows, truth)
	}

	// The unfreeze reaches ann's open page.
	admin.do("unfreeze",
		chromedp.Click(chromedp.CSS(`tr[data-id="week-3"] button.unfreeze`)),
		chromedp.WaitVisible(chromedp.ID("contests")),
	)
	annBoard.waitFor("ann's scoreboard after the unfreeze", `(`+scoreboardRows+`) === `+jsString(truth), 30*time.Second)
	annBoard.screenshot("scoreboard-final.png")
	for _, b := range []*tab{teacher, annBoard} {
		if mark := b.eval(`window.judgeMark || "reloaded"`); mark != "unreloaded" {
			t.Errorf("%s's scoreboard reloaded: the updates did not arrive live", b.name)
		}
	}

	// The contest page lists ann's own submission, and the admin's list
	// filters by verdict.
	ann.do("ann's contest page", chromedp.Navigate(j.URL+"/contests/week-3"), chromedp.WaitVisible(chromedp.ID("mine")))
	if mine := ann.eval(`Array.from(document.querySelectorAll("#mine tbody tr td:last-child")).map(function (td) { return td.textContent; }).join(" ")`); mine != "AC" {
		t.Errorf("ann's contest page lists her verdicts as %q, want AC", mine)
	}
	admin.do("the CE submissions", chromedp.Navigate(j.URL+"/admin/submissions?verdict=CE"), chromedp.WaitVisible(chromedp.ID("subs")))
	if listed := admin.eval(`Array.from(document.querySelectorAll("#subs tr[data-id]")).map(function (tr) { return tr.dataset.id; }).join(" ")`); listed != ids[2] {
		t.Errorf("the admin's CE filter lists %q, want cat's %s", listed, ids[2])
	}
	if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(ids[2]) {
		t.Errorf("cat's submission id %q", ids[2])
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}
