package catalog

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/markdown"
	"github.com/sudoku-judge/sudoku-judge/problems"
)

func TestAll(t *testing.T) {
	seen := make(map[string]bool)
	for _, p := range All() {
		id := p.ID()
		if seen[id] {
			t.Errorf("problem %s listed twice", id)
		}
		seen[id] = true
		if p.Config().Name == "" || p.Reference() == nil || p.Checker() == nil {
			t.Errorf("%s: incomplete problem (name %q)", id, p.Config().Name)
		}
		tests, err := p.Tests()
		if err != nil || len(tests) == 0 || tests[0].Group() != "sample" {
			t.Errorf("%s: %d tests (%v), want samples first", id, len(tests), err)
		}
		sp, ok := p.(interface{ Statement() ([]byte, error) })
		if !ok {
			t.Errorf("%s: no Statement method: a web judge cannot show it", id)
			continue
		}
		if st, err := sp.Statement(); err != nil || !strings.HasPrefix(string(st), "# ") {
			t.Errorf("%s: statement %.20q (%v), want Markdown starting with a title", id, st, err)
		}
	}
	for _, id := range []string{"poj2676", "poj3074", "poj3076", "hdu4069", "target"} {
		if !seen[id] {
			t.Errorf("problem %s is missing", id)
		}
	}
}

func TestSelect(t *testing.T) {
	all := strings.Join(IDs(), ",")
	tests := []struct {
		list    string
		want    string // ids, comma-separated
		errText string
	}{
		{"", all, ""},
		{"all", all, ""},
		{"poj3076", "poj3076", ""},
		{"poj3074, poj2676", "poj3074,poj2676", ""},
		{"poj2676,poj2676", "", "listed twice"},
		{"POJ3076,Target", "poj3076,target", ""}, // ids are case-insensitive
		{"poj2676,POJ2676", "", "listed twice"},
		{"poj2767", "", `no problem "poj2767": did you mean poj2676? (have `},
		{"targte", "", "did you mean target?"},
		{"poj9999", "", `no problem "poj9999" (have ` + strings.Join(IDs(), ", ") + ")"},
		{"poj2676,", "", `no problem ""`},
	}
	for _, tc := range tests {
		ps, err := Select(tc.list)
		if tc.errText != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errText) {
				t.Errorf("Select(%q): error %v, want %q", tc.list, err, tc.errText)
			}
			continue
		}
		if err != nil {
			t.Errorf("Select(%q): %v", tc.list, err)
			continue
		}
		var ids []string
		for _, p := range ps {
			ids = append(ids, p.ID())
		}
		if got := strings.Join(ids, ","); got != tc.want {
			t.Errorf("Select(%q) = %s, want %s", tc.list, got, tc.want)
		}
	}
}

func TestLookup(t *testing.T) {
	p, err := Lookup("poj3074")
	if err != nil || p.ID() != "poj3074" {
		t.Fatalf("Lookup(poj3074) = %v, %v", p, err)
	}
}

// TestEntryIDs checks that each entry's id is the id of the problem its
// constructor builds: IDs and Lookup trust the entry without building it.
func TestEntryIDs(t *testing.T) {
	for _, e := range entries() {
		if got := e.new().ID(); got != e.id {
			t.Errorf("entry %q builds problem %q", e.id, got)
		}
	}
}

// TestStatementHTML checks that every problem's statement in HTML and in
// LaTeX is what its Markdown renders to: the web judge shows the HTML and
// a Kattis package carries the LaTeX, so an edit of the Markdown without
// go generate would show the old text.
func TestStatementHTML(t *testing.T) {
	type statements interface {
		Statement() ([]byte, error)
		StatementHTML() ([]byte, error)
	}
	for _, p := range All() {
		sp, ok := p.(statements)
		if !ok {
			t.Errorf("%s: no statement", p.ID())
			continue
		}
		md, err := sp.Statement()
		if err != nil {
			t.Fatal(err)
		}
		want, err := markdown.Render(md)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := sp.StatementHTML(); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %s is not %s rendered (%v): run go generate ./problems", p.ID(), problems.StatementHTMLFile, problems.StatementMarkdown, err)
		}
		wantTeX, err := markdown.LaTeX(md)
		if err != nil {
			t.Errorf("%s: %v", p.ID(), err)
			continue
		}
		if got, err := fs.ReadFile(problems.Folder(p.ID()), problems.StatementLaTeX); err != nil || !bytes.Equal(got, wantTeX) {
			t.Errorf("%s: %s is not %s rendered (%v): run go generate ./problems", p.ID(), problems.StatementLaTeX, problems.StatementMarkdown, err)
		}
	}
}
