package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
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
	groups := []judge.GroupResult{
		{Name: "official", Headline: true, Official: true, Verdict: contest.WA, Total: 1},
		{Name: "gen", Verdict: contest.TLE, Total: 2},
	}
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
		stored, err := s.SaveResult(ctx, "a1", st.attempt, "w", st.verdict, nil, tests, time.Now())
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
	if stored, err := s.SaveResult(ctx, "a1", 1, "w", "WA", nil, tests, time.Now()); stored || err != nil {
		t.Errorf("a late result of attempt 1 was stored (%v, %v)", stored, err)
	}
	if stored, err := s.SaveResult(ctx, "a1", 2, "w", "WA", groups, tests, time.Now()); !stored || err != nil {
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
	if !reflect.DeepEqual(got.Groups, groups) {
		t.Errorf("groups after reopening = %+v, want %+v", got.Groups, groups)
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

// TestMigratesResultsWithoutGroups opens a database of the first schema,
// whose results have no groups, as a server upgraded in place would.
func TestMigratesResultsWithoutGroups(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		migrations[0],
		`PRAGMA user_version = 1`,
		`INSERT INTO submissions(id, problem, language, source, status, attempt, created_at) VALUES ('old', 'poj3074', 'c', '', 'done', 1, 1)`,
		`INSERT INTO results(submission, attempt, worker, verdict, tests, judged_at) VALUES ('old', 1, 'w', 'AC', '[]', 2)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get(ctx, "old")
	if err != nil || got.Verdict != "AC" || got.Groups != nil {
		t.Fatalf("old submission after migrating: %+v, %v; want AC without groups", got, err)
	}
}
