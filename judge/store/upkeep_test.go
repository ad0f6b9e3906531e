package store

import (
	"context"
	"testing"
	"time"
)

// TestUsageAndPrune checks the quotas' counts and the retention policy:
// Prune deletes judged submissions older than its bound, and keeps the
// unjudged, the younger and those of contests.
func TestUsageAndPrune(t *testing.T) {
	ctx := context.Background()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Now()
	old := now.Add(-48 * time.Hour)
	subs := []struct {
		id, client, contest string
		created             time.Time
		judged, kept        bool
	}{
		{"old-judged", "ip:a", "", old, true, false},
		{"old-queued", "ip:a", "", old, false, true},
		{"old-contest", "user:x", "c1", old, true, true},
		{"new-judged", "ip:a", "", now, true, true},
		{"other", "ip:b", "", old, true, false},
	}
	for _, sub := range subs {
		if err := s.Create(ctx, &Submission{ID: sub.id, Problem: "p", Language: "c", Source: "x", Client: sub.client, Contest: sub.contest, CreatedAt: sub.created}); err != nil {
			t.Fatal(err)
		}
		if sub.judged {
			got, _ := s.Get(ctx, sub.id)
			if ok, err := s.SaveResult(ctx, Judgement{ID: sub.id, Attempt: 1, Secret: got.Secret, Worker: "w", Verdict: "AC", At: now}); !ok || err != nil {
				t.Fatal(ok, err)
			}
		}
	}
	for _, c := range []struct {
		client string
		want   Usage
	}{
		{"ip:a", Usage{Stored: 3, Pending: 1}},
		{"ip:b", Usage{Stored: 1}},
		{"ip:none", Usage{}},
	} {
		if got, err := s.Usage(ctx, c.client); err != nil || got != c.want {
			t.Errorf("Usage(%s) = %+v, %v; want %+v", c.client, got, err, c.want)
		}
	}
	n, err := s.Prune(ctx, now.Add(-24*time.Hour))
	if err != nil || n != 2 {
		t.Errorf("Prune = %d, %v; want 2", n, err)
	}
	for _, sub := range subs {
		_, err := s.Get(ctx, sub.id)
		if kept := err == nil; kept != sub.kept {
			t.Errorf("%s: kept %v, want %v (%v)", sub.id, kept, sub.kept, err)
		}
	}
	if got, _ := s.Usage(ctx, "ip:a"); got != (Usage{Stored: 2, Pending: 1}) {
		t.Errorf("after pruning, Usage(ip:a) = %+v, want 2 stored, 1 pending", got)
	}
	if n, _ := s.ResultCount(ctx, "old-judged"); n != 0 {
		t.Errorf("a pruned submission's %d results are still stored", n)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping: %v", err)
	}
}
