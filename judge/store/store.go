package store

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
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

// ErrWrongSecret is returned for a result that does not carry the secret
// of the attempt it claims to judge: it was not handed out, so it is
// forged (or the message was corrupted), and it is never stored.
var ErrWrongSecret = errors.New("the result does not carry its attempt's secret")

// A Submission is one program sent for judging, with its latest judgement.
type Submission struct {
	ID       string
	Problem  string
	Language string
	Source   string
	Owner    string // hash of the author's browser token; empty for API clients without one and for accounts
	User     string // the author's account, when logged in; empty otherwise
	Client   string // whom quotas count it against: the account, else the client's address
	Contest  string // the contest it was made to; "" for none
	Status   string
	Attempt  int // 1 for the first judging, +1 per rejudge
	// Secret is the current attempt's secret: its job carries it and a
	// result must carry it back, so only the worker handed the attempt
	// can judge it. Made anew by Create and Rejudge.
	Secret    string
	Verdict   string // the headline verdict (see queue.Result)
	Groups    []judge.GroupResult
	Compiled  string // how it compiled, when only as the original compiler (see judge.Result)
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
	// The author's account, the quota's client and the attempt's secret
	// (filled in for unfinished submissions by Open).
	`ALTER TABLE submissions ADD COLUMN user TEXT NOT NULL DEFAULT '';
	ALTER TABLE submissions ADD COLUMN client TEXT NOT NULL DEFAULT '';
	ALTER TABLE submissions ADD COLUMN secret TEXT NOT NULL DEFAULT '';
	CREATE INDEX submissions_user ON submissions(user, created_at);
	CREATE INDEX submissions_client ON submissions(client, status);`,
	// Accounts, their login sessions (a token's SHA-256), contests, and
	// the contest a submission was made to.
	`CREATE TABLE users (
		name       TEXT PRIMARY KEY,
		password   TEXT NOT NULL,
		admin      INTEGER NOT NULL DEFAULT 0,
		created_at INTEGER NOT NULL
	);
	CREATE TABLE sessions (
		token      TEXT PRIMARY KEY,
		user       TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL
	);
	CREATE TABLE contests (
		id         TEXT PRIMARY KEY,
		title      TEXT NOT NULL,
		problems   TEXT NOT NULL,
		users      TEXT NOT NULL,
		start_at   INTEGER NOT NULL,
		end_at     INTEGER NOT NULL,
		freeze_at  INTEGER NOT NULL,
		scoring    TEXT NOT NULL,
		thawed_at  INTEGER NOT NULL,
		created_at INTEGER NOT NULL
	);
	ALTER TABLE submissions ADD COLUMN contest TEXT NOT NULL DEFAULT '';
	CREATE INDEX submissions_contest ON submissions(contest, created_at);`,
	// How the program compiled, when only as the problem's original
	// compiler (judge.Result.Compiled).
	`ALTER TABLE results ADD COLUMN compiled TEXT NOT NULL DEFAULT '';`,
	// One row that Ping writes, to learn whether the disk takes writes.
	`CREATE TABLE health (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);`,
	// The run judging a submission now and the tests it has judged (see
	// StartRun), until its result replaces them.
	`ALTER TABLE submissions ADD COLUMN run TEXT NOT NULL DEFAULT '';
	CREATE TABLE progress (
		submission TEXT NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
		seq        INTEGER NOT NULL,
		test       TEXT NOT NULL,
		PRIMARY KEY (submission, seq)
	);`,
}

// Open opens (creating and migrating when needed) the database judge.db in
// dir. The database and its journals are readable by their owner only.
func Open(dir string) (*Store, error) {
	path := filepath.Join(dir, "judge.db")
	// SQLite gives the journal and WAL files its database's mode, so
	// making the database 0600 first keeps all three private.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
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
	if err := s.fillSecrets(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	return s, nil
}

// fillSecrets gives a secret to every unfinished submission stored
// before attempts had them, so that none is judged without one.
func (s *Store) fillSecrets() error {
	rows, err := s.db.Query(`SELECT id FROM submissions WHERE secret = '' AND status != 'done'`)
	if err != nil {
		return err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := s.db.Exec(`UPDATE submissions SET secret = ? WHERE id = ?`, newSecret(), id); err != nil {
			return err
		}
	}
	return nil
}

// newSecret returns an attempt's secret: 128 random bits.
func newSecret() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
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

// Create stores a new queued submission, with its first attempt's
// secret; sub.ID must be set.
func (s *Store) Create(ctx context.Context, sub *Submission) error {
	if sub.CreatedAt.IsZero() {
		sub.CreatedAt = time.Now()
	}
	sub.Status, sub.Attempt, sub.Secret = Queued, 1, newSecret()
	_, err := s.db.ExecContext(ctx, `INSERT INTO submissions(id, problem, language, source, owner, user, client, contest, secret, status, attempt, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		sub.ID, sub.Problem, sub.Language, sub.Source, sub.Owner, sub.User, sub.Client, sub.Contest, sub.Secret, sub.Status, sub.Attempt, sub.CreatedAt.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: create %s: %w", sub.ID, err)
	}
	return nil
}

const selectSubmission = `SELECT s.id, s.problem, s.language, s.source, s.owner, s.user, s.client, s.contest, s.secret, s.status, s.attempt, s.created_at,
	COALESCE(r.verdict, ''), COALESCE(r.groups, ''), COALESCE(r.worker, ''), COALESCE(r.tests, ''), COALESCE(r.judged_at, 0),
	COALESCE(r.compiled, '')
	FROM submissions s LEFT JOIN results r ON r.submission = s.id AND r.attempt = s.attempt`

func scan(row interface{ Scan(...any) error }) (*Submission, error) {
	var sub Submission
	var created, judged int64
	var groups, tests string
	if err := row.Scan(&sub.ID, &sub.Problem, &sub.Language, &sub.Source, &sub.Owner, &sub.User, &sub.Client, &sub.Contest, &sub.Secret, &sub.Status, &sub.Attempt, &created,
		&sub.Verdict, &groups, &sub.Worker, &tests, &judged, &sub.Compiled); err != nil {
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

// A Filter selects submissions; its zero value selects every one.
type Filter struct {
	Owner string // only those made by this browser token's hash
	User  string // only those of this account
	// For the admin's list: only those of this contest, problem, headline
	// verdict (AC, WA, ...) or status (queued, judging, done).
	Contest, Problem, Verdict, Status string
	// NoContest keeps only submissions made to no contest.
	NoContest bool
}

// List returns up to limit submissions that f selects, newest first.
func (s *Store) List(ctx context.Context, f Filter, limit int) ([]*Submission, error) {
	q := selectSubmission + ` WHERE 1`
	var args []any
	if f.Owner != "" {
		q += ` AND s.owner = ?`
		args = append(args, f.Owner)
	}
	for _, c := range []struct{ column, value string }{
		{"s.user", f.User}, {"s.contest", f.Contest}, {"s.problem", f.Problem}, {"r.verdict", f.Verdict}, {"s.status", f.Status},
	} {
		if c.value != "" {
			q += ` AND ` + c.column + ` = ?`
			args = append(args, c.value)
		}
	}
	if f.NoContest {
		q += ` AND s.contest = ''`
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

// A Judgement is a worker's result of one attempt of one submission.
type Judgement struct {
	ID      string
	Attempt int
	Secret  string // the attempt's, as its job carried it
	Worker  string
	Verdict string              // the headline verdict
	Groups  []judge.GroupResult // nil when the problem has none
	Tests   []judge.TestResult
	At      time.Time
	// Compiled says the program compiled only as the original compiler.
	Compiled string
}

// SaveResult stores the judgement of an attempt, once: it reports whether
// this call stored it (false for a duplicate delivery, a result of an
// attempt superseded by a rejudge, or of a submission deleted meanwhile).
// A judgement without its attempt's secret is refused with ErrWrongSecret.
func (s *Store) SaveResult(ctx context.Context, j Judgement) (bool, error) {
	b, err := json.Marshal(j.Tests)
	if err != nil {
		return false, err
	}
	var g []byte
	if len(j.Groups) > 0 {
		if g, err = json.Marshal(j.Groups); err != nil {
			return false, err
		}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("store: result %s: %w", j.ID, err)
	}
	defer tx.Rollback()
	var current int
	var secret string
	switch err := tx.QueryRowContext(ctx, `SELECT attempt, secret FROM submissions WHERE id = ?`, j.ID).Scan(&current, &secret); {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil // deleted meanwhile
	case err != nil:
		return false, fmt.Errorf("store: result %s: %w", j.ID, err)
	case current != j.Attempt:
		return false, nil
	case subtle.ConstantTimeCompare([]byte(secret), []byte(j.Secret)) != 1:
		return false, fmt.Errorf("store: result %s/%d: %w", j.ID, j.Attempt, ErrWrongSecret)
	}
	res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO results(submission, attempt, worker, verdict, groups, tests, judged_at, compiled) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		j.ID, j.Attempt, j.Worker, j.Verdict, string(g), string(b), j.At.UnixMilli(), j.Compiled)
	if err != nil {
		return false, fmt.Errorf("store: result %s: %w", j.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE submissions SET status = 'done' WHERE id = ?`, j.ID); err != nil {
		return false, fmt.Errorf("store: result %s: %w", j.ID, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM progress WHERE submission = ?`, j.ID); err != nil { // the result has every test
		return false, fmt.Errorf("store: result %s: %w", j.ID, err)
	}
	return true, tx.Commit()
}

// Rejudge starts a new attempt of id, with a new secret, and returns its
// number. What a run of the last attempt had shown is dropped.
func (s *Store) Rejudge(ctx context.Context, id string) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("store: rejudge %s: %w", id, err)
	}
	defer tx.Rollback()
	var attempt int
	err = tx.QueryRowContext(ctx, `UPDATE submissions SET attempt = attempt + 1, status = 'queued', secret = ?, run = '' WHERE id = ? RETURNING attempt`, newSecret(), id).Scan(&attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: rejudge %s: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM progress WHERE submission = ?`, id); err != nil {
		return 0, fmt.Errorf("store: rejudge %s: %w", id, err)
	}
	return attempt, tx.Commit()
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
