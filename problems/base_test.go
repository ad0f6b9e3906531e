package problems_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

func TestBase(t *testing.T) {
	fsys := fstest.MapFS{
		"problem.yaml":        {Data: []byte("name: Example\nlimits:\n  time_limit: 1\n  memory: 64\n")},
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
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "time_limit") {
			t.Errorf("MustBase of an invalid problem.yaml: panic %v", r)
		}
	}()
	problems.MustBase("example", bad)
}
