package contest

import (
	"context"
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

func TestRegistryConfigure(t *testing.T) {
	r := NewRegistry()
	if err := r.Register("plain", Func(func(context.Context, []byte, []byte, []byte) Result { return Result{Verdict: AC} })); err != nil {
		t.Fatal(err)
	}
	if c, err := r.Configure("lines", Args{"line_end_space": "compare"}); err != nil || c != (Lines{LineEndSpace: true}) {
		t.Errorf("Configure(lines, compare) = %v, %v", c, err)
	}
	if s := (Args{"layout": "WA", "blank_lines": "skip"}).String(); s != "blank_lines: skip, layout: WA" {
		t.Errorf("Args.String() = %q", s)
	}
	if c, err := r.Configure("tokens", nil); err != nil || c != (Tokens{}) {
		t.Errorf("Configure(tokens, nil) = %v, %v", c, err)
	}
	for _, tt := range []struct {
		name string
		args Args
		err  string
	}{
		{"lines", Args{"layout": "AC"}, `checker "lines": layout: "AC": want PE or WA`},
		{"tokens", Args{"layout": "WA"}, `checker "tokens" takes no arguments (got layout)`},
		{"plain", Args{"x": "y"}, `checker "plain" takes no arguments`},
		{"nope", nil, `no checker named "nope"`},
	} {
		if _, err := r.Configure(tt.name, tt.args); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Configure(%s, %v) = %v, want %q", tt.name, tt.args, err, tt.err)
		}
	}
}
