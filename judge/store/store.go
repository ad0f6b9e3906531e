package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"

	"github.com/sudoku-judge/sudoku-judge/judge"
)

// Statuses of a submission.
const (
	Queued  = "queued"
	Judging = "judging"
	Done    = "done"
)

// ErrNotFound is returned for an unknown submission id.
var ErrNotFound = errors.New("no such submission")

// A Submission is one program sent for judging, with its latest judgement.
type Submission struct {
	ID        string
	Problem   string
	Language  string
	Source    string
	Owner     string // hash of the author's browser token; empty for API clients without one
	Status    string
	Attempt   int    // 1 for the first judging, +1 per rejudge
	Verdict   string // the headline verdict (see queue.Result)
	Groups    []judge.GroupResult
	Worker    string
	Tests     []judge.TestResult
	CreatedAt time.Time
	JudgedAt  time.Time // zero until done
}

// A Store is an open database.
type Store struct {
	db *sql.DB
}

// migrations are applied in order; PRAGMA user_version counts those done.
var migrations = []string{
	`CREATE TABLE submissions (
		id         TEXT PRIMARY KEY,
		problem    TEXT NOT NULL,
		language   TEXT NOT NULL,
		source     TEXT NOT NULL,
		owner      TEXT NOT NULL DEFAULT '',
		status     TEXT NOT NULL,
		attempt    INTEGER NOT NULL DEFAULT 1,
		created_at INTEGER NOT NULL
	);
	CREATE TABLE results (
		submission TEXT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
		attempt    INTEGER NOT NULL,
		worker     TEXT NOT NULL,
		verdict    TEXT NOT NULL,
		tests      TEXT NOT NULL,
		judged_at  INTEGER NOT NULL,
		PRIMARY KEY (submission, attempt)
	);
	CREATE INDEX submissions_created ON submissions(created_at);`,
	// The groups' verdicts beside the headline one, as test --json has them.
	`ALTER TABLE results ADD COLUMN groups TEXT NOT NULL DEFAULT '';`,
}

// Open opens (creating and migrating when needed) the database judge.db in dir.
func Open(dir string) (*Store, error) {
	path := filepath.Join(dir, "judge.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)")
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serialises anyway, and this avoids busy errors
	s := &Store{db: db}
	if err := s.migrate(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	return s, nil
}

func (s *Store) migrate() error {
	var version int
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		return err
	}
	if version > len(migrations) {
		return fmt.Errorf("database schema %d is newer than this program's %d", version, len(migrations))
	}
	for i := version; i < len(migrations); i++ {
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[i]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, i+1)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Create stores a new queued submission; sub.ID must be set.
func (s *Store) Create(ctx context.Context, sub *Submission) error {
	if sub.CreatedAt.IsZero() {
		sub.CreatedAt = time.Now()
	}
	sub.Status, sub.Attempt = Queued, 1
	_, err := s.db.ExecContext(ctx, `INSERT INTO submissions(id, problem, language, source, owner, status, attempt, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		sub.ID, sub.Problem, sub.Language, sub.Source, sub.Owner, sub.Status, sub.Attempt, sub.CreatedAt.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: create %s: %w", sub.ID, err)
	}
	return nil
}

const selectSubmission = `SELECT s.id, s.problem, s.language, s.source, s.owner, s.status, s.attempt, s.created_at,
	COALESCE(r.verdict, ''), COALESCE(r.groups, ''), COALESCE(r.worker, ''), COALESCE(r.tests, ''), COALESCE(r.judged_at, 0)
	FROM submissions s LEFT JOIN results r ON r.submission = s.id AND r.attempt = s.attempt`

func scan(row interface{ Scan(...any) error }) (*Submission, error) {
	var sub Submission
	var created, judged int64
	var groups, tests string
	if err := row.Scan(&sub.ID, &sub.Problem, &sub.Language, &sub.Source, &sub.Owner, &sub.Status, &sub.Attempt, &created,
		&sub.Verdict, &groups, &sub.Worker, &tests, &judged); err != nil {
		return nil, err
	}
	sub.CreatedAt = time.UnixMilli(created)
	if judged != 0 {
		sub.JudgedAt = time.UnixMilli(judged)
	}
	if groups != "" {
		if err := json.Unmarshal([]byte(groups), &sub.Groups); err != nil {
			return nil, fmt.Errorf("submission %s: groups: %w", sub.ID, err)
		}
	}
	if tests != "" {
		if err := json.Unmarshal([]byte(tests), &sub.Tests); err != nil {
			return nil, fmt.Errorf("submission %s: tests: %w", sub.ID, err)
		}
	}
	return &sub, nil
}

// Get returns one submission.
func (s *Store) Get(ctx context.Context, id string) (*Submission, error) {
	sub, err := scan(s.db.QueryRowContext(ctx, selectSubmission+` WHERE s.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: get %s: %w", id, err)
	}
	return sub, nil
}

// List returns up to limit submissions, newest first; owner, if not
// empty, keeps only that owner's.
func (s *Store) List(ctx context.Context, owner string, limit int) ([]*Submission, error) {
	q := selectSubmission
	var args []any
	if owner != "" {
		q += ` WHERE s.owner = ?`
		args = append(args, owner)
	}
	q += ` ORDER BY s.created_at DESC, s.id LIMIT ?`
	args = append(args, limit)
	return s.query(ctx, q, args...)
}

// Unfinished returns every submission not done, oldest first: what a
// restarted server must make sure is queued.
func (s *Store) Unfinished(ctx context.Context) ([]*Submission, error) {
	return s.query(ctx, selectSubmission+` WHERE s.status != 'done' ORDER BY s.created_at, s.id`)
}

func (s *Store) query(ctx context.Context, q string, args ...any) ([]*Submission, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var subs []*Submission
	for rows.Next() {
		sub, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		subs = append(subs, sub)
	}
	return subs, rows.Err()
}

// MarkJudging records that a worker took attempt of id; a late message
// for an old attempt or a finished submission changes nothing.
func (s *Store) MarkJudging(ctx context.Context, id string, attempt int) error {
	_, err := s.db.ExecContext(ctx, `UPDATE submissions SET status = 'judging' WHERE id = ? AND attempt = ? AND status = 'queued'`, id, attempt)
	if err != nil {
		return fmt.Errorf("store: judging %s: %w", id, err)
	}
	return nil
}

// SaveResult stores the judgement of attempt of id, once: it reports
// whether this call stored it (false for a duplicate delivery or a
// result of an attempt superseded by a rejudge). verdict is the headline
// verdict, groups the groups' (nil when the problem has none).
func (s *Store) SaveResult(ctx context.Context, id string, attempt int, worker, verdict string, groups []judge.GroupResult, tests []judge.TestResult, at time.Time) (bool, error) {
	b, err := json.Marshal(tests)
	if err != nil {
		return false, err
	}
	var g []byte
	if len(groups) > 0 {
		if g, err = json.Marshal(groups); err != nil {
			return false, err
		}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("store: result %s: %w", id, err)
	}
	defer tx.Rollback()
	var current int
	switch err := tx.QueryRowContext(ctx, `SELECT attempt FROM submissions WHERE id = ?`, id).Scan(&current); {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil // deleted meanwhile
	case err != nil:
		return false, fmt.Errorf("store: result %s: %w", id, err)
	case current != attempt:
		return false, nil
	}
	res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO results(submission, attempt, worker, verdict, groups, tests, judged_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, attempt, worker, verdict, string(g), string(b), at.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("store: result %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE submissions SET status = 'done' WHERE id = ?`, id); err != nil {
		return false, fmt.Errorf("store: result %s: %w", id, err)
	}
	return true, tx.Commit()
}

// Rejudge starts a new attempt of id and returns its number.
func (s *Store) Rejudge(ctx context.Context, id string) (int, error) {
	var attempt int
	err := s.db.QueryRowContext(ctx, `UPDATE submissions SET attempt = attempt + 1, status = 'queued' WHERE id = ? RETURNING attempt`, id).Scan(&attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: rejudge %s: %w", id, err)
	}
	return attempt, nil
}

// Delete removes a submission and its results.
func (s *Store) Delete(ctx context.Context, id string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM submissions WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("store: delete %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// ResultCount returns how many results are stored for id, over all
// attempts: the crash tests check it is exactly one per attempt.
func (s *Store) ResultCount(ctx context.Context, id string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM results WHERE submission = ?`, id).Scan(&n)
	return n, err
}

// QueueDepth returns how many submissions are queued or being judged.
func (s *Store) QueueDepth(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM submissions WHERE status != 'done'`).Scan(&n)
	return n, err
}
