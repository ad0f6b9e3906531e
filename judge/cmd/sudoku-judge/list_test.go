package main

import (
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
	for _, s := range strategies.All() {
		if !strings.Contains(stdout, "| "+s.Name()+" ") {
			t.Errorf("list does not show strategy %s:\n%s", s.Name(), stdout)
		}
	}
	wantUsageError(t, `unknown command "extra"`, "list", "extra")
}
