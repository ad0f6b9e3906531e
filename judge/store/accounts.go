package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrExists is returned when creating what already exists: a user or a
// contest of the same name.
var ErrExists = errors.New("already exists")

// ErrNoUser is returned for an unknown account.
var ErrNoUser = errors.New("no such user")

// A User is an account.
type User struct {
	Name         string
	PasswordHash string // argon2id, as package accounts makes it
	Admin        bool
	CreatedAt    time.Time
}

// CreateUsers stores new accounts, all or none: if one's name is taken,
// none is created and the error, wrapping ErrExists, names it.
func (s *Store) CreateUsers(ctx context.Context, users []User) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: users: %w", err)
	}
	defer tx.Rollback()
	now := time.Now()
	for _, u := range users {
		if u.CreatedAt.IsZero() {
			u.CreatedAt = now
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO users(name, password, admin, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			u.Name, u.PasswordHash, u.Admin, u.CreatedAt.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: user %q: %w", u.Name, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: user %q: %w", u.Name, ErrExists)
		}
	}
	return tx.Commit()
}

// SetPassword replaces an account's password hash and ends its sessions.
func (s *Store) SetPassword(ctx context.Context, name, hash string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: user %q: %w", name, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE users SET password = ? WHERE name = ?`, hash, name)
	if err != nil {
		return fmt.Errorf("store: user %q: %w", name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoUser
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user = ?`, name); err != nil {
		return fmt.Errorf("store: user %q: %w", name, err)
	}
	return tx.Commit()
}

// User returns one account.
func (s *Store) User(ctx context.Context, name string) (*User, error) {
	var u User
	var created int64
	err := s.db.QueryRowContext(ctx, `SELECT name, password, admin, created_at FROM users WHERE name = ?`, name).
		Scan(&u.Name, &u.PasswordHash, &u.Admin, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoUser
	}
	if err != nil {
		return nil, fmt.Errorf("store: user %q: %w", name, err)
	}
	u.CreatedAt = time.UnixMilli(created)
	return &u, nil
}

// Users returns every account by name, without password hashes.
func (s *Store) Users(ctx context.Context) ([]User, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name, admin, created_at FROM users ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: users: %w", err)
	}
	defer rows.Close()
	var out []User
	for rows.Next() {
		var u User
		var created int64
		if err := rows.Scan(&u.Name, &u.Admin, &created); err != nil {
			return nil, fmt.Errorf("store: users: %w", err)
		}
		u.CreatedAt = time.UnixMilli(created)
		out = append(out, u)
	}
	return out, rows.Err()
}

// CreateSession stores a login session of user, known by the hash of its
// token, until expires; expired sessions are removed on the way.
func (s *Store) CreateSession(ctx context.Context, tokenHash, user string, expires time.Time) error {
	now := time.Now().UnixMilli()
	if _, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, now); err != nil {
		return fmt.Errorf("store: session: %w", err)
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions(token, user, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		tokenHash, user, now, expires.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: session of %q: %w", user, err)
	}
	return nil
}

// Session returns the account of a live session, known by the hash of
// its token, or ErrNoUser.
func (s *Store) Session(ctx context.Context, tokenHash string) (*User, error) {
	var u User
	var created int64
	err := s.db.QueryRowContext(ctx, `SELECT u.name, u.admin, u.created_at FROM sessions s JOIN users u ON u.name = s.user
		WHERE s.token = ? AND s.expires_at > ?`, tokenHash, time.Now().UnixMilli()).Scan(&u.Name, &u.Admin, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoUser
	}
	if err != nil {
		return nil, fmt.Errorf("store: session: %w", err)
	}
	u.CreatedAt = time.UnixMilli(created)
	return &u, nil
}

// DeleteSession ends a session (a logout); an unknown one is no error.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: session: %w", err)
	}
	return nil
}
