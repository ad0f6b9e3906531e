package flagval

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// MaxSize is the largest size ParseSize accepts: 1 TiB, well above any
// limit a judge sets and far from overflowing an int64 of bytes.
const MaxSize = 1 << 40

// sizeUnits are the suffixes ParseSize knows, in bytes. K, M, G and T are
// binary whatever their spelling ("MB" is a MiB), as contest judges mean
// them; a bare number is MiB, as the judge's memory limits always were.
var sizeUnits = map[string]int64{
	"":  1 << 20,
	"B": 1,
	"K": 1 << 10, "KB": 1 << 10, "KIB": 1 << 10,
	"M": 1 << 20, "MB": 1 << 20, "MIB": 1 << 20,
	"G": 1 << 30, "GB": 1 << 30, "GIB": 1 << 30,
	"T": 1 << 40, "TB": 1 << 40, "TIB": 1 << 40,
}

// sizePattern is a decimal number (no sign, no exponent, no NaN or
// infinity) and an optional unit.
var sizePattern = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)$`)

// ParseSize reads a size in bytes: a decimal number followed by B, K, M, G
// or T (also KB/KiB and so on, all binary), or a bare number of MiB. The
// result is a whole number of bytes (a fraction is rounded down) from 1 to
// MaxSize; anything else is an error that says what is wanted.
func ParseSize(s string) (int64, error) {
	m := sizePattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, fmt.Errorf("bad size %q: want a number and a unit, such as 512K, 256M or 1G (B for bytes; a bare number is MiB)", s)
	}
	unit, ok := sizeUnits[strings.ToUpper(m[2])]
	if !ok {
		return 0, fmt.Errorf("bad size %q: unknown unit %q (have B, K, M, G, T)", s, m[2])
	}
	// Exact arithmetic: a float would round 9000000000G to a value that
	// overflows when converted, and 1e-9 to zero.
	r, ok := new(big.Rat).SetString(m[1])
	if !ok {
		return 0, fmt.Errorf("bad size %q", s)
	}
	bytes := new(big.Int).Mul(r.Num(), big.NewInt(unit))
	bytes.Quo(bytes, r.Denom())
	switch {
	case bytes.Sign() <= 0:
		return 0, fmt.Errorf("bad size %q: must be at least one byte", s)
	case bytes.Cmp(big.NewInt(MaxSize)) > 0:
		return 0, fmt.Errorf("bad size %q: more than the largest size accepted, 1T", s)
	}
	return bytes.Int64(), nil
}

// FormatSize writes n bytes the way ParseSize reads them back: in the
// largest unit that divides it, else in bytes.
func FormatSize(n int64) string {
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"T", 1 << 40}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}} {
		if n != 0 && n%u.size == 0 {
			return fmt.Sprintf("%d%s", n/u.size, u.suffix)
		}
	}
	return fmt.Sprintf("%dB", n)
}

// Size is a flag value of bytes, read by ParseSize.
type Size struct{ p *int64 }

// NewSize returns a flag value that sets *p.
func NewSize(p *int64) *Size { return &Size{p} }

// Set parses s into the variable.
func (v *Size) Set(s string) error {
	n, err := ParseSize(s)
	if err != nil {
		return err
	}
	*v.p = n
	return nil
}

// String returns the variable's value, or "" while it is zero (unset).
func (v *Size) String() string {
	if v == nil || v.p == nil || *v.p == 0 {
		return ""
	}
	return FormatSize(*v.p)
}

// Type names the value in help text.
func (v *Size) Type() string { return "size" }
