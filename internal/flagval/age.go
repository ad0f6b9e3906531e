package flagval

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// MaxAge is the longest age ParseAge accepts: ten years.
const MaxAge = 10 * 365 * 24 * time.Hour

// ParseAge reads how long something is kept: a whole number of days such
// as 30d, or a duration in Go's syntax such as 12h; from a minute to
// MaxAge.
func ParseAge(s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	var d time.Duration
	if days, ok := strings.CutSuffix(t, "d"); ok {
		n, err := strconv.ParseUint(days, 10, 32)
		if err != nil {
			return 0, fmt.Errorf("bad age %q: want whole days such as 30d, or a duration such as 12h", s)
		}
		if n > uint64(MaxAge/(24*time.Hour)) {
			return 0, fmt.Errorf("bad age %q: longer than %d days", s, MaxAge/(24*time.Hour))
		}
		d = time.Duration(n) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(t); err != nil {
			return 0, fmt.Errorf("bad age %q: want whole days such as 30d, or a duration such as 12h", s)
		}
	}
	switch {
	case d < time.Minute:
		return 0, fmt.Errorf("bad age %q: shorter than a minute", s)
	case d > MaxAge:
		return 0, fmt.Errorf("bad age %q: longer than %d days", s, MaxAge/(24*time.Hour))
	}
	return d, nil
}

// Age is a flag value read by ParseAge.
type Age struct{ p *time.Duration }

// NewAge returns a flag value that sets *p.
func NewAge(p *time.Duration) *Age { return &Age{p} }

// Set parses s into the variable.
func (v *Age) Set(s string) error {
	d, err := ParseAge(s)
	if err != nil {
		return err
	}
	*v.p = d
	return nil
}

// String returns the variable's value, in days when whole, or "" while
// it is zero (unset).
func (v *Age) String() string {
	if v == nil || v.p == nil || *v.p == 0 {
		return ""
	}
	if day := 24 * time.Hour; *v.p%day == 0 {
		return strconv.FormatInt(int64(*v.p/day), 10) + "d"
	}
	return v.p.String()
}

// Type names the value in help text.
func (v *Age) Type() string { return "age" }
