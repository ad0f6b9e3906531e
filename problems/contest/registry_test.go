package contest

import (
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	if got := strings.Join(r.Names(), ","); got != "lines,tokens" {
		t.Fatalf("stock names %s", got)
	}
	if c, err := r.Lookup("lines"); err != nil || c != (Lines{}) {
		t.Errorf("Lookup(lines) = %v, %v", c, err)
	}
	if c, err := r.Lookup("tokens"); err != nil || c != (Tokens{}) {
		t.Errorf("Lookup(tokens) = %v, %v", c, err)
	}
	for _, tt := range []struct {
		name string
		c    Checker
		err  string
	}{
		{"lines", Tokens{}, "registered twice"},
		{"Mine", Lines{}, "lower-case"},
		{"", Lines{}, "lower-case"},
		{"nil", nil, "nil checker"},
	} {
		if err := r.Register(tt.name, tt.c); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Register(%q) = %v, want %q", tt.name, err, tt.err)
		}
	}
	if c, _ := r.Lookup("lines"); c != (Lines{}) {
		t.Errorf("a refused registration replaced lines")
	}
	if err := r.Register("mine", Tokens{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Lookup("nope"); err == nil || !strings.Contains(err.Error(), "have lines, mine, tokens") {
		t.Errorf("Lookup(nope) = %v", err)
	}
}
