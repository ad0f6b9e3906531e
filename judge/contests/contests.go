package contests

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// A Scoring is the rule that ranks a contest's scoreboard.
type Scoring string

const (
	// ICPC ranks by problems solved, then by penalty time: minutes from
	// the start to each first accepted submission, plus PenaltyMinutes
	// for each rejected try before it (compile errors do not count).
	ICPC Scoring = "icpc"
	// IOI ranks by the sum of each problem's best score, a submission's
	// score being the points of the test groups it passed whole.
	IOI Scoring = "ioi"
)

// PenaltyMinutes is what each rejected try before a problem's first
// accepted submission adds to an ICPC penalty time, as at the ICPC.
const PenaltyMinutes = 20

// MaxProblems bounds a contest's problems: they are labelled A to Z.
const MaxProblems = 26

// A Contest is one contest, as the admin posts it
// (POST /api/contests) and the store keeps it.
type Contest struct {
	ID       string    `json:"id"`
	Title    string    `json:"title"`
	Problems []string  `json:"problems"` // problem ids, in the order of their labels A, B, ...
	Users    []string  `json:"users"`    // the account names taking part
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	// Freeze, if not zero, is when the scoreboard freezes: from then on
	// users see others' new submissions as pending until the admin thaws
	// it.
	Freeze  time.Time `json:"freeze,omitzero"`
	Scoring Scoring   `json:"scoring"`
	// Thawed is when the admin unfroze the scoreboard; zero while frozen
	// or never frozen. Set by the server, never posted.
	Thawed time.Time `json:"thawed,omitzero"`
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,35}$`)

// Validate checks c and fills in its defaults (ICPC scoring); the error
// names the field at fault. Whether the problems and users exist is for
// the caller to check, who knows them.
func (c *Contest) Validate() error {
	if c.Scoring == "" {
		c.Scoring = ICPC
	}
	switch {
	case !idPattern.MatchString(c.ID):
		return fmt.Errorf("id %q: use 1 to 36 lowercase letters, digits, - and _, starting with a letter or digit", c.ID)
	case strings.TrimSpace(c.Title) == "":
		return errors.New("title: empty")
	case utf8.RuneCountInString(c.Title) > 200:
		return errors.New("title: over 200 characters")
	case strings.IndexFunc(c.Title, unicode.IsControl) >= 0:
		return errors.New("title: control characters")
	case len(c.Problems) == 0:
		return errors.New("problems: none")
	case len(c.Problems) > MaxProblems:
		return fmt.Errorf("problems: %d, at most %d (labels A to Z)", len(c.Problems), MaxProblems)
	case c.Start.IsZero() || c.End.IsZero():
		return errors.New("start and end: both are required, as RFC 3339 times (2026-03-02T09:00:00Z)")
	case !c.Start.Before(c.End):
		return fmt.Errorf("end %s is not after start %s", c.End.Format(time.RFC3339), c.Start.Format(time.RFC3339))
	case !c.Freeze.IsZero() && (c.Freeze.Before(c.Start) || c.Freeze.After(c.End)):
		return fmt.Errorf("freeze %s is not between start and end", c.Freeze.Format(time.RFC3339))
	case c.Scoring != ICPC && c.Scoring != IOI:
		return fmt.Errorf("scoring %q: use %q or %q", c.Scoring, ICPC, IOI)
	}
	if dup := duplicate(c.Problems); dup != "" {
		return fmt.Errorf("problems: %q twice", dup)
	}
	if dup := duplicate(c.Users); dup != "" {
		return fmt.Errorf("users: %q twice", dup)
	}
	return nil
}

func duplicate(names []string) string {
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if seen[n] {
			return n
		}
		seen[n] = true
	}
	return ""
}

// Label returns the scoreboard label of the i-th problem: A, B, ...
func Label(i int) string { return string(rune('A' + i)) }

// HasUser reports whether name takes part in c.
func (c *Contest) HasUser(name string) bool {
	for _, u := range c.Users {
		if u == name {
			return true
		}
	}
	return false
}

// HasProblem reports whether the problem id is one of c's.
func (c *Contest) HasProblem(id string) bool {
	for _, p := range c.Problems {
		if p == id {
			return true
		}
	}
	return false
}

// Running reports whether at is within c: from its start, up to but not
// including its end.
func (c *Contest) Running(at time.Time) bool { return !at.Before(c.Start) && at.Before(c.End) }

// Frozen reports whether the scoreboard is frozen at the time at: the
// freeze has come and the admin has not thawed it. A submission made
// while the scoreboard is frozen is hidden from other users until the
// thaw.
func (c *Contest) Frozen(at time.Time) bool {
	return !c.Freeze.IsZero() && !at.Before(c.Freeze) && c.Thawed.IsZero()
}

// Minutes returns the contest time of at: whole minutes since the start,
// rounded down (59.99 seconds is 0), as the ICPC counts it.
func (c *Contest) Minutes(at time.Time) int { return int(at.Sub(c.Start) / time.Minute) }

// Errors of MaySubmit, for callers that answer each differently.
var (
	ErrNotUser    = errors.New("you are not taking part in this contest")
	ErrNotProblem = errors.New("this problem is not in the contest")
	ErrNotStarted = errors.New("the contest has not started")
	ErrEnded      = errors.New("the contest is over")
)

// MaySubmit returns nil if user may submit a solution of problem to c at
// the time at, or the reason not.
func (c *Contest) MaySubmit(user, problem string, at time.Time) error {
	switch {
	case !c.HasUser(user):
		return ErrNotUser
	case !c.HasProblem(problem):
		return ErrNotProblem
	case at.Before(c.Start):
		return fmt.Errorf("%w: it starts at %s", ErrNotStarted, c.Start.UTC().Format(time.RFC3339))
	case !at.Before(c.End):
		return fmt.Errorf("%w: it ended at %s", ErrEnded, c.End.UTC().Format(time.RFC3339))
	}
	return nil
}
