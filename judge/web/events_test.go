package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
)

// An sse is one server-sent event.
type sse struct{ kind, data string }

// watch streams the events of a submission into the channel it returns,
// which closes when the stream ends.
func watch(t *testing.T, ctx context.Context, url string) <-chan sse {
	t.Helper()
	return watchAs(t, ctx, http.DefaultClient, url)
}

// watchAs is watch with c's cookies: as c's user sees the events.
func watchAs(t *testing.T, ctx context.Context, c *http.Client, url string) <-chan sse {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
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
	w.PublishProgress(queue.Progress{ID: sub.ID, Attempt: 1, Secret: secret, Worker: "fake"})
	if e := next(t, events); e.kind != "status" || !strings.Contains(e.data, `"judging"`) {
		t.Fatalf("event %+v, want the status judging", e)
	}
	for _, tr := range tests {
		w.PublishProgress(queue.Progress{ID: sub.ID, Attempt: 1, Secret: secret, Worker: "fake", Test: &tr})
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
