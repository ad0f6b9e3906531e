package web_test

import (
	"html"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func TestProblemPages(t *testing.T) {
	all := catalog.All()
	j := startJudge(t, setup{problems: all, config: func(c *web.Config) { c.TimeLimit = 0 }})
	b := newBrowser(t, j.URL)
	_, index := b.get("/")
	for _, p := range all {
		if !strings.Contains(index, `href="/problems/`+p.ID()+`"`) {
			t.Errorf("/ does not link to %s", p.ID())
		}
		resp, page := b.get("/problems/" + p.ID())
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("/problems/%s: status %d", p.ID(), resp.StatusCode)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") {
			t.Errorf("/problems/%s: CSP %q lets inline scripts run", p.ID(), csp)
		}
		md, err := p.(interface{ Statement() ([]byte, error) }).Statement()
		if err != nil {
			t.Fatal(err)
		}
		title, _, _ := strings.Cut(strings.TrimPrefix(string(md), "# "), "\n")
		tests, err := p.Tests()
		if err != nil {
			t.Fatal(err)
		}
		cfg := p.Config()
		want := []string{
			"<h1>" + template.HTMLEscapeString(title) + "</h1>", // the statement, rendered
			"<h2>Input</h2>",
			template.HTMLEscapeString(string(tests[0].Input)), // a sample
			"<td>" + strconv.FormatInt(cfg.TimeLimit().Milliseconds(), 10) + " ms per test (CPU)</td>",
			"<td>" + strconv.Itoa(cfg.Limits.Memory) + " MiB</td>",
			`<form method="post" action="/submit" enctype="multipart/form-data">`,
			`<input type="hidden" name="problem" value="` + p.ID() + `">`,
			`<input type="file" name="file" id="file">`,
			`<textarea name="source"`,
		}
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("/problems/%s lacks %s", p.ID(), w)
			}
		}
		for _, l := range lang.List() { // html/template writes "c++" as "c&#43;&#43;"
			if w := `>` + l.Name + `</option>`; !strings.Contains(html.UnescapeString(page), w) {
				t.Errorf("/problems/%s: the language picker lacks %s", p.ID(), l.Name)
			}
		}
	}
	// A server judging with another time limit shows that one.
	other := startJudge(t, setup{config: func(c *web.Config) { c.TimeLimit = 1500 * time.Millisecond }})
	if _, page := newBrowser(t, other.URL).get("/problems/poj3074"); !strings.Contains(page, "<td>1500 ms per test (CPU)</td>") {
		t.Errorf("a server with --time-limit 1.5s does not show it:\n%s", page)
	}
	if resp, _ := b.get("/problems/nope"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("/problems/nope: status %d, want 404", resp.StatusCode)
	}
	resp, js := b.get("/static/live.js")
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "javascript") || !strings.Contains(js, "EventSource") {
		t.Errorf("/static/live.js: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestSubmissionPages(t *testing.T) {
	j := startJudge(t, setup{})
	b := newBrowser(t, j.URL)
	if _, page := b.get("/submissions"); !strings.Contains(page, "No submissions from this browser yet") {
		t.Errorf("an empty list:\n%s", page)
	}
	cases := []struct {
		name string
		form form
	}{
		{"pasted", form{problem: "poj3074", language: "c", source: acC}},
		{"uploaded, language by file name", form{problem: "poj3074", fileName: "sol.py", file: "print()\n"}},
	}
	var ids []string
	for _, c := range cases {
		resp, body := b.postForm(c.form)
		id := submitted(t, resp, body)
		ids = append(ids, id)
		_, page := b.get("/submissions/" + id)
		lang := c.form.language
		if lang == "" {
			lang = "python"
		}
		for _, w := range []string{
			`data-id="` + id + `"`,
			`<span id="status">queued</span>`,
			" · " + lang + " · ",
			`<script src="/static/live.js"></script>`, // to fill the rows in live
			template.HTMLEscapeString(c.form.source + c.form.file),
		} {
			if !strings.Contains(page, w) {
				t.Errorf("%s: /submissions/%s lacks %s:\n%s", c.name, id, w, page)
			}
		}
	}
	_, page := b.get("/submissions")
	for _, id := range ids {
		if !strings.Contains(page, `href="/submissions/`+id+`"`) {
			t.Errorf("/submissions lacks %s:\n%s", id, page)
		}
	}
	if resp, _ := b.get("/submissions/0123"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("/submissions/0123: status %d, want 404", resp.StatusCode)
	}
}
