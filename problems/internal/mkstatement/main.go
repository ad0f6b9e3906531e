package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudoku-judge/sudoku-judge/internal/markdown"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mkstatement:", err)
		os.Exit(1)
	}
}

// run renders every */problem_statement/problem.en.md below the current
// directory (problems/).
func run() error {
	mds, err := filepath.Glob(filepath.Join("*", "problem_statement", "problem.en.md"))
	if err != nil {
		return err
	}
	if len(mds) == 0 {
		return fmt.Errorf("no */problem_statement/problem.en.md here: run in problems/")
	}
	for _, p := range mds {
		md, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		html, err := markdown.Render(md)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		tex, err := markdown.LaTeX(md)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		dir := filepath.Dir(p)
		if err := os.WriteFile(filepath.Join(dir, "problem.en.html"), html, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "problem.en.tex"), tex, 0o644); err != nil {
			return err
		}
	}
	return nil
}
