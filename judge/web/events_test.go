package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
)

// An sse is one server-sent event.
type sse struct{ id, kind, data string }

// watch streams the events of a submission into the channel it returns,
// which closes when the stream ends.
func watch(t *testing.T, ctx context.Context, url string) <-chan sse {
	t.Helper()
	return watchAs(t, ctx, http.DefaultClient, url)
}

// watchAs is watch with c's cookies: as c's user sees the events.
func watchAs(t *testing.T, ctx context.Context, c *http.Client, url string) <-chan sse {
	t.Helper()
	return watchFrom(t, ctx, c, url, "")
}

// watchFrom is watchAs with the Last-Event-ID header, if lastID is not
// empty: as a browser reconnects.
func watchFrom(t *testing.T, ctx context.Context, c *http.Client, url, lastID string) <-chan sse {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || ct != "text/event-stream" {
		t.Fatalf("events: %d %s", resp.StatusCode, ct)
	}
	out := make(chan sse, 16)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		var e sse
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				e.id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "event: "):
				e.kind = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				e.data = strings.TrimPrefix(line, "data: ")
			case line == "" && e.kind != "":
				out <- e
				e = sse{}
			}
		}
	}()
	return out
}

func next(t *testing.T, events <-chan sse) sse {
	t.Helper()
	select {
	case e, ok := <-events:
		if !ok {
			t.Fatal("the event stream ended early")
		}
		return e
	case <-time.After(30 * time.Second):
		t.Fatal("no event within 30s")
	}
	return sse{}
}

// TestEvents plays a worker on the queue and checks what a page watching
// the submission hears: its status, each test as it is judged, then the
// verdict; and that a page opened after the verdict hears it all at once.
func TestEvents(t *testing.T) {
	j := startJudge(t, setup{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, body := newBrowser(t, j.URL).postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC})
	var sub struct{ ID string }
	if err := json.Unmarshal([]byte(body), &sub); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("submitting: %d %s", resp.StatusCode, body)
	}
	url := j.URL + "/api/submissions/" + sub.ID + "/events"
	events := watch(t, ctx, url)
	if e := next(t, events); e.kind != "status" || !strings.Contains(e.data, `"queued"`) {
		t.Fatalf("first event %+v, want the status queued", e)
	}

	w, err := j.NATS.ConnectWorker(ctx, "fake-worker")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	stored, err := j.Store.Get(ctx, sub.ID)
	if err != nil {
		t.Fatal(err)
	}
	secret := stored.Secret // as the job carries it
	tests := []judge.TestResult{
		{Name: "sample/1", Group: "official", Verdict: "AC", TimeMS: 1, MemoryKB: 300},
		{Name: "secret/1", Group: "official", Verdict: "WA", Message: "line 2 differs"},
	}
	w.PublishProgress(queue.Progress{ID: sub.ID, Attempt: 1, Secret: secret, Worker: "fake", Run: "r1"})
	if e := next(t, events); e.kind != "status" || !strings.Contains(e.data, `"judging"`) {
		t.Fatalf("event %+v, want the status judging", e)
	}
	for i, tr := range tests {
		w.PublishProgress(queue.Progress{ID: sub.ID, Attempt: 1, Secret: secret, Worker: "fake", Run: "r1", Seq: i + 1, Test: &tr})
		e := next(t, events)
		var got judge.TestResult
		if err := json.Unmarshal([]byte(e.data), &got); e.kind != "test" || err != nil || got.Name != tr.Name || got.Verdict != tr.Verdict {
			t.Fatalf("event %+v, want test %s %s", e, tr.Name, tr.Verdict)
		}
	}
	if err := w.PublishResult(ctx, queue.Result{ID: sub.ID, Attempt: 1, Secret: secret, Worker: "fake", Verdict: "WA", Tests: tests, JudgedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	checkDone := func(e sse) {
		t.Helper()
		var done struct {
			Status, Verdict, Worker, Source string
			Tests                           []judge.TestResult
		}
		if err := json.Unmarshal([]byte(e.data), &done); e.kind != "done" || err != nil {
			t.Fatalf("event %+v, want done", e)
		}
		if done.Status != "done" || done.Verdict != "WA" || done.Worker != "fake" || len(done.Tests) != 2 || done.Source != "" {
			t.Errorf("done %+v, want WA by fake with 2 tests and no source", done)
		}
	}
	checkDone(next(t, events))
	if e, ok := <-events; ok {
		t.Errorf("after done: %+v, want the stream closed", e)
	}

	// Opened after the verdict: the tests, then done, then the end.
	late := watch(t, ctx, url)
	for _, tr := range tests {
		if e := next(t, late); e.kind != "test" || !strings.Contains(e.data, tr.Name) {
			t.Errorf("late event %+v, want test %s", e, tr.Name)
		}
	}
	checkDone(next(t, late))
}

// showAfter applies events to a page's test rows, as live.js does: a reset
// clears them, a test adds one, done shows the result's.
func showAfter(t *testing.T, shown []string, events ...sse) []string {
	t.Helper()
	for _, e := range events {
		switch e.kind {
		case "reset":
			shown = nil
		case "test":
			var tr judge.TestResult
			if err := json.Unmarshal([]byte(e.data), &tr); err != nil {
				t.Fatal(err)
			}
			shown = append(shown, tr.Name)
		case "done":
			var d struct{ Tests []judge.TestResult }
			if err := json.Unmarshal([]byte(e.data), &d); err != nil {
				t.Fatal(err)
			}
			shown = nil
			for _, tr := range d.Tests {
				shown = append(shown, tr.Name)
			}
		}
	}
	return shown
}

// eventID is what every event's id must look like: attempt, run, tests.
var eventID = regexp.MustCompile(`^[1-9][0-9]*\.[A-Za-z0-9_-]*\.[0-9]+$`)

// upTo returns the events until one of kind, that one included.
func upTo(t *testing.T, events <-chan sse, kind string) []sse {
	t.Helper()
	var got []sse
	for {
		e := next(t, events)
		if !eventID.MatchString(e.id) {
			t.Errorf("event %+v: its id is not attempt.run.tests", e)
		}
		got = append(got, e)
		if e.kind == kind {
			return got
		}
	}
}

// TestEventsReplayAndRuns checks issue 24's live pages: a stream opened
// or opened again mid-judging (Last-Event-ID, or the rendered page's
// data-last) is sent exactly what its page lacks, so that it then shows
// what a reload shows; a worker killed mid-judging and its attempt judged
// over by another worker (a new run) replaces the first run's rows rather
// than adding to them, late messages of the dead run included; and a
// stranger's stream carries no message.
func TestEventsReplayAndRuns(t *testing.T) {
	j := startJudge(t, setup{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	author := newBrowser(t, j.URL)
	resp, body := author.postForm(form{problem: "poj3074", language: "c", source: acC})
	id := submitted(t, resp, body)
	url := j.URL + "/api/submissions/" + id + "/events"
	stored, err := j.Store.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	w, err := j.NATS.ConnectWorker(ctx, "fake-worker")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	progress := func(run string, seq int, name string) {
		t.Helper()
		p := queue.Progress{ID: id, Attempt: 1, Secret: stored.Secret, Worker: "w-" + run, Run: run, Seq: seq}
		if name != "" {
			p.Test = &judge.TestResult{Name: name, Group: "official", Verdict: "WA", Message: "MESSAGE " + name}
		}
		if err := w.PublishProgress(p); err != nil {
			t.Fatal(err)
		}
	}
	// reload returns the test rows a reload shows, from the page (as its
	// data-last says them) and from the API, which must agree.
	reload := func() (names []string, last string) {
		t.Helper()
		_, page := author.get("/submissions/" + id)
		m := regexp.MustCompile(`data-last="([^"]*)"`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("the page has no data-last:\n%s", page)
		}
		_, api := author.get("/api/submissions/" + id)
		var sub struct{ Tests []judge.TestResult }
		if err := json.Unmarshal([]byte(api), &sub); err != nil {
			t.Fatal(err)
		}
		for _, tr := range sub.Tests {
			names = append(names, tr.Name)
			if !strings.Contains(page, "<td>"+tr.Name+"</td>") {
				t.Errorf("the page lacks the row %s the API shows:\n%s", tr.Name, page)
			}
		}
		return names, m[1]
	}

	live := watchAs(t, ctx, author.c, url)
	stranger := watch(t, ctx, url)
	progress("evil\nevent: done", 0, "") // a run id that would break the stream's lines: dropped
	progress("r1", 0, "")
	progress("r1", 1, "t1")
	progress("r1", 2, "t2")
	seen := upTo(t, live, "test")
	seen = append(seen, next(t, live))
	if got := showAfter(t, nil, seen...); !slices.Equal(got, []string{"t1", "t2"}) {
		t.Fatalf("the live page shows %v, want t1 t2 (events %+v)", got, seen)
	}
	shown, last := reload()
	if !slices.Equal(shown, []string{"t1", "t2"}) || last != seen[len(seen)-1].id {
		t.Errorf("a reload shows %v at %q; the live page %v at %q", shown, last, []string{"t1", "t2"}, seen[len(seen)-1].id)
	}
	for _, e := range upTo(t, stranger, "test") {
		if strings.Contains(e.data, "MESSAGE") {
			t.Errorf("a stranger's stream shows the test's message: %s", e.data)
		}
	}

	// Reconnecting: from the first test's id, from the page's data-last.
	from1 := watchFrom(t, ctx, author.c, url, seen[len(seen)-2].id)
	if got := showAfter(t, []string{"t1"}, upTo(t, from1, "test")...); !slices.Equal(got, []string{"t1", "t2"}) {
		t.Errorf("reconnected after t1: the page shows %v, want t1 t2", got)
	}
	fromPage := watchAs(t, ctx, author.c, url+"?last="+last)
	if e := next(t, fromPage); e.kind != "status" {
		t.Errorf("opened at the page's data-last: %+v, want only the status", e)
	}

	// r1's worker dies; r2 judges the attempt over. r1's late test is
	// dropped.
	progress("r2", 0, "")
	progress("r1", 3, "t3-dead")
	progress("r2", 1, "u1")
	after := upTo(t, live, "test")
	if after[0].kind != "reset" {
		t.Errorf("a new run: first event %+v, want reset", after[0])
	}
	if got := showAfter(t, []string{"t1", "t2"}, after...); !slices.Equal(got, []string{"u1"}) {
		t.Errorf("after the new run's first test the page shows %v, want u1 only (events %+v)", got, after)
	}
	if shown, _ := reload(); !slices.Equal(shown, []string{"u1"}) {
		t.Errorf("a reload after the new run's first test shows %v, want u1 only", shown)
	}
	if got := showAfter(t, []string{"t1", "t2"}, upTo(t, fromPage, "test")...); !slices.Equal(got, []string{"u1"}) {
		t.Errorf("the page opened at r1's mark shows %v, want u1 only", got)
	}
	// A page that dropped before the new run reconnects with r1's mark.
	dropped := watchFrom(t, ctx, author.c, url, seen[len(seen)-1].id)
	if got := showAfter(t, []string{"t1", "t2"}, upTo(t, dropped, "test")...); !slices.Equal(got, []string{"u1"}) {
		t.Errorf("reconnected with r1's mark: the page shows %v, want u1 only", got)
	}

	final := []judge.TestResult{{Name: "u1", Verdict: "WA"}, {Name: "u2", Verdict: "AC"}}
	if err := w.PublishResult(ctx, queue.Result{ID: id, Attempt: 1, Secret: stored.Secret, Worker: "w-r2", Verdict: "WA", Tests: final, JudgedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if got := showAfter(t, []string{"u1"}, upTo(t, live, "done")...); !slices.Equal(got, []string{"u1", "u2"}) {
		t.Errorf("once done the page shows %v, want u1 u2", got)
	}
	if shown, _ := reload(); !slices.Equal(shown, []string{"u1", "u2"}) {
		t.Errorf("a reload once done shows %v, want u1 u2", shown)
	}
}
