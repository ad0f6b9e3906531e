package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestUsers(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	if err := s.CreateUsers(ctx, []User{{Name: "ann", PasswordHash: "h-ann"}, {Name: "teacher", PasswordHash: "h-t", Admin: true}}); err != nil {
		t.Fatal(err)
	}
	// A list with one taken name creates none of its users.
	err := s.CreateUsers(ctx, []User{{Name: "bob", PasswordHash: "h-bob"}, {Name: "ann", PasswordHash: "other"}})
	if !errors.Is(err, ErrExists) {
		t.Errorf("creating ann twice: %v, want ErrExists", err)
	}
	if _, err := s.User(ctx, "bob"); !errors.Is(err, ErrNoUser) {
		t.Errorf("bob, whose list failed, exists (%v)", err)
	}
	u, err := s.User(ctx, "ann")
	if err != nil || u.PasswordHash != "h-ann" || u.Admin {
		t.Errorf("ann = %+v, %v; want her first hash, not admin", u, err)
	}
	all, err := s.Users(ctx)
	if err != nil || len(all) != 2 || all[0].Name != "ann" || all[1].Name != "teacher" || !all[1].Admin || all[0].PasswordHash != "" {
		t.Errorf("Users = %+v, %v; want ann, then teacher (admin), without hashes", all, err)
	}
	if err := s.SetPassword(ctx, "nobody", "x"); !errors.Is(err, ErrNoUser) {
		t.Errorf("SetPassword of nobody: %v", err)
	}
}

func TestSessions(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	if err := s.CreateUsers(ctx, []User{{Name: "ann", PasswordHash: "h"}, {Name: "teacher", PasswordHash: "h", Admin: true}}); err != nil {
		t.Fatal(err)
	}
	hour := time.Now().Add(time.Hour)
	for _, x := range []struct {
		token, user string
		expires     time.Time
	}{
		{"t-ann", "ann", hour}, {"t-ann-2", "ann", hour}, {"t-teacher", "teacher", hour}, {"t-old", "ann", time.Now().Add(-time.Second)},
	} {
		if err := s.CreateSession(ctx, x.token, x.user, x.expires); err != nil {
			t.Fatal(err)
		}
	}
	check := func(step string, want map[string]string) {
		t.Helper()
		for _, token := range []string{"t-ann", "t-ann-2", "t-teacher", "t-old", "t-none"} {
			u, err := s.Session(ctx, token)
			got := ""
			if err == nil {
				got = u.Name
				if u.Admin {
					got += " (admin)"
				}
			} else if !errors.Is(err, ErrNoUser) {
				t.Fatal(err)
			}
			if got != want[token] {
				t.Errorf("%s: session %s is %q, want %q", step, token, got, want[token])
			}
		}
	}
	// t-old expired a second ago and is still stored (the next session
	// made removes it): it logs nobody in.
	check("logged in", map[string]string{"t-ann": "ann", "t-ann-2": "ann", "t-teacher": "teacher (admin)"})
	if err := s.CreateSession(ctx, "t-ghost", "ghost", hour); err == nil {
		t.Error("a session of an unknown user was stored")
	}
	if err := s.DeleteSession(ctx, "t-ann"); err != nil {
		t.Fatal(err)
	}
	check("ann logged out in one browser", map[string]string{"t-ann-2": "ann", "t-teacher": "teacher (admin)"})
	if err := s.SetPassword(ctx, "ann", "new"); err != nil {
		t.Fatal(err)
	}
	check("ann's password changed", map[string]string{"t-teacher": "teacher (admin)"})
}
