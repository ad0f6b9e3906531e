package web_test

import (
	"context"
	"encoding/json"
	"html"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/judge/worker"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
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
	// Judged, on two groups: the page says the verdict by group, as
	// `test` does.
	groups := []judge.GroupResult{
		{Name: "official", Headline: true, Official: true, Verdict: contest.AC, Passed: 2, Total: 2},
		{Name: "top1465", Verdict: contest.TLE, Passed: 0, Total: 1},
	}
	tests := []judge.TestResult{
		{Name: "sample/1", Group: "official", Verdict: contest.AC},
		{Name: "secret/1", Group: "official", Verdict: contest.AC},
		{Name: "secret/2-top1465", Group: "top1465", Verdict: contest.TLE},
	}
	j.judged(t, ids[0], "w1", "AC", groups, tests)
	if _, page := b.get("/submissions/" + ids[0]); !strings.Contains(page, `by group: <span id="groups">official AC · extended: top1465 TLE (0/1)</span>`) {
		t.Errorf("a judged submission's page lacks its verdict by group:\n%s", page)
	}
	if resp, _ := b.get("/submissions/0123"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("/submissions/0123: status %d, want 404", resp.StatusCode)
	}
}

func TestProblemsAPI(t *testing.T) {
	all := catalog.All()
	j := startJudge(t, setup{problems: all, config: func(c *web.Config) { c.TimeLimit = 0 }})
	b := newBrowser(t, j.URL)
	_, body := b.get("/api/problems")
	var list []struct{ ID, Statement string }
	if err := json.Unmarshal([]byte(body), &list); err != nil || len(list) != len(all) {
		t.Fatalf("/api/problems: %d problems (%v), want %d: %s", len(list), err, len(all), body)
	}
	for i, p := range all {
		if list[i].ID != p.ID() || list[i].Statement != "" {
			t.Errorf("/api/problems[%d]: %s with a statement of %d bytes, want %s without (the list is short)", i, list[i].ID, len(list[i].Statement), p.ID())
		}
	}
	_, body = b.get("/api/problems/poj3074")
	var p struct {
		ID, Name, Statement string
		TimeLimitMS         int64 `json:"time_limit_ms"`
		MemoryMiB           int64 `json:"memory_mib"`
		Samples             []struct{ Name, Input, Answer string }
	}
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.Statement, "# Sudoku (POJ 3074)\n") || p.TimeLimitMS != 1000 || p.MemoryMiB != 64 ||
		len(p.Samples) != 1 || !strings.HasSuffix(p.Samples[0].Input, "end\n") || p.Samples[0].Answer == "" {
		t.Errorf("/api/problems/poj3074: %.300s", body)
	}
	if resp, _ := b.get("/api/problems/nope"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("/api/problems/nope: status %d, want 404", resp.StatusCode)
	}
}

func TestMetrics(t *testing.T) {
	j := startJudge(t, setup{})
	b := newBrowser(t, j.URL)
	if resp, body := b.get("/healthz"); resp.StatusCode != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz: %d %q", resp.StatusCode, body)
	}
	for range 2 {
		b.postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC})
	}
	_, body := b.get("/metrics")
	for _, want := range []string{"\nsudoku_judge_submissions_total 2\n", "\nsudoku_judge_queue_depth 2\n", "\nsudoku_judge_workers 0\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q:\n%s", strings.TrimSpace(want), body)
		}
	}
}

// TestMetricsCountWorkers runs an idle worker: /metrics counts it from
// its heartbeats, and not once it stops.
func TestMetricsCountWorkers(t *testing.T) {
	j := startJudge(t, setup{})
	waitMetric(t, j.URL, "sudoku_judge_workers 0")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	wc, err := j.NATS.ConnectWorker(ctx, "idle")
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	w := &worker.Worker{Name: "idle-1", Conn: wc}
	stopped := make(chan struct{})
	go func() { w.Run(ctx, ctx); close(stopped) }()
	waitMetric(t, j.URL, "sudoku_judge_workers 1")
	waitMetric(t, j.URL, "sudoku_judge_workers_busy 0")
	cancel()
	<-stopped
	waitMetric(t, j.URL, "sudoku_judge_workers 0")
}
