package contests

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

var (
	start = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	end   = start.Add(2 * time.Hour)
)

func valid() Contest {
	return Contest{ID: "week-3", Title: "Week 3", Problems: []string{"poj2676", "poj3074"}, Users: []string{"ann", "bob"},
		Start: start, End: end, Freeze: end.Add(-30 * time.Minute)}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name   string
		change func(c *Contest)
		err    string // a part of the error; "" for none
	}{
		{"valid", func(c *Contest) {}, ""},
		{"no freeze", func(c *Contest) { c.Freeze = time.Time{} }, ""},
		{"freeze at the start", func(c *Contest) { c.Freeze = c.Start }, ""},
		{"freeze at the end", func(c *Contest) { c.Freeze = c.End }, ""},
		{"ioi", func(c *Contest) { c.Scoring = IOI }, ""},
		{"no users yet", func(c *Contest) { c.Users = nil }, ""},
		{"uppercase id", func(c *Contest) { c.ID = "Week3" }, "id"},
		{"id with a slash", func(c *Contest) { c.ID = "a/b" }, "id"},
		{"id of 37", func(c *Contest) { c.ID = strings.Repeat("a", 37) }, "id"},
		{"empty id", func(c *Contest) { c.ID = "" }, "id"},
		{"blank title", func(c *Contest) { c.Title = "  " }, "title"},
		{"title with a newline", func(c *Contest) { c.Title = "a\nb" }, "title"},
		{"long title", func(c *Contest) { c.Title = strings.Repeat("é", 201) }, "title"},
		{"no problems", func(c *Contest) { c.Problems = nil }, "problems"},
		{"27 problems", func(c *Contest) { c.Problems = make([]string, 27) }, "problems"},
		{"a problem twice", func(c *Contest) { c.Problems = []string{"poj2676", "poj2676"} }, `"poj2676" twice`},
		{"a user twice", func(c *Contest) { c.Users = []string{"ann", "ann"} }, `"ann" twice`},
		{"no start", func(c *Contest) { c.Start = time.Time{} }, "start"},
		{"end before start", func(c *Contest) { c.End = c.Start.Add(-time.Minute) }, "not after start"},
		{"end at start", func(c *Contest) { c.End = c.Start }, "not after start"},
		{"freeze before start", func(c *Contest) { c.Freeze = c.Start.Add(-time.Second) }, "freeze"},
		{"freeze after end", func(c *Contest) { c.Freeze = c.End.Add(time.Second) }, "freeze"},
		{"unknown scoring", func(c *Contest) { c.Scoring = "cf" }, "scoring"},
	}
	for _, tc := range cases {
		c := valid()
		tc.change(&c)
		err := c.Validate()
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.err)
		}
	}
	c := valid()
	if c.Validate(); c.Scoring != ICPC {
		t.Errorf("scoring defaults to %q, want icpc", c.Scoring)
	}
}

func TestMaySubmit(t *testing.T) {
	c := valid()
	cases := []struct {
		user, problem string
		at            time.Time
		want          error
	}{
		{"ann", "poj2676", start, nil},
		{"bob", "poj3074", end.Add(-time.Nanosecond), nil},
		{"bob", "poj3074", start.Add(-time.Second), ErrNotStarted},
		{"bob", "poj3074", end, ErrEnded},
		{"eve", "poj3074", start.Add(time.Minute), ErrNotUser},
		{"ann", "hdu4069", start.Add(time.Minute), ErrNotProblem},
	}
	for _, tc := range cases {
		if err := c.MaySubmit(tc.user, tc.problem, tc.at); !errors.Is(err, tc.want) {
			t.Errorf("MaySubmit(%s, %s, %s) = %v, want %v", tc.user, tc.problem, tc.at.Format(time.TimeOnly), err, tc.want)
		}
	}
}

func TestTimes(t *testing.T) {
	c := valid()
	cases := []struct {
		at      time.Time
		minutes int
		running bool
		frozen  bool
	}{
		{start.Add(-time.Second), 0, false, false},
		{start, 0, true, false},
		{start.Add(59*time.Second + 990*time.Millisecond), 0, true, false},
		{start.Add(time.Minute), 1, true, false},
		{c.Freeze.Add(-time.Nanosecond), 89, true, false},
		{c.Freeze, 90, true, true},
		{end, 120, false, true},
	}
	for _, tc := range cases {
		if got := c.Minutes(tc.at); got != tc.minutes {
			t.Errorf("Minutes(%s) = %d, want %d", tc.at.Format(time.TimeOnly), got, tc.minutes)
		}
		if got := c.Running(tc.at); got != tc.running {
			t.Errorf("Running(%s) = %v, want %v", tc.at.Format(time.TimeOnly), got, tc.running)
		}
		if got := c.Frozen(tc.at); got != tc.frozen {
			t.Errorf("Frozen(%s) = %v, want %v", tc.at.Format(time.TimeOnly), got, tc.frozen)
		}
	}
	c.Thawed = end.Add(time.Minute)
	if c.Frozen(end) {
		t.Error("a thawed scoreboard is still frozen")
	}
	c.Thawed, c.Freeze = time.Time{}, time.Time{}
	if c.Frozen(end) {
		t.Error("a contest without a freeze froze")
	}
	if l := Label(0) + Label(25); l != "AZ" {
		t.Errorf("labels %s, want AZ", l)
	}
}

// FuzzContest decodes arbitrary JSON as a posted contest: Validate never
// panics, and what it accepts keeps the rules it checks.
func FuzzContest(f *testing.F) {
	f.Add(`{"id":"week-3","title":"Week 3","problems":["poj2676"],"users":["ann"],"start":"2026-03-02T09:00:00Z","end":"2026-03-02T11:00:00Z","freeze":"2026-03-02T10:30:00Z","scoring":"ioi"}`)
	f.Add(`{"id":"x","title":"t","problems":["a","a"],"start":"2026-03-02T09:00:00+01:00","end":"2026-03-02T09:00:00Z"}`)
	f.Fuzz(func(t *testing.T, s string) {
		var c Contest
		if json.Unmarshal([]byte(s), &c) != nil || c.Validate() != nil {
			return
		}
		if !c.Start.Before(c.End) || !c.Freeze.IsZero() && (c.Freeze.Before(c.Start) || c.Freeze.After(c.End)) ||
			len(c.Problems) == 0 || len(c.Problems) > MaxProblems || (c.Scoring != ICPC && c.Scoring != IOI) || !idPattern.MatchString(c.ID) {
			t.Fatalf("accepted %+v", c)
		}
	})
}
