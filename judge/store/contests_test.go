package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/contests"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestContests(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	start := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	c := &contests.Contest{ID: "week-3", Title: "Week 3", Problems: []string{"poj2676", "poj3074"}, Users: []string{"ann", "bob"},
		Start: start, End: start.Add(2 * time.Hour), Scoring: contests.ICPC}
	if err := s.CreateContest(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateContest(ctx, c); !errors.Is(err, ErrExists) {
		t.Errorf("creating week-3 twice: %v, want ErrExists", err)
	}
	got, err := s.Contest(ctx, "week-3")
	if err != nil || !cmp.Equal(got, c) {
		t.Errorf("Contest = %+v, %v; want %+v", got, err, c)
	}
	// An update keeps the thaw, and a freeze comes back as it went in.
	thaw := start.Add(3 * time.Hour)
	if err := s.SetThawed(ctx, "week-3", thaw); err != nil {
		t.Fatal(err)
	}
	c2 := *c
	c2.Title, c2.Users, c2.Freeze, c2.Scoring = "Week 3 (IOI)", []string{"ann", "bob", "cat"}, start.Add(time.Hour), contests.IOI
	c2.Thawed = time.Time{}
	if err := s.UpdateContest(ctx, &c2); err != nil {
		t.Fatal(err)
	}
	c2.Thawed = thaw
	if got, err := s.Contest(ctx, "week-3"); err != nil || !cmp.Equal(got, &c2) {
		t.Errorf("after update: %+v, %v; want %+v", got, err, &c2)
	}
	later := &contests.Contest{ID: "week-4", Title: "Week 4", Problems: []string{"target"}, Start: start.Add(7 * 24 * time.Hour),
		End: start.Add(7*24*time.Hour + time.Hour), Scoring: contests.ICPC}
	if err := s.CreateContest(ctx, later); err != nil {
		t.Fatal(err)
	}
	all, err := s.Contests(ctx)
	if err != nil || len(all) != 2 || all[0].ID != "week-4" || all[1].ID != "week-3" {
		t.Errorf("Contests = %v, %v; want week-4 then week-3", all, err)
	}
	for _, e := range []error{
		s.UpdateContest(ctx, &contests.Contest{ID: "none"}),
		s.SetThawed(ctx, "none", thaw),
		func() error { _, err := s.Contest(ctx, "none"); return err }(),
	} {
		if !errors.Is(e, ErrNoContest) {
			t.Errorf("an unknown contest: %v, want ErrNoContest", e)
		}
	}
}

// TestEntries checks that a contest's entries are its own submissions,
// oldest first, with the verdict and groups of their latest attempt.
func TestEntries(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for i, sub := range []*Submission{
		{ID: "b", Problem: "poj2676", User: "bob", Contest: "week-3", CreatedAt: t0.Add(2 * time.Minute)},
		{ID: "a", Problem: "poj3074", User: "ann", Contest: "week-3", CreatedAt: t0.Add(time.Minute)},
		{ID: "x", Problem: "poj3074", User: "ann", CreatedAt: t0},
		{ID: "y", Problem: "poj3074", User: "ann", Contest: "week-4", CreatedAt: t0},
	} {
		sub.Language, sub.Source = "c", "int main(){}"
		if err := s.Create(ctx, sub); err != nil {
			t.Fatalf("%d: %v", i, err)
		}
	}
	a, _ := s.Get(ctx, "a")
	groups := []judge.GroupResult{{Name: "official", Headline: true, Verdict: contest.WA}}
	if _, err := s.SaveResult(ctx, Judgement{ID: "a", Attempt: 1, Secret: a.Secret, Worker: "w", Verdict: "WA", Groups: groups, At: t0.Add(3 * time.Minute)}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Entries(ctx, "week-3")
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{ID: "a", User: "ann", Problem: "poj3074", Status: Done, Verdict: "WA", Groups: groups, CreatedAt: t0.Add(time.Minute)},
		{ID: "b", User: "bob", Problem: "poj2676", Status: Queued, CreatedAt: t0.Add(2 * time.Minute)},
	}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y time.Time) bool { return x.Equal(y) })); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	// The admin's filters.
	for _, tc := range []struct {
		f    Filter
		want string
	}{
		{Filter{Contest: "week-3"}, "b a"},
		{Filter{Contest: "week-3", User: "ann"}, "a"},
		{Filter{Problem: "poj3074"}, "a x y"},
		{Filter{Verdict: "WA"}, "a"},
		{Filter{Status: Queued, User: "ann"}, "x y"},
		{Filter{}, "b a x y"},
		{Filter{NoContest: true}, "x"},
	} {
		subs, err := s.List(ctx, tc.f, 10)
		if err != nil {
			t.Fatal(err)
		}
		ids := ""
		for _, sub := range subs {
			ids += " " + sub.ID
		}
		if ids != " "+tc.want {
			t.Errorf("List(%+v) = %q, want %q", tc.f, ids, tc.want)
		}
	}
	if sub, _ := s.Get(ctx, "b"); sub.Contest != "week-3" {
		t.Errorf("submission b's contest is %q", sub.Contest)
	}
}
