package flagval

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// ParseCount reads a whole number from min to max, in decimal.
func ParseCount(s string, min, max int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("bad count %q: want a whole number from %d to %d", s, min, max)
	}
	if n < min || n > max {
		return 0, fmt.Errorf("bad count %q: want a whole number from %d to %d", s, min, max)
	}
	return n, nil
}

// Count is a flag value of a whole number within bounds.
type Count struct {
	p        *int
	min, max int
}

// NewCount returns a flag value that sets *p to a number from min to max.
func NewCount(p *int, min, max int) *Count { return &Count{p, min, max} }

// Set parses s into the variable.
func (v *Count) Set(s string) error {
	n, err := ParseCount(s, v.min, v.max)
	if err != nil {
		return err
	}
	*v.p = n
	return nil
}

// String returns the variable's value.
func (v *Count) String() string {
	if v == nil || v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

// Type names the value in help text.
func (v *Count) Type() string { return "int" }

// floatPattern is a plain decimal number: no sign, exponent, NaN or
// infinity.
var floatPattern = regexp.MustCompile(`^[0-9]+(?:\.[0-9]*)?$|^\.[0-9]+$`)

// ParseFloat reads a positive, finite decimal number such as 10 or 2.5.
func ParseFloat(s string) (float64, error) {
	t := strings.TrimSpace(s)
	if !floatPattern.MatchString(t) {
		return 0, fmt.Errorf("bad number %q: want a positive decimal number such as 10 or 2.5", s)
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || x <= 0 || math.IsInf(x, 0) {
		return 0, fmt.Errorf("bad number %q: want a positive decimal number such as 10 or 2.5", s)
	}
	return x, nil
}

// Float is a flag value of a positive, finite number.
type Float struct{ p *float64 }

// NewFloat returns a flag value that sets *p.
func NewFloat(p *float64) *Float { return &Float{p} }

// Set parses s into the variable.
func (v *Float) Set(s string) error {
	x, err := ParseFloat(s)
	if err != nil {
		return err
	}
	*v.p = x
	return nil
}

// String returns the variable's value, or "" while it is zero (unset).
func (v *Float) String() string {
	if v == nil || v.p == nil || *v.p == 0 {
		return ""
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

// Type names the value in help text.
func (v *Float) Type() string { return "number" }

// MaxPercent is the largest percentage ParsePercent accepts.
const MaxPercent = 1e6

// ParsePercent reads a percentage: a finite decimal number from 0 to
// MaxPercent. Zero is allowed: as a threshold it means "any amount".
func ParsePercent(s string) (float64, error) {
	t := strings.TrimSpace(s)
	if x, err := strconv.ParseFloat(t, 64); err == nil && x == 0 && floatPattern.MatchString(t) {
		return 0, nil
	}
	x, err := ParseFloat(t)
	if err != nil || x > MaxPercent {
		return 0, fmt.Errorf("bad percentage %q: want a decimal number from 0 to %d, such as 10 or 2.5", s, int(MaxPercent))
	}
	return x, nil
}

// Percent is a flag value read by ParsePercent.
type Percent struct{ p *float64 }

// NewPercent returns a flag value that sets *p.
func NewPercent(p *float64) *Percent { return &Percent{p} }

// Set parses s into the variable.
func (v *Percent) Set(s string) error {
	x, err := ParsePercent(s)
	if err != nil {
		return err
	}
	*v.p = x
	return nil
}

// String returns the variable's value.
func (v *Percent) String() string {
	if v == nil || v.p == nil {
		return ""
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

// Type names the value in help text.
func (v *Percent) Type() string { return "percent" }
