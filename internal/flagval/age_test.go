package flagval

import (
	"testing"
	"time"
)

func TestParseAge(t *testing.T) {
	day := 24 * time.Hour
	for _, tc := range []struct {
		in   string
		want time.Duration // 0: an error
	}{
		{"30d", 30 * day},
		{" 1d ", day},
		{"12h", 12 * time.Hour},
		{"1m", time.Minute},
		{"3650d", 3650 * day},
		{"59s", 0},
		{"0d", 0},
		{"-1d", 0},
		{"1.5d", 0},
		{"3651d", 0},
		{"99999999999d", 0},
		{"87601h", 0},
		{"d", 0},
		{"30", 0},
		{"", 0},
	} {
		got, err := ParseAge(tc.in)
		if tc.want == 0 {
			if err == nil {
				t.Errorf("ParseAge(%q) = %v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseAge(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	var d time.Duration
	v := NewAge(&d)
	for _, tc := range []struct{ set, want string }{{"30d", "30d"}, {"36h", "36h0m0s"}, {"48h", "2d"}} {
		if err := v.Set(tc.set); err != nil || v.String() != tc.want {
			t.Errorf("Set(%q): %v, String %q; want %q", tc.set, err, v.String(), tc.want)
		}
	}
}
