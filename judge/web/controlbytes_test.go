package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/hostiletext"
	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
)

// TestProgramTextIsSafe checks issue 22's rule in the web judge: a
// worker's results whose strings hold a program's raw control bytes (a
// worker of another version, or a judge that forgot) reach no page, API
// answer or event raw, even as their author sees them, message, diff and
// stderr included.
func TestProgramTextIsSafe(t *testing.T) {
	j := startJudge(t, setup{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	author := newBrowser(t, j.URL)
	resp, body := author.postForm(form{problem: "poj3074", language: "c", source: acC})
	id := submitted(t, resp, body)
	events := watchAs(t, ctx, author.c, j.URL+"/api/submissions/"+id+"/events")
	if e := next(t, events); e.kind != "status" {
		t.Fatalf("first event %+v, want the status", e)
	}

	w, err := j.NATS.ConnectWorker(ctx, "fake-worker")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	stored, err := j.Store.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	h := hostiletext.Text
	tests := []judge.TestResult{
		{Name: h, Group: "official", Verdict: "RE", Message: "exit code 1: " + h, Stderr: h},
		{Name: "secret/1", Group: "official", Verdict: "WA", Message: h, Diff: "--- expected\n+++ output\n+   1  " + h + "\n"},
	}
	w.PublishProgress(queue.Progress{ID: id, Attempt: 1, Secret: stored.Secret, Worker: "fake", Run: "r1"})
	for i, tr := range tests {
		w.PublishProgress(queue.Progress{ID: id, Attempt: 1, Secret: stored.Secret, Worker: "fake", Run: "r1", Seq: i + 1, Test: &tr})
	}
	if err := w.PublishResult(ctx, queue.Result{ID: id, Attempt: 1, Secret: stored.Secret, Worker: "fake", Verdict: "RE", Tests: tests, JudgedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for e := range events {
		kinds[e.kind]++
		if f, err := hostiletext.FindJSON([]byte(e.data)); err != nil || f != "" {
			t.Errorf("event %s holds %s (%v): %s", e.kind, f, err, e.data)
		}
	}
	if kinds["test"] != 2 || kinds["done"] != 1 {
		t.Errorf("events %v, want 2 tests and done", kinds)
	}

	_, api := author.get("/api/submissions/" + id)
	if f, err := hostiletext.FindJSON([]byte(api)); err != nil || f != "" {
		t.Errorf("the API holds %s (%v): %s", f, err, api)
	}
	if !strings.Contains(api, `exit code 1: \\x1b[2J`) || !strings.Contains(api, `+   1  \\x1b[2J`) {
		t.Errorf("the API does not show the author the program's text, escaped: %s", api)
	}
	for _, path := range []string{"/submissions/" + id, "/submissions"} {
		_, page := author.get(path)
		if f := hostiletext.Find(page); f != "" {
			t.Errorf("%s holds %s:\n%s", path, f, page)
		}
	}
}
