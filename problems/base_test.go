package problems_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestBase(t *testing.T) {
	fsys := fstest.MapFS{
		"problem.yaml":        {Data: []byte("name: Example\nlimits:\n  time_limit: 1\n  memory: 64\nharness:\n  checker: lines\n")},
		"data/sample/1.in":    {Data: []byte("in\n")},
		"data/sample/1.ans":   {Data: []byte("ans\n")},
		"data/secret/10.in":   {Data: []byte("ten\n")},
		"data/secret/10.ans":  {Data: []byte("10\n")},
		"data/secret/2-a.in":  {Data: []byte("two\n")},
		"data/secret/2-a.ans": {Data: []byte("2\n")},
	}
	b, err := problems.NewBase("example", fsys)
	if err != nil {
		t.Fatal(err)
	}
	if b.ID() != "example" || b.Config().Name != "Example" || b.Config().OutputLimit() != 64<<20 {
		t.Errorf("ID %q, config %+v", b.ID(), b.Config())
	}
	tests, err := b.Tests()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tc := range tests {
		names = append(names, tc.Name)
	}
	if got := strings.Join(names, " "); got != "sample/1 secret/2-a secret/10" {
		t.Errorf("tests %s", got)
	}

	bad := fstest.MapFS{"problem.yaml": {Data: []byte("name: Example\n")}}
	if _, err := problems.NewBase("example", bad); err == nil || !strings.HasPrefix(err.Error(), "example: problems: ") {
		t.Errorf("invalid problem.yaml: error %v, want one naming the problem", err)
	}
	// MustBase reads problem.yaml only when a method needs it: ID does
	// not, Config does, and panics.
	lazy := problems.MustBase("example", bad)
	if lazy.ID() != "example" {
		t.Errorf("MustBase: ID %q", lazy.ID())
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "time_limit") {
			t.Errorf("Config of an invalid problem.yaml: panic %v", r)
		}
	}()
	lazy.Config()
}

// TestCheckerByName checks that problem.yaml's harness.checker chooses the
// checker, and harness.checker_args its settings: each stock name, a special
// judge, a checker file, and an unknown or missing name or argument refused.
func TestCheckerByName(t *testing.T) {
	special := contest.Func(func(context.Context, []byte, []byte, []byte) contest.Result {
		return contest.Result{Verdict: contest.WA, Message: "special"}
	})
	tests := []struct {
		checker string
		args    string          // harness.checker_args, a YAML flow map
		want    contest.Verdict // on output "1 2" against answer "1\n2"
		file    bool
		err     string
	}{
		{"lines", "", contest.PE, false, ""},
		{"lines", "{layout: WA}", contest.WA, false, ""},
		{"lines", "{layout: AC}", "", false, `harness.checker: checker "lines": layout: "AC": want PE or WA`},
		{"tokens", "", contest.AC, false, ""},
		{"tokens", "{layout: WA}", "", false, `checker "tokens" takes no arguments`},
		{"mine", "", contest.WA, false, ""},
		{"check/chk.cpp", "", contest.IE, true, ""},
		{"check/chk.cpp", "{layout: WA}", "", false, "a checker file takes no arguments"},
		{"check/missing.cpp", "", "", false, "missing.cpp"},
		{"exact", "", "", false, `no checker named "exact" (have lines, mine, tokens)`},
		{"", "", "", false, "harness.checker must name a checker"},
	}
	for _, tt := range tests {
		t.Run(tt.checker+tt.args, func(t *testing.T) {
			harness := "{checker: \"" + tt.checker + "\"}"
			if tt.args != "" {
				harness = "{checker: \"" + tt.checker + "\", checker_args: " + tt.args + "}"
			}
			fsys := fstest.MapFS{
				"problem.yaml":  {Data: []byte("name: X\nlimits: {time_limit: 1, memory: 64}\nharness: " + harness + "\n")},
				"check/chk.cpp": {Data: []byte("int main() {}\n")},
			}
			b, err := problems.NewBase("x", fsys, problems.Special{Name: "mine", Checker: special})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r := contest.Run(context.Background(), b.Checker(), nil, []byte("1 2\n"), []byte("1\n2\n"))
			if r.Verdict != tt.want {
				t.Errorf("checker %q judged %s (%s), want %s", tt.checker, r.Verdict, r.Message, tt.want)
			}
			f, ok := b.CheckerFile()
			if ok != tt.file || (ok && (f.Path != tt.checker || string(f.Source) != "int main() {}\n")) {
				t.Errorf("CheckerFile() = %+v, %v", f, ok)
			}
		})
	}
}
