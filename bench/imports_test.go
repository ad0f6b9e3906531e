package bench

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports: the data flows one way (contract <- solvers, problems <-
// judge <- bench <- cmd), and bench needs nothing of the judge: its
// tables come from internal/textable, not judge/table (issue 11).
func TestImports(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goTool, "list", "-deps", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/sudoku-judge/sudoku-judge/"
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, module+"judge/") || pkg == module+"judge" {
			t.Errorf("bench depends on %s", pkg)
		}
	}
}
