package sudokujudge_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sudokujudge "github.com/sudoku-judge/sudoku-judge"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

// TestTestdata: every set puzzleset names is embedded, byte for byte the
// file in testdata/.
func TestTestdata(t *testing.T) {
	for _, s := range puzzleset.Sets() {
		ps, err := puzzleset.LoadFS(sudokujudge.Testdata(), s.Name, 0)
		if err != nil {
			t.Fatal(err)
		}
		onDisk, err := puzzleset.Load("testdata", s.Name, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) == 0 || len(ps) != len(onDisk) || ps[len(ps)-1].String() != onDisk[len(ps)-1].String() {
			t.Errorf("set %s: %d puzzles embedded, %d on disk", s.Name, len(ps), len(onDisk))
		}
		want, err := os.ReadFile(filepath.Join("testdata", s.File))
		if err != nil {
			t.Fatal(err)
		}
		got, err := readFS(s.File)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: embedded copy differs from testdata/ (%v)", s.File, err)
		}
	}
}

func readFS(name string) ([]byte, error) {
	return fs.ReadFile(sudokujudge.Testdata(), name)
}

// TestProvenanceInRepo: testdata says where its files come from by public
// sources and paths inside the repository, never by a folder beside the
// checkout that a reader does not have (issue 11).
func TestProvenanceInRepo(t *testing.T) {
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, outside := range []string{"../shared", "/work/"} {
			if strings.Contains(string(b), outside) {
				t.Errorf("%s mentions %q, a folder outside the repository", path, outside)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
