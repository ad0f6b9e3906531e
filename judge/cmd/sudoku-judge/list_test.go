package main

import (
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
