package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/contests"
)

// ErrNoContest is returned for an unknown contest.
var ErrNoContest = errors.New("no such contest")

// CreateContest stores a new contest; its id must be free (ErrExists).
func (s *Store) CreateContest(ctx context.Context, c *contests.Contest) error {
	problems, users, err := contestLists(c)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO contests(id, title, problems, users, start_at, end_at, freeze_at, scoring, thawed_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT DO NOTHING`,
		c.ID, c.Title, problems, users, c.Start.UnixMilli(), c.End.UnixMilli(), millis(c.Freeze), string(c.Scoring), time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("store: contest %s: %w", c.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: contest %s: %w", c.ID, ErrExists)
	}
	return nil
}

// UpdateContest replaces a stored contest's definition; whether and when
// its scoreboard was thawed stays as it was.
func (s *Store) UpdateContest(ctx context.Context, c *contests.Contest) error {
	problems, users, err := contestLists(c)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE contests SET title = ?, problems = ?, users = ?, start_at = ?, end_at = ?, freeze_at = ?, scoring = ?
		WHERE id = ?`, c.Title, problems, users, c.Start.UnixMilli(), c.End.UnixMilli(), millis(c.Freeze), string(c.Scoring), c.ID)
	if err != nil {
		return fmt.Errorf("store: contest %s: %w", c.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoContest
	}
	return nil
}

func contestLists(c *contests.Contest) (problems, users string, err error) {
	p, err := json.Marshal(c.Problems)
	if err != nil {
		return "", "", err
	}
	u, err := json.Marshal(c.Users)
	if err != nil {
		return "", "", err
	}
	return string(p), string(u), nil
}

// millis is t in Unix milliseconds, 0 for the zero time.
func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

const selectContest = `SELECT id, title, problems, users, start_at, end_at, freeze_at, scoring, thawed_at FROM contests`

func scanContest(row interface{ Scan(...any) error }) (*contests.Contest, error) {
	var c contests.Contest
	var problems, users, scoring string
	var start, end, freeze, thawed int64
	if err := row.Scan(&c.ID, &c.Title, &problems, &users, &start, &end, &freeze, &scoring, &thawed); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(problems), &c.Problems); err != nil {
		return nil, fmt.Errorf("contest %s: problems: %w", c.ID, err)
	}
	if err := json.Unmarshal([]byte(users), &c.Users); err != nil {
		return nil, fmt.Errorf("contest %s: users: %w", c.ID, err)
	}
	c.Start, c.End, c.Freeze, c.Thawed = fromMillis(start), fromMillis(end), fromMillis(freeze), fromMillis(thawed)
	c.Scoring = contests.Scoring(scoring)
	return &c, nil
}

// Contest returns one contest.
func (s *Store) Contest(ctx context.Context, id string) (*contests.Contest, error) {
	c, err := scanContest(s.db.QueryRowContext(ctx, selectContest+` WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoContest
	}
	if err != nil {
		return nil, fmt.Errorf("store: contest %s: %w", id, err)
	}
	return c, nil
}

// Contests returns every contest, the latest to start first.
func (s *Store) Contests(ctx context.Context) ([]*contests.Contest, error) {
	rows, err := s.db.QueryContext(ctx, selectContest+` ORDER BY start_at DESC, id`)
	if err != nil {
		return nil, fmt.Errorf("store: contests: %w", err)
	}
	defer rows.Close()
	var out []*contests.Contest
	for rows.Next() {
		c, err := scanContest(rows)
		if err != nil {
			return nil, fmt.Errorf("store: contests: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// SetThawed records when the admin unfroze a contest's scoreboard; the
// zero time freezes it again.
func (s *Store) SetThawed(ctx context.Context, id string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE contests SET thawed_at = ? WHERE id = ?`, millis(at), id)
	if err != nil {
		return fmt.Errorf("store: contest %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoContest
	}
	return nil
}

// An Entry is what a scoreboard needs of a contest's submission: no
// source, no tests.
type Entry struct {
	ID        string
	User      string
	Problem   string
	Status    string
	Verdict   string
	Groups    []judge.GroupResult
	CreatedAt time.Time
}

// Entries returns the submissions made to a contest, oldest first.
func (s *Store) Entries(ctx context.Context, contest string) ([]Entry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT s.id, s.user, s.problem, s.status, COALESCE(r.verdict, ''), COALESCE(r.groups, ''), s.created_at
		FROM submissions s LEFT JOIN results r ON r.submission = s.id AND r.attempt = s.attempt
		WHERE s.contest = ? ORDER BY s.created_at, s.id`, contest)
	if err != nil {
		return nil, fmt.Errorf("store: contest %s: %w", contest, err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var groups string
		var created int64
		if err := rows.Scan(&e.ID, &e.User, &e.Problem, &e.Status, &e.Verdict, &groups, &created); err != nil {
			return nil, fmt.Errorf("store: contest %s: %w", contest, err)
		}
		if groups != "" {
			if err := json.Unmarshal([]byte(groups), &e.Groups); err != nil {
				return nil, fmt.Errorf("store: submission %s: groups: %w", e.ID, err)
			}
		}
		e.CreatedAt = time.UnixMilli(created)
		out = append(out, e)
	}
	return out, rows.Err()
}
