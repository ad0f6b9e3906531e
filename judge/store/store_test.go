package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
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
	secret := sub.Secret
	if len(secret) != 32 {
		t.Fatalf("Create gave the attempt the secret %q, want 128 bits in hex", secret)
	}
	for _, st := range steps {
		stored, err := s.SaveResult(ctx, Judgement{ID: "a1", Attempt: st.attempt, Secret: secret, Worker: "w", Verdict: st.verdict, Tests: tests, At: time.Now()})
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
	if stored, err := s.SaveResult(ctx, Judgement{ID: "a1", Attempt: 1, Secret: secret, Worker: "w", Verdict: "WA", Tests: tests, At: time.Now()}); stored || err != nil {
		t.Errorf("a late result of attempt 1 was stored (%v, %v)", stored, err)
	}
	got, err := s.Get(ctx, "a1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Secret == secret || len(got.Secret) != 32 {
		t.Errorf("attempt 2's secret is %q, attempt 1's %q: want a new one", got.Secret, secret)
	}
	if stored, err := s.SaveResult(ctx, Judgement{ID: "a1", Attempt: 2, Secret: secret, Worker: "w", Verdict: "WA", Tests: tests, At: time.Now()}); stored || !errors.Is(err, ErrWrongSecret) {
		t.Errorf("attempt 2's result with attempt 1's secret: stored %v, %v; want ErrWrongSecret", stored, err)
	}
	const compiled = "compiled as gnu++98, POJ's G++ (MinGW GCC 4.4.0); as gnu++17: a.cpp:3:5: error: 'gets' was not declared in this scope"
	if stored, err := s.SaveResult(ctx, Judgement{ID: "a1", Attempt: 2, Secret: got.Secret, Worker: "w", Verdict: "WA", Groups: groups, Tests: tests, At: time.Now(), Compiled: compiled}); !stored || err != nil {
		t.Errorf("attempt 2's result was not stored (%v, %v)", stored, err)
	}
	s.Close()

	// Reopening migrates nothing and keeps everything.
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err = s.Get(ctx, "a1")
	if err != nil || got.Verdict != "WA" || got.Attempt != 2 || len(got.Tests) != 1 || got.Tests[0].Name != "sample/1" {
		t.Fatalf("after reopening: %+v, %v", got, err)
	}
	if !reflect.DeepEqual(got.Groups, groups) {
		t.Errorf("groups after reopening = %+v, want %+v", got.Groups, groups)
	}
	if got.Compiled != compiled {
		t.Errorf("compiled after reopening = %q, want %q", got.Compiled, compiled)
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

// TestForgedResults checks that only a result carrying its attempt's
// secret is stored, and that a forged one, refused, leaves the real one
// to be stored after it.
func TestForgedResults(t *testing.T) {
	ctx := context.Background()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sub := &Submission{ID: "f1", Problem: "poj3074", Language: "c", Source: "int main(){}"}
	if err := s.Create(ctx, sub); err != nil {
		t.Fatal(err)
	}
	forged := []struct {
		name, secret string
	}{
		{"no secret", ""},
		{"a guessed secret", "00000000000000000000000000000000"},
		{"the secret cut short", sub.Secret[:31]},
		{"the secret and more", sub.Secret + "0"},
	}
	for _, f := range forged {
		stored, err := s.SaveResult(ctx, Judgement{ID: "f1", Attempt: 1, Secret: f.secret, Worker: "forged", Verdict: "AC", At: time.Now()})
		if stored || !errors.Is(err, ErrWrongSecret) {
			t.Errorf("%s: stored %v, %v; want ErrWrongSecret", f.name, stored, err)
		}
		if started, err := s.StartRun(ctx, "f1", 1, f.secret, "forged-run"); started || err != nil {
			t.Errorf("%s: a run started (%v, %v)", f.name, started, err)
		}
	}
	got, err := s.Get(ctx, "f1")
	if err != nil || got.Status != Queued || got.Verdict != "" {
		t.Fatalf("after forged results: %+v, %v; want still queued without a verdict", got, err)
	}
	if stored, err := s.SaveResult(ctx, Judgement{ID: "f1", Attempt: 1, Secret: sub.Secret, Worker: "real", Verdict: "WA", At: time.Now()}); !stored || err != nil {
		t.Fatalf("the real result: stored %v, %v", stored, err)
	}
	if got, _ := s.Get(ctx, "f1"); got.Verdict != "WA" || got.Worker != "real" {
		t.Errorf("stored %s by %s, want WA by real", got.Verdict, got.Worker)
	}
}

// TestFilesArePrivate checks that the database and its journals are
// readable by their owner only, even under a lenient umask and for a
// database made before.
func TestFilesArePrivate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	// A database left readable by everyone, as earlier versions made it.
	if err := os.WriteFile(filepath.Join(dir, "judge.db"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "judge.db"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Create(ctx, &Submission{ID: "p1", Problem: "poj3074", Language: "c", Source: "x"}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"judge.db", "judge.db-wal", "judge.db-shm"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s has mode %v, want 0600", name, perm)
		}
	}
}

// TestMigrationGivesUnfinishedSubmissionsSecrets opens a database of the
// second schema, without secrets: a submission still queued must get one,
// or its result could be forged with an empty secret.
func TestMigrationGivesUnfinishedSubmissionsSecrets(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		migrations[0], migrations[1],
		`PRAGMA user_version = 2`,
		`INSERT INTO submissions(id, problem, language, source, status, attempt, created_at) VALUES ('q', 'poj3074', 'c', '', 'queued', 1, 1)`,
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
	got, err := s.Get(ctx, "q")
	if err != nil || len(got.Secret) != 32 {
		t.Fatalf("queued submission after migrating: %+v, %v; want a secret", got, err)
	}
	if stored, err := s.SaveResult(ctx, Judgement{ID: "q", Attempt: 1, Worker: "forged", Verdict: "AC", At: time.Now()}); stored || !errors.Is(err, ErrWrongSecret) {
		t.Errorf("a result with the empty secret: stored %v, %v; want ErrWrongSecret", stored, err)
	}
}
