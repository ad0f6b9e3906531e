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

func FuzzParseAge(f *testing.F) {
	for _, s := range []string{"30d", "12h", "0d", "-1d", "99999999999d", "1.5d", "d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseAge(s)
		if err == nil && (d < time.Minute || d > MaxAge) {
			t.Fatalf("ParseAge(%q) = %v, outside [1m, MaxAge]", s, d)
		}
		if err == nil {
			var back time.Duration
			if err := NewAge(&back).Set(NewAge(&d).String()); err != nil || back != d {
				t.Fatalf("ParseAge(%q) = %v, written %q, read back %v, %v", s, d, NewAge(&d).String(), back, err)
			}
		}
	})
}
