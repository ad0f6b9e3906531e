package stress

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func catalogProblems() []problems.Problem { return catalog.All() }

// Saving failures of the same seed twice keeps both; each folder replays
// as one test, and the whole folder as all of them.
func TestSaveNeverOverwrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "failures")
	for _, tc := range []struct {
		f        Failure
		wantName string
		files    []string
	}{
		{Failure{Seed: 17, Kind: "multiple", Input: []byte("in 1\n"), Expected: []byte("ans 1\n"), Actual: []byte("out 1\n"), Cases: 1, Shrunk: 1},
			"hdu4069-multiple-seed17", []string{".in", ".ans", ".actual"}},
		{Failure{Seed: 17, Kind: "multiple", Input: []byte("in 2\n"), Expected: []byte("ans 2\n"), Actual: []byte("out 2\n"), Original: []byte("orig\n"), Cases: 3, Shrunk: 1},
			"hdu4069-multiple-seed17-2", []string{".in", ".ans", ".actual", ".original"}},
		{Failure{Seed: 4, Input: []byte("in 3\n"), Expected: []byte("ans 3\n"), Cases: 1, Shrunk: 1},
			"hdu4069-seed4", []string{".in", ".ans", ".actual"}},
	} {
		f := tc.f
		if err := f.Save(dir, "hdu4069"); err != nil {
			t.Fatal(err)
		}
		if f.Name != tc.wantName || f.Dir != filepath.Join(dir, tc.wantName) {
			t.Errorf("saved as %s in %s, want %s", f.Name, f.Dir, tc.wantName)
		}
		entries, err := os.ReadDir(f.Dir)
		if err != nil || len(entries) != len(tc.files) {
			t.Errorf("%s holds %d files, want %v (%v)", f.Dir, len(entries), tc.files, err)
		}
		tests, err := program.ReadDir(f.Dir)
		if err != nil || len(tests) != 1 || string(tests[0].Input) != string(f.Input) || string(tests[0].Answer) != string(f.Expected) {
			t.Errorf("replaying %s: %+v, %v", f.Dir, tests, err)
		}
	}
	if tests, err := program.ReadDir(dir); err != nil || len(tests) != 3 {
		t.Errorf("the folder of failures holds %d tests, %v; want 3", len(tests), err)
	}
}

func TestSaveError(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f := Failure{Seed: 1}
	if err := f.Save(file, "poj3074"); err == nil || f.Dir != "" {
		t.Errorf("saving under a file: %v, dir %q", err, f.Dir)
	}
}
