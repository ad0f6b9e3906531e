package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func TestList(t *testing.T) {
	code, stdout, stderr := cli(t, "list")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, p := range catalog.All() {
		if !strings.Contains(stdout, "| "+p.ID()+" ") || !strings.Contains(stdout, p.Config().Name) {
			t.Errorf("list does not show problem %s (%s):\n%s", p.ID(), p.Config().Name, stdout)
		}
	}
	for _, p := range catalog.All() {
		for i, g := range p.Config().Groups {
			row := regexp.MustCompile(`\| ` + regexp.QuoteMeta(p.ID()) + ` +\| ` + regexp.QuoteMeta(g.Name) + ` +\| (headline|extended) `)
			if m := row.FindStringSubmatch(stdout); m == nil || (m[1] == "headline") != (i == 0) {
				t.Errorf("list does not show group %s of %s as %s:\n%s", g.Name, p.ID(), map[bool]string{true: "headline", false: "extended"}[i == 0], stdout)
			}
		}
	}
	for _, s := range strategies.All() {
		if !strings.Contains(stdout, "| "+s.Name()+" ") {
			t.Errorf("list does not show strategy %s:\n%s", s.Name(), stdout)
		}
	}
	wantUsageError(t, `unknown command "extra"`, "list", "extra")
}

// TestREADMETables: README.md's table of problems and table of test groups
// are the ones list --markdown makes from each problem.yaml (issue 11), so
// a new problem or group cannot be left out of the README or drift from its
// declaration.
func TestREADMETables(t *testing.T) {
	for _, p := range catalog.All() {
		if c := p.Config(); c.Input == "" || c.Output == "" {
			t.Errorf("%s: problem.yaml lacks input: or output: (input %q, output %q)", p.ID(), c.Input, c.Output)
		}
	}
	code, stdout, stderr := cli(t, "list", "--markdown")
	if code != exitOK || stderr != "" {
		t.Fatalf("list --markdown: exit %d, stderr %q", code, stderr)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	tables := strings.Split(strings.TrimSpace(stdout), "\n\n")
	if len(tables) != 2 {
		t.Fatalf("list --markdown printed %d tables, want 2:\n%s", len(tables), stdout)
	}
	for _, want := range tables {
		header, _, _ := strings.Cut(want, "\n")
		if rows := strings.Count(want, "\n") - 1; rows != len(catalog.All()) {
			t.Errorf("table %q has %d rows, want one per problem (%d)", header, rows, len(catalog.All()))
		}
		i := strings.Index(string(readme), "\n"+header+"\n")
		if i < 0 {
			t.Errorf("README.md has no table headed %q; paste in list --markdown's:\n%s", header, want)
			continue
		}
		var got []string
		for _, line := range strings.Split(string(readme[i+1:]), "\n") {
			if !strings.HasPrefix(line, "|") {
				break
			}
			got = append(got, line)
		}
		if g := strings.Join(got, "\n"); g != want {
			t.Errorf("README.md's table differs from list --markdown's; paste in\n%s\n\nover\n%s", want, g)
		}
	}
}
