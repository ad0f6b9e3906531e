package web_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
)

// health returns /healthz's status and body.
func health(t *testing.T, base string) (int, string) {
	t.Helper()
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestHealthz checks that /healthz fails, saying why, when the queue or
// the store cannot take work.
func TestHealthz(t *testing.T) {
	cases := []struct {
		name    string
		breakIt func(j *testJudge)
		want    string
	}{
		{"the queue is down", func(j *testJudge) { j.NATS.Shutdown() }, "queue"},
		{"the store is closed", func(j *testJudge) { j.Store.Close() }, "store"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := startJudge(t, setup{})
			if code, body := health(t, j.URL); code != http.StatusOK || body != "ok\n" {
				t.Fatalf("/healthz before: %d %q", code, body)
			}
			c.breakIt(j)
			for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
				code, body := health(t, j.URL)
				if code == http.StatusServiceUnavailable {
					if !strings.Contains(body, c.want) {
						t.Errorf("/healthz: %q, want it to name the %s", body, c.want)
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("/healthz still %d %q 30 s after %s", code, body, c.name)
				}
			}
		})
	}
}

// TestRetention checks --keep: judged submissions older than it are
// deleted when the server starts (and hourly), the others kept.
func TestRetention(t *testing.T) {
	var st *store.Store
	j := startJudge(t, setup{config: func(c *web.Config) {
		c.Keep = 24 * time.Hour
		st = c.Store
		ctx := context.Background()
		for _, s := range []struct {
			id     string
			age    time.Duration
			judged bool
		}{{"old-judged", 48 * time.Hour, true}, {"old-queued", 48 * time.Hour, false}, {"new-judged", time.Hour, true}} {
			sub := &store.Submission{ID: s.id, Problem: "poj3074", Language: "c", Source: "x", CreatedAt: time.Now().Add(-s.age)}
			if err := st.Create(ctx, sub); err != nil {
				t.Fatal(err)
			}
			if s.judged {
				if ok, err := st.SaveResult(ctx, store.Judgement{ID: s.id, Attempt: 1, Secret: sub.Secret, Worker: "w", Verdict: "AC", At: time.Now()}); !ok || err != nil {
					t.Fatal(ok, err)
				}
			}
		}
	}})
	want := map[string]bool{"old-judged": false, "old-queued": true, "new-judged": true}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, err := j.Store.Get(context.Background(), "old-judged"); err != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a judged submission older than --keep was not deleted within 30 s")
		}
	}
	for id, kept := range want {
		if _, err := j.Store.Get(context.Background(), id); (err == nil) != kept {
			t.Errorf("%s: kept %v, want %v", id, err == nil, kept)
		}
	}
}
