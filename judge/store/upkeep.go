package store

import (
	"context"
	"fmt"
	"time"
)

// Usage is what one client (Submission.Client) has stored.
type Usage struct {
	Stored  int // submissions kept
	Pending int // of which queued or being judged
}

// Usage returns what client has stored, for its quotas.
func (s *Store) Usage(ctx context.Context, client string) (Usage, error) {
	var u Usage
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(status != 'done'), 0) FROM submissions WHERE client = ?`, client).Scan(&u.Stored, &u.Pending)
	if err != nil {
		return u, fmt.Errorf("store: usage of %s: %w", client, err)
	}
	return u, nil
}

// Prune deletes the judged submissions made before before, with their
// results, and returns how many. Those of a contest are kept: a contest's
// scoreboard must not change after the fact.
func (s *Store) Prune(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM submissions WHERE status = 'done' AND contest = '' AND created_at < ?`, before.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("store: pruning: %w", err)
	}
	return res.RowsAffected()
}

// Ping reports whether the database can take a write: it writes (and
// syncs) one small row.
func (s *Store) Ping(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO health(id, at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET at = excluded.at`, time.Now().UnixMilli()); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}
