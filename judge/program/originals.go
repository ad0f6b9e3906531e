package program

import (
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/problems"
)

// Originals returns the original judge's compilers that cfg's
// harness.compilers names, for lang.Options.Originals. A name that is not
// a version of a built-in language (c++98, c99, ...) is an error.
func Originals(cfg problems.Config) ([]lang.Original, error) {
	var out []lang.Original
	for _, c := range cfg.Harness.Compilers {
		l, err := lang.Lookup(c.Lang)
		if err != nil {
			return nil, fmt.Errorf("problem.yaml: harness.compilers: %w", err)
		}
		if l.Family == "" {
			return nil, fmt.Errorf("problem.yaml: harness.compilers: %s is no version of another language (want c++98, c99, ...)", c.Lang)
		}
		out = append(out, lang.Original{Language: l, OldHeaders: c.OldHeaders, Judge: c.Judge})
	}
	return out, nil
}
