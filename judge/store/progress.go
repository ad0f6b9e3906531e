package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/judge"
)

// A run is one worker's judging of an attempt: a worker that dies has its
// attempt judged again by another, from the first test, as a new run.
// The tests judged so far are stored for the current run only, so that
// a page shows one run's tests, never a mix of two.

// Live is what a submission being judged has shown so far.
type Live struct {
	Attempt int
	Run     string             // the current run; "" before one starts
	Tests   []judge.TestResult // the current run's tests judged so far, in order
}

// StartRun records that run began judging attempt of id, whose secret it
// shows: the submission is judging, by this run from now on, and the
// tests of an earlier run are dropped. It reports whether anything
// changed: not for a run already current, a finished submission, an old
// attempt or a wrong secret.
func (s *Store) StartRun(ctx context.Context, id string, attempt int, secret, run string) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("store: run %s: %w", id, err)
	}
	defer tx.Rollback()
	ok, current, err := current(ctx, tx, id, attempt, secret)
	if err != nil || !ok || current == run {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE submissions SET status = 'judging', run = ? WHERE id = ?`, run, id); err != nil {
		return false, fmt.Errorf("store: run %s: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM progress WHERE submission = ?`, id); err != nil {
		return false, fmt.Errorf("store: run %s: %w", id, err)
	}
	return true, tx.Commit()
}

// AddTest stores the seq'th test judged by run (counting from 1), if run
// is the current run of attempt of id and secret its secret. It reports
// whether it stored it (not twice).
func (s *Store) AddTest(ctx context.Context, id string, attempt int, secret, run string, seq int, t judge.TestResult) (bool, error) {
	b, err := json.Marshal(t)
	if err != nil {
		return false, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("store: test of %s: %w", id, err)
	}
	defer tx.Rollback()
	ok, current, err := current(ctx, tx, id, attempt, secret)
	if err != nil || !ok || current != run {
		return false, err
	}
	res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO progress(submission, seq, test) VALUES (?, ?, ?)`, id, seq, string(b))
	if err != nil {
		return false, fmt.Errorf("store: test of %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	return true, tx.Commit()
}

// current returns whether attempt of id is being judged (or waits to be)
// and secret is its secret, and its current run.
func current(ctx context.Context, tx *sql.Tx, id string, attempt int, secret string) (bool, string, error) {
	var cur int
	var sec, status, run string
	err := tx.QueryRowContext(ctx, `SELECT attempt, secret, status, run FROM submissions WHERE id = ?`, id).Scan(&cur, &sec, &status, &run)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, "", nil
	case err != nil:
		return false, "", fmt.Errorf("store: %s: %w", id, err)
	}
	ok := cur == attempt && status != Done && subtle.ConstantTimeCompare([]byte(sec), []byte(secret)) == 1
	return ok, run, nil
}

// Live returns what id's current run has judged so far; nothing once the
// submission is done (its result has every test).
func (s *Store) Live(ctx context.Context, id string) (Live, error) {
	var l Live
	err := s.db.QueryRowContext(ctx, `SELECT attempt, run FROM submissions WHERE id = ?`, id).Scan(&l.Attempt, &l.Run)
	if errors.Is(err, sql.ErrNoRows) {
		return l, ErrNotFound
	}
	if err != nil {
		return l, fmt.Errorf("store: live %s: %w", id, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT test FROM progress WHERE submission = ? ORDER BY seq`, id)
	if err != nil {
		return l, fmt.Errorf("store: live %s: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var b string
		var t judge.TestResult
		if err := rows.Scan(&b); err != nil {
			return l, fmt.Errorf("store: live %s: %w", id, err)
		}
		if err := json.Unmarshal([]byte(b), &t); err != nil {
			return l, fmt.Errorf("store: live %s: %w", id, err)
		}
		l.Tests = append(l.Tests, t)
	}
	return l, rows.Err()
}
