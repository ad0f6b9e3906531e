package stress

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Extensions of the files a failure is saved as. NAME.in and NAME.ans pair
// up as one test for program.ReadDir; it ignores the others.
const (
	InputExt    = ".in"       // the failing input, shrunk if it was
	ExpectedExt = ".ans"      // the oracle's or reference's answer
	ActualExt   = ".actual"   // the program's output
	OriginalExt = ".original" // the input as generated, when it was shrunk
)

// maxSaves bounds the folders tried for one seed.
const maxSaves = 1000

// Save writes the failure into a folder of its own under dir, named after
// the problem, the kind and the seed, such as hdu4069-multiple-seed17. The
// folder is made anew, so an earlier failure is never overwritten: another
// failure on the same seed goes to hdu4069-multiple-seed17-2. The folder
// holds NAME.in and NAME.ans, which `sudoku-judge test --tests FOLDER`
// replays (and `--tests dir` replays every failure saved), NAME.actual and,
// when the input was shrunk, NAME.original. Save records the folder and
// NAME in f.Dir and f.Name.
func (f *Failure) Save(dir, problem string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("stress: saving the failure: %w", err)
	}
	base := problem
	if f.Kind != "" {
		base += "-" + f.Kind
	}
	base += fmt.Sprintf("-seed%d", f.Seed)
	name, folder := base, ""
	for n := 1; ; n++ {
		if n > 1 {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		folder = filepath.Join(dir, name)
		err := os.Mkdir(folder, 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || n == maxSaves {
			return fmt.Errorf("stress: saving the failure: %w", err)
		}
	}
	files := []struct {
		ext  string
		data []byte
	}{{InputExt, f.Input}, {ExpectedExt, f.Expected}, {ActualExt, f.Actual}}
	if f.Shrunk < f.Cases {
		files = append(files, struct {
			ext  string
			data []byte
		}{OriginalExt, f.Original})
	}
	for _, file := range files {
		if err := os.WriteFile(filepath.Join(folder, name+file.ext), file.data, 0o644); err != nil {
			return fmt.Errorf("stress: saving the failure: %w", err)
		}
	}
	f.Dir, f.Name = folder, name
	return nil
}
