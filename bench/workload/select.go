package workload

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	sudokujudge "github.com/sudoku-judge/sudoku-judge"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

// SetNames returns the names of the public puzzle sets, in order.
func SetNames() []string {
	var names []string
	for _, s := range puzzleset.Sets() {
		names = append(names, s.Name)
	}
	return names
}

// Sets returns the public puzzle sets: those built into the binary when
// dir is "", else those of dir, checked to hold every set.
func Sets(dir string) (fs.FS, error) {
	if dir == "" {
		return sudokujudge.Testdata(), nil
	}
	var files []string
	for _, s := range puzzleset.Sets() {
		files = append(files, s.File)
	}
	for _, s := range puzzleset.Sets() {
		if _, err := os.Stat(filepath.Join(dir, s.File)); err != nil {
			return nil, fmt.Errorf("%s: no puzzle set %s there (%w): want a directory holding %s, like the repository's testdata", dir, s.File, err, strings.Join(files, ", "))
		}
	}
	return os.DirFS(dir), nil
}

// Select loads the workload of every (problem, set) pair of two
// comma-separated lists, as bench takes them: problems are IDs, Sudoku
// (the default) or "all"; sets are Tests, public sets or "all" (the
// default: Tests, top95 and hardest1106). A pair that does not apply
// (Sudoku has no tests) is left out of a product of lists, but is an
// error when it is the only one asked for. max bounds the puzzles of each
// set (0: all).
func Select(sets fs.FS, problemList, setList string, max int) ([]*Workload, error) {
	probs, err := problemsOf(problemList)
	if err != nil {
		return nil, err
	}
	names, err := setsOf(setList)
	if err != nil {
		return nil, err
	}
	explicit := strings.TrimSpace(setList) != ""
	var ws []*Workload
	for _, p := range probs {
		for _, s := range names {
			w, err := Load(sets, p, s, max)
			if errors.Is(err, ErrNotApplicable) && (!explicit || len(names) > 1 || len(probs) > 1) {
				continue // e.g. sudoku has no tests: skip quietly in a product of lists
			}
			if err != nil {
				return nil, err
			}
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return nil, fmt.Errorf("no set of %q applies to problem %q", strings.TrimSpace(setList), strings.TrimSpace(problemList))
	}
	return ws, nil
}

// problemsOf reads a comma-separated list of problems for Select.
func problemsOf(list string) ([]string, error) {
	switch list = strings.TrimSpace(list); list {
	case "":
		return []string{Sudoku}, nil
	case "all":
		return Problems(), nil
	}
	var probs []string
	for _, id := range strings.Split(list, ",") {
		id = strings.TrimSpace(id)
		if err := Lookup(id); err != nil {
			return nil, fmt.Errorf("problem: %w", err)
		}
		probs = append(probs, id)
	}
	return probs, nil
}

// setsOf reads a comma-separated list of sets for Select.
func setsOf(list string) ([]string, error) {
	switch list = strings.TrimSpace(list); list {
	case "":
		return []string{Tests, "top95", "hardest1106"}, nil
	case "all":
		return append([]string{Tests}, SetNames()...), nil
	}
	var sets []string
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s != Tests {
			if _, err := puzzleset.Lookup(s); err != nil {
				return nil, fmt.Errorf("set: %w (have tests, %s)", err, strings.Join(SetNames(), ", "))
			}
		}
		sets = append(sets, s)
	}
	return sets, nil
}
