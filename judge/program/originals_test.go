package program

import (
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

// TestOriginals checks every problem's harness.compilers names versions
// this judge has, and that a name that is no version is refused.
func TestOriginals(t *testing.T) {
	for _, p := range catalog.All() {
		os, err := Originals(p.Config())
		if err != nil {
			t.Errorf("%s: %v", p.ID(), err)
		}
		for _, o := range os {
			if o.Language.Family == "" || o.Judge == "" {
				t.Errorf("%s: original %+v is not a version with a judge's name", p.ID(), o)
			}
		}
	}
	var cfg problems.Config
	cfg.Harness.Compilers = []problems.Compiler{{Lang: "c++98", Judge: "POJ's G++", OldHeaders: true}}
	if os, err := Originals(cfg); err != nil || len(os) != 1 || os[0].Language.Name != "c++98" || !os[0].OldHeaders {
		t.Errorf("Originals(c++98) = %+v, %v", os, err)
	}
	for name, want := range map[string]string{"c++": "no version of another language", "fortran": `unknown language "fortran"`} {
		cfg.Harness.Compilers = []problems.Compiler{{Lang: name, Judge: "x"}}
		if _, err := Originals(cfg); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Originals(%s) = %v, want an error with %q", name, err, want)
		}
	}
}
