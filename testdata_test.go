package sudokujudge_test

import (
	"io/fs"
	"os"
	"path/filepath"
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
