package bench

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// TestImports: the data flows one way (contract <- solvers, problems <-
// judge <- bench <- cmd), and bench needs nothing of the judge: its
// tables come from internal/textable, not judge/table (issue 11).
func TestImports(t *testing.T) {
	goTool := testenv.NeedCommand(t, "go")
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
