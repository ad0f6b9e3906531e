package program

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// RealPath returns path p absolute and with every symbolic link on the way
// resolved (to it, a parent folder, the current folder): the one name by
// which the sandbox could show it, and so the one to hide.
func RealPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("program: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("program: %w", err)
	}
	return real, nil
}

// ReadDir reads a plain folder of tests, with the oj and Kattis
// conventions: every X.in, in this folder or below, paired with X.ans or,
// failing that, X.out. Tests are named by their path without ".in",
// relative to dir, in natural order ("2" before "10").
func ReadDir(dir string) ([]problems.Test, error) {
	if fi, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("program: tests: %w", err)
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("program: tests: %s is not a folder", dir)
	}
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".in") {
			rel, err := filepath.Rel(dir, strings.TrimSuffix(p, ".in"))
			if err != nil {
				return err
			}
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("program: tests: %w", err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("program: tests: no X.in files in %s", dir)
	}
	sort.Slice(names, func(i, j int) bool { return problems.NaturalLess(names[i], names[j]) })
	tests := make([]problems.Test, 0, len(names))
	for _, n := range names {
		base := filepath.Join(dir, filepath.FromSlash(n))
		in, err := os.ReadFile(base + ".in")
		if err != nil {
			return nil, fmt.Errorf("program: tests: %w", err)
		}
		ans, err := os.ReadFile(base + ".ans")
		if os.IsNotExist(err) {
			ans, err = os.ReadFile(base + ".out")
		}
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("program: tests: %s.in has no %s.ans or %s.out", base, filepath.Base(base), filepath.Base(base))
		}
		if err != nil {
			return nil, fmt.Errorf("program: tests: %w", err)
		}
		tests = append(tests, problems.Test{Name: n, Input: in, Answer: ans})
	}
	return tests, nil
}
