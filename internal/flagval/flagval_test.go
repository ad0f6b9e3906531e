package flagval

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64 // 0: an error
	}{
		{"256", 256 << 20},
		{"256M", 256 << 20},
		{"256MB", 256 << 20},
		{"256MiB", 256 << 20},
		{"256m", 256 << 20},
		{"1G", 1 << 30},
		{"1.5G", 3 << 29},
		{"512K", 512 << 10},
		{"512B", 512},
		{"512b", 512},
		{"1B", 1},
		{" 64M ", 64 << 20},
		{"1T", 1 << 40},
		{"1.5K", 1536},
		{"1.0001B", 1}, // rounded down to whole bytes
		// Everything below once became a limit of zero or less, which
		// is no limit at all, or silently meant something else.
		{"NaN", 0},
		{"nan", 0},
		{"Inf", 0},
		{"+Inf", 0},
		{"-1", 0},
		{"-256M", 0},
		{"0", 0},
		{"0M", 0},
		{"0.0000001", 0},
		{"0.5B", 0},
		{"1e-9", 0},
		{"1e3", 0},
		{"9000000000G", 0},
		{"1025G", 0},
		{"2T", 0},
		{"99999999999999999999999999", 0},
		{"512X", 0},
		{"512KBB", 0},
		{"0x100", 0},
		{"", 0},
		{"M", 0},
		{"1,5G", 0},
		{".5G", 0},
	} {
		got, err := ParseSize(tc.in)
		if tc.want == 0 {
			if err == nil {
				t.Errorf("ParseSize(%q) = %d, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

func TestParseSizeErrorSaysWhy(t *testing.T) {
	for in, want := range map[string]string{
		"512X":        `unknown unit "X"`,
		"0":           "at least one byte",
		"9000000000G": "largest size",
		"NaN":         "want a number and a unit",
	} {
		_, err := ParseSize(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSize(%q) error = %v, want it to say %q", in, err, want)
		}
	}
}

func TestFormatSize(t *testing.T) {
	for _, tc := range []struct {
		in   int64
		want string
	}{{512, "512B"}, {1024, "1K"}, {1536, "1536B"}, {256 << 20, "256M"}, {3 << 30, "3G"}, {1 << 40, "1T"}} {
		if got := FormatSize(tc.in); got != tc.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration // 0: an error
	}{
		{"2s", 2 * time.Second},
		{"500ms", 500 * time.Millisecond},
		{"1m30s", 90 * time.Second},
		{"1ns", 1},
		{"24h", 24 * time.Hour},
		{"0", 0},
		{"0s", 0},
		{"-1s", 0},
		{"2", 0},
		{"NaN", 0},
		{"Inf", 0},
		{"1e9s", 0},
		{"25h", 0},
		{"9999999999999999999h", 0},
		{"2x", 0},
		{"", 0},
	} {
		got, err := ParseDuration(tc.in)
		if tc.want == 0 {
			if err == nil {
				t.Errorf("ParseDuration(%q) = %v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if _, err := ParseDuration("2"); err == nil || !strings.Contains(err.Error(), "missing unit, such as 2s") {
		t.Errorf("ParseDuration(\"2\") error = %v, want it to suggest 2s", err)
	}
}

func TestParseCount(t *testing.T) {
	for _, tc := range []struct {
		in       string
		min, max int
		want     int
		ok       bool
	}{
		{"10", 1, 100, 10, true},
		{"1", 1, 100, 1, true},
		{"100", 1, 100, 100, true},
		{"0", 1, 100, 0, false},
		{"0", 0, 100, 0, true},
		{"101", 1, 100, 0, false},
		{"-1", 0, 100, 0, false},
		{"1.5", 1, 100, 0, false},
		{"1e3", 1, 10000, 0, false},
		{"99999999999999999999", 1, math.MaxInt, 0, false},
		{"NaN", 1, 100, 0, false},
		{"", 1, 100, 0, false},
	} {
		got, err := ParseCount(tc.in, tc.min, tc.max)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseCount(%q, %d, %d) = %d, %v; want %d (ok %v)", tc.in, tc.min, tc.max, got, err, tc.want, tc.ok)
		}
	}
}

func TestParseFloat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64 // 0: an error
	}{
		{"10", 10},
		{"2.5", 2.5},
		{"0.001", 0.001},
		{".5", 0.5},
		{"10.", 10},
		{"0", 0},
		{"0.0", 0},
		{"-5", 0},
		{"NaN", 0},
		{"Inf", 0},
		{"infinity", 0},
		{"1e3", 0},
		{"1" + strings.Repeat("0", 400), 0},
		{"0x10", 0},
		{"", 0},
	} {
		got, err := ParseFloat(tc.in)
		if tc.want == 0 {
			if err == nil {
				t.Errorf("ParseFloat(%q) = %v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseFloat(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestValuesLeaveUnsetAlone checks the adapters: a zero variable prints as
// unset, Set changes it only on success.
func TestValuesLeaveUnsetAlone(t *testing.T) {
	var (
		size  int64
		dur   time.Duration
		count = 3
		rate  float64
	)
	sv, dv, cv, fv := NewSize(&size), NewDuration(&dur), NewCount(&count, 1, 10), NewFloat(&rate)
	if sv.String() != "" || dv.String() != "" || fv.String() != "" || cv.String() != "3" {
		t.Fatalf("unset values print %q %q %q %q", sv, dv, fv, cv)
	}
	for _, bad := range []struct {
		v interface{ Set(string) error }
		s string
	}{{sv, "NaN"}, {dv, "0"}, {cv, "0"}, {fv, "-1"}} {
		if err := bad.v.Set(bad.s); err == nil {
			t.Errorf("Set(%q) succeeded", bad.s)
		}
	}
	if size != 0 || dur != 0 || count != 3 || rate != 0 {
		t.Fatalf("a failed Set changed its variable: %d %v %d %v", size, dur, count, rate)
	}
	for _, good := range []struct {
		v interface{ Set(string) error }
		s string
	}{{sv, "64M"}, {dv, "1s"}, {cv, "7"}, {fv, "2.5"}} {
		if err := good.v.Set(good.s); err != nil {
			t.Errorf("Set(%q): %v", good.s, err)
		}
	}
	if size != 64<<20 || dur != time.Second || count != 7 || rate != 2.5 {
		t.Fatalf("Set gave %d %v %d %v", size, dur, count, rate)
	}
	if sv.String() != "64M" || dv.String() != "1s" || cv.String() != "7" || fv.String() != "2.5" {
		t.Fatalf("set values print %q %q %q %q", sv, dv, cv, fv)
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"256M", "NaN", "1e-9", "9000000000G", "0.5B", "512X", "1.5G"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err != nil {
			return
		}
		if n < 1 || n > MaxSize {
			t.Fatalf("ParseSize(%q) = %d, outside [1, MaxSize]", s, n)
		}
		if back, err := ParseSize(FormatSize(n)); err != nil || back != n {
			t.Fatalf("ParseSize(FormatSize(%d) = %q) = %d, %v", n, FormatSize(n), back, err)
		}
	})
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"2s", "0", "-1s", "9999999999999999999h", "1.5h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err == nil && (d <= 0 || d > MaxDuration) {
			t.Fatalf("ParseDuration(%q) = %v, outside (0, MaxDuration]", s, d)
		}
	})
}

func FuzzParseFloat(f *testing.F) {
	for _, s := range []string{"10", "NaN", "Inf", "1e400", "0.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseFloat(s)
		if err == nil && (!(x > 0) || math.IsInf(x, 0)) {
			t.Fatalf("ParseFloat(%q) = %v, not positive and finite", s, x)
		}
	})
}

func TestParsePercent(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"10", 10, true},
		{"0", 0, true},
		{"0.0", 0, true},
		{"2.5", 2.5, true},
		{"1000000", 1e6, true},
		{"1000001", 0, false},
		{"-1", 0, false},
		{"NaN", 0, false},
		{"Inf", 0, false},
		{"1e2", 0, false},
		{"", 0, false},
	} {
		got, err := ParsePercent(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParsePercent(%q) = %v, %v; want %v (ok %v)", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
