package web

import "testing"

func TestParseMark(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want mark
		ok   bool
	}{
		{"1.abc.2", mark{1, "abc", 2}, true},
		{"3..0", mark{3, "", 0}, true},
		{"0.r.1", mark{}, false},
		{"1.r.-1", mark{}, false},
		{"1.r", mark{}, false},
		{"1.r.2.3", mark{}, false},
		{"x.r.1", mark{}, false},
		{"1.a\nevent: x.1", mark{}, false},
		{"1.a b.1", mark{}, false},
		{"", mark{}, false},
	} {
		got, ok := parseMark(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("parseMark(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzParseMark reads Last-Event-ID headers as a client may send them:
// what it takes, it writes back the same.
func FuzzParseMark(f *testing.F) {
	for _, s := range []string{"1.abc.2", "3..0", "1.r", "-1.r.1", "1.r.99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := parseMark(s)
		if !ok {
			return
		}
		if m.attempt < 1 || m.tests < 0 || m.run != "" && !validRun(m.run) {
			t.Fatalf("parseMark(%q) = %+v", s, m)
		}
		if back, ok := parseMark(m.String()); !ok || back != m {
			t.Fatalf("parseMark(%q) = %+v, written %q, read back %+v, %v", s, m, m.String(), back, ok)
		}
	})
}
