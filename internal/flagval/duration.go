package flagval

import (
	"fmt"
	"strings"
	"time"
)

// MaxDuration is the longest duration ParseDuration accepts. A judge
// multiplies its limits (the wall-clock limit is a multiple of the CPU
// limit), so they must stay far from overflowing.
const MaxDuration = 24 * time.Hour

// ParseDuration reads a positive duration in Go's syntax, such as 500ms,
// 2s or 1m30s, of at most MaxDuration.
func ParseDuration(s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	d, err := time.ParseDuration(t)
	if err != nil {
		if _, ferr := ParseFloat(t); ferr == nil {
			return 0, fmt.Errorf("bad duration %q: missing unit, such as %ss", s, t)
		}
		return 0, fmt.Errorf("bad duration %q: want a duration such as 500ms, 2s or 1m30s", s)
	}
	switch {
	case d <= 0:
		return 0, fmt.Errorf("bad duration %q: must be positive", s)
	case d > MaxDuration:
		return 0, fmt.Errorf("bad duration %q: longer than %s", s, MaxDuration)
	}
	return d, nil
}

// Duration is a flag value read by ParseDuration.
type Duration struct{ p *time.Duration }

// NewDuration returns a flag value that sets *p.
func NewDuration(p *time.Duration) *Duration { return &Duration{p} }

// Set parses s into the variable.
func (v *Duration) Set(s string) error {
	d, err := ParseDuration(s)
	if err != nil {
		return err
	}
	*v.p = d
	return nil
}

// String returns the variable's value, or "" while it is zero (unset).
func (v *Duration) String() string {
	if v == nil || v.p == nil || *v.p == 0 {
		return ""
	}
	return v.p.String()
}

// Type names the value in help text.
func (v *Duration) Type() string { return "duration" }
