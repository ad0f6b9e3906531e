package store

import (
	"context"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestResultStoredOncePerAttempt(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	sub := &Submission{ID: "a1", Problem: "poj3074", Language: "c", Source: "int main(){}", Owner: "o"}
	if err := s.Create(ctx, sub); err != nil {
		t.Fatal(err)
	}
	tests := []judge.TestResult{{Name: "sample/1", Verdict: contest.AC, TimeMS: 3}}
	steps := []struct {
		name       string
		attempt    int
		verdict    string
		wantStored bool
		wantV      string
	}{
		{"first delivery", 1, "AC", true, "AC"},
		{"redelivery of the same attempt", 1, "WA", false, "AC"},
		{"an attempt not started", 2, "WA", false, "AC"},
	}
	for _, st := range steps {
		stored, err := s.SaveResult(ctx, "a1", st.attempt, "w", st.verdict, tests, time.Now())
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		got, err := s.Get(ctx, "a1")
		if err != nil {
			t.Fatal(err)
		}
		if stored != st.wantStored || got.Verdict != st.wantV || got.Status != Done {
			t.Errorf("%s: stored %v, verdict %q, status %q; want %v, %q, done", st.name, stored, got.Verdict, got.Status, st.wantStored, st.wantV)
		}
	}
	if n, _ := s.ResultCount(ctx, "a1"); n != 1 {
		t.Errorf("%d results stored, want 1", n)
	}

	// A rejudge is a new attempt: queued again, then stored once more.
	attempt, err := s.Rejudge(ctx, "a1")
	if err != nil || attempt != 2 {
		t.Fatalf("Rejudge = %d, %v; want 2", attempt, err)
	}
	if un, _ := s.Unfinished(ctx); len(un) != 1 || un[0].Verdict != "" {
		t.Fatalf("after rejudge, unfinished = %v, want a1 without a verdict", un)
	}
	if stored, err := s.SaveResult(ctx, "a1", 1, "w", "WA", tests, time.Now()); stored || err != nil {
		t.Errorf("a late result of attempt 1 was stored (%v, %v)", stored, err)
	}
	if stored, err := s.SaveResult(ctx, "a1", 2, "w", "WA", tests, time.Now()); !stored || err != nil {
		t.Errorf("attempt 2's result was not stored (%v, %v)", stored, err)
	}
	s.Close()

	// Reopening migrates nothing and keeps everything.
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get(ctx, "a1")
	if err != nil || got.Verdict != "WA" || got.Attempt != 2 || len(got.Tests) != 1 || got.Tests[0].Name != "sample/1" {
		t.Fatalf("after reopening: %+v, %v", got, err)
	}
	if n, _ := s.ResultCount(ctx, "a1"); n != 2 {
		t.Errorf("%d results stored, want 2 (one per attempt)", n)
	}
	if err := s.Delete(ctx, "a1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "a1"); err != ErrNotFound {
		t.Errorf("Get after Delete: %v, want ErrNotFound", err)
	}
}
