package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

func newExportCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "export [--format kattis] PROBLEM OUT",
		Short: "Write a problem as a Kattis problem package, a folder or a zip",
		Long: `export writes PROBLEM as a problem package in the Kattis format, which Kattis'
problemtools (v1.20231016) verifies and DOMjudge imports: to the folder OUT
(made; if it exists it must be empty), or to OUT as a zip when OUT ends in .zip.
problemtools wants the folder named like the problem: [a-z0-9]+.

The package holds problem.yaml in the format's schema, the statement as
problem_statement/problem.en.tex (and the Markdown it is made from), data/sample
and data/secret with a folder for each test group, input validators that accept
what the problem's parser accepts, an output validator wherever the checker is
not the format's default one, and submissions in accepted/, wrong_answer/ and
time_limit_exceeded/. Settings the format has no place for (the time limit,
the groups and which is the headline) are in sudoku-judge.yaml beside
problem.yaml, which sudoku-judge reads back when it judges the package
(test, run and serve --problem OUT); NOTES.md says how the package was made and
where problemtools judges otherwise (it limits address space, not resident
memory).`,
		Example: `  sudoku-judge export poj2676 poj2676
  sudoku-judge export --format kattis xsudoku xsudoku.zip
  verifyproblem poj2676          # problemtools, from its own checkout`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "kattis" {
				return fmt.Errorf("export: --format %q: the one format is kattis", format)
			}
			prob, err := catalog.Lookup(args[0])
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			out := args[1]
			if strings.HasSuffix(out, ".zip") {
				return exportZip(prob, out)
			}
			w, err := kattis.DirWriter(out)
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			if err := kattis.Export(prob, problems.Folder(prob.ID()), w); err != nil {
				os.RemoveAll(out)
				return fmt.Errorf("export: %w", err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "kattis", "package `format`: kattis (the legacy version problemtools v1.20231016 verifies)")
	return cmd
}

// exportZip writes prob as a zip at out, which must not exist; a failed
// export leaves no file.
func exportZip(prob problems.Problem, out string) error {
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	zw := kattis.NewZipWriter(f)
	err = kattis.Export(prob, problems.Folder(prob.ID()), zw)
	if err == nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out)
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
