package problems_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// groupedFS is a problem package of three tests with the given groups:
// section of problem.yaml.
func groupedFS(groups string) fstest.MapFS {
	return fstest.MapFS{
		"problem.yaml":          {Data: []byte("name: Example\nlimits:\n  time_limit: 1\n  memory: 64\nharness:\n  checker: lines\n" + groups)},
		"data/sample/1.in":      {Data: []byte("in\n")},
		"data/sample/1.ans":     {Data: []byte("ans\n")},
		"data/secret/1.in":      {Data: []byte("one\n")},
		"data/secret/1.ans":     {Data: []byte("1\n")},
		"data/secret/2-top.in":  {Data: []byte("two\n")},
		"data/secret/2-top.ans": {Data: []byte("2\n")},
	}
}

const twoGroups = `groups:
  - name: official
    official: true
    tests: [sample/1, secret/1]
  - name: top
    tests: [secret/2-top]
    points: 40
`

func TestGroups(t *testing.T) {
	b, err := problems.NewBase("example", groupedFS(twoGroups))
	if err != nil {
		t.Fatal(err)
	}
	tests, err := b.Tests()
	if err != nil {
		t.Fatal(err)
	}
	c := b.Config()
	if g, _ := c.Group("top"); g.Points != 40 {
		t.Errorf("group top has %v points, want the 40 declared", g.Points)
	}
	for _, tc := range []struct {
		test, group string
	}{{"sample/1", "official"}, {"secret/1", "official"}, {"secret/2-top", "top"}, {"secret/9", ""}} {
		if g := c.GroupOf(tc.test); g != tc.group {
			t.Errorf("GroupOf(%s) = %q, want %q", tc.test, g, tc.group)
		}
	}
	for _, tc := range []struct {
		groups []string
		want   string // test names, or the error's text
	}{
		{[]string{"official"}, "sample/1 secret/1"},
		{[]string{"TOP"}, "secret/2-top"},
		{[]string{"top", "official"}, "sample/1 secret/1 secret/2-top"},
		{[]string{"17clue"}, `no group "17clue" (have official, top)`},
	} {
		sel, err := c.SelectGroups(tests, tc.groups)
		got := ""
		if err != nil {
			got = err.Error()
		}
		for _, s := range sel {
			got = strings.TrimSpace(got + " " + s.Name)
		}
		if got != tc.want {
			t.Errorf("SelectGroups(%v) = %s, want %s", tc.groups, got, tc.want)
		}
	}
}

// TestGroupErrors checks that a groups: section that does not put every
// test in exactly one group is refused, naming the fault.
func TestGroupErrors(t *testing.T) {
	for _, tc := range []struct {
		groups, err string
	}{
		{"groups:\n  - name: official\n    tests: [sample/1, secret/1]\n", "test secret/2-top is in no group"},
		{"groups:\n  - name: official\n    tests: [sample/1, secret/1, secret/2-top, secret/3]\n", "group official: no test secret/3 in data/"},
		{"groups:\n  - name: a\n    tests: [sample/1, secret/1]\n  - name: b\n    tests: [secret/1, secret/2-top]\n", "group b: test secret/1 is already in group a"},
		{"groups:\n  - name: a\n    tests: [sample/1]\n  - name: A\n    tests: [secret/1]\n", `two groups named "A"`},
		{"groups:\n  - name: a b\n    tests: [sample/1]\n", `name "a b"`},
		{"groups:\n  - name: a\n", "group a: no tests"},
		{"groups:\n  - name: a\n    points: -1\n    tests: [sample/1, secret/1, secret/2-top]\n", "group a: points -1"},
		{"groups:\n  - name: a\n    points: .nan\n    tests: [sample/1, secret/1, secret/2-top]\n", "group a: points NaN"},
		{"groups:\n  - name: a\n    test: [sample/1]\n", "field test not found"},
	} {
		b, err := problems.NewBase("example", groupedFS(tc.groups))
		if err == nil {
			_, err = b.Tests()
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: error %v, want one containing %q", tc.groups, err, tc.err)
		}
	}
}

// TestNoGroups checks that a problem without groups puts no test in one
// and refuses --group with a clear error.
func TestNoGroups(t *testing.T) {
	b, err := problems.NewBase("example", groupedFS(""))
	if err != nil {
		t.Fatal(err)
	}
	tests, err := b.Tests()
	if err != nil {
		t.Fatal(err)
	}
	if g := b.Config().GroupOf("secret/1"); g != "" {
		t.Errorf("GroupOf without groups = %q", g)
	}
	if _, err := b.Config().SelectGroups(tests, []string{"official"}); err == nil || !strings.Contains(err.Error(), "declares no test groups") {
		t.Errorf("SelectGroups without groups: %v", err)
	}
}

// FuzzLoadGroups feeds arbitrary problem.yaml text to Load and the test
// listing: a bad file is an error, never a panic, and a loaded one puts
// every test in exactly one group or none.
func FuzzLoadGroups(f *testing.F) {
	f.Add(twoGroups)
	f.Add("groups:\n  - name: a\n    tests: [sample/1, secret/1, secret/2-top]\n")
	f.Add("groups: [{name: x, tests: [secret/1, secret/1]}]\n")
	f.Add("groups: 7\n")
	f.Fuzz(func(t *testing.T, groups string) {
		b, err := problems.NewBase("example", groupedFS(groups))
		if err != nil {
			return
		}
		tests, err := b.Tests()
		if err != nil {
			return
		}
		c := b.Config()
		for _, tc := range tests {
			n := 0
			for _, g := range c.Groups {
				for _, name := range g.Tests {
					if name == tc.Name {
						n++
					}
				}
			}
			if len(c.Groups) > 0 && n != 1 {
				t.Errorf("test %s is in %d groups of %q", tc.Name, n, groups)
			}
		}
	})
}
