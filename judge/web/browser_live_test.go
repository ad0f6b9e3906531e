package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
)

// TestBrowserLiveRows opens a submission's page in Chromium mid-judging
// and plays the worker: the rows rendered are not repeated by the live
// ones that follow, a second worker judging the attempt over (the first
// killed) replaces the rows instead of adding to them, and the page ends
// with the rows a reload shows.
func TestBrowserLiveRows(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium")
	}
	j := startJudge(t, setup{})
	ctx, _ := startChromium(t, 2*time.Minute)
	id, secret := queued(t, j)
	w, err := j.NATS.ConnectWorker(context.Background(), "fake-worker")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	progress := func(run string, seq int, name string) {
		t.Helper()
		p := queue.Progress{ID: id, Attempt: 1, Secret: secret, Worker: "w-" + run, Run: run, Seq: seq}
		if name != "" {
			p.Test = &judge.TestResult{Name: name, Verdict: "AC"}
		}
		if err := w.PublishProgress(p); err != nil {
			t.Fatal(err)
		}
	}
	const shown = `Array.from(document.querySelectorAll("#tests tbody tr td:first-child")).map(function (td) { return td.textContent }).join(",")`
	waitRows := func(what, want string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](shown+` === "`+want+`"`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](shown))
			t.Fatalf("%s: the page shows %q, want %q (%v)", what, got, want, err)
		}
	}

	progress("r1", 0, "")
	progress("r1", 1, "t1")
	progress("r1", 2, "t2")
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if l, err := j.Store.Live(context.Background(), id); err == nil && len(l.Tests) == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first run's two tests were not stored within 20 s")
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(j.URL+"/submissions/"+id),
		chromedp.Poll[chromedp.Void](`document.getElementById("submission").dataset.live === "open"`, chromedp.WithPollingTimeout(20*time.Second)),
	); err != nil {
		t.Fatal(err)
	}
	waitRows("opened mid-judging", "t1,t2")
	progress("r1", 3, "t3")
	waitRows("the next test", "t1,t2,t3")
	// The first worker is killed; the second judges from the first test.
	progress("r2", 0, "")
	progress("r1", 4, "t4-of-the-dead")
	progress("r2", 1, "u1")
	waitRows("another worker's run", "u1")
	final := []judge.TestResult{{Name: "u1", Verdict: "AC"}, {Name: "u2", Verdict: "AC"}}
	if err := w.PublishResult(context.Background(), queue.Result{ID: id, Attempt: 1, Secret: secret, Worker: "w-r2", Verdict: "AC", Tests: final, JudgedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	waitRows("the verdict", "u1,u2")
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitRows("reloaded", "u1,u2")
}
