package main

import (
	"fmt"
	"os"

	"github.com/sudoku-judge/sudoku-judge/internal/markdown"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mkstatement:", err)
		os.Exit(1)
	}
}

func run() error {
	md, err := os.ReadFile("statement.md")
	if err != nil {
		return err
	}
	html, err := markdown.Render(md)
	if err != nil {
		return fmt.Errorf("statement.md: %w", err)
	}
	return os.WriteFile("statement.html", html, 0o644)
}
