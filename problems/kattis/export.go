package kattis

import (
	"archive/zip"
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"go.yaml.in/yaml/v3"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/variant"
)

// validators holds the output validators that stand for the checkers
// every problem shares: lines.cpp is the checker "lines", with its
// settings as flags, as a Kattis program; grid.cpp the input validator of
// a problem of data alone.
//
//go:embed validators
var validators embed.FS

// include holds the code the problems' programs share: sudoku.h the
// submissions' solver, validate.h the validators' reading and rejecting.
// A program's #include of one is written into it in its place, so that
// every exported program is one file.
//
//go:embed include
var include embed.FS

// licenses are the values of license problemtools v1.20231016 takes.
var licenses = []string{"unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission"}

// A Writer receives the files of an exported package, by slash-separated
// path in the package.
type Writer interface {
	WriteFile(name string, data []byte) error
}

// Export writes p as a package in the Kattis format (the legacy version
// problemtools v1.20231016 verifies) to w. files is p's folder
// (problems.Folder): its statement (problem_statement/, the LaTeX beside
// the Markdown), its input validators, output validators and submissions
// are copied as they are. The rest is written from p:
//
//   - problem.yaml: the format's fields of p's problem.yaml (a license the
//     format does not list becomes unknown);
//   - sudoku-judge.yaml ([ExtensionFile]): the settings the format has no
//     place for, which [Open] reads back: the time limit, input and output
//     in brief, harness settings, the test groups with their tests' names
//     in the package;
//   - .timelimit: the time limit, as DOMjudge reads it (problemtools finds
//     its own from the accepted submissions);
//   - data/sample, and data/secret with a folder for each test group,
//     numbered in p's order ("1-official"), and the numbers starting test
//     names padded so that problemtools' order is p's;
//   - an output validator for a checker that is not the format's default
//     validator: p's own program, or lines.cpp for a checker that accepts
//     what "lines" accepts; the checker's settings (checker_args) are its
//     validator_flags, each key=value;
//   - NOTES.md: how the package was made and where it differs from this
//     judge.
func Export(p problems.Task, files fs.FS, w Writer) error {
	c := p.Config()
	tests, err := p.Tests()
	if err != nil {
		return fmt.Errorf("kattis: export %s: %w", p.ID(), err)
	}
	ex := exporter{p: p, c: c, files: files, w: w}
	steps := []func() error{
		ex.validation, // first: problem.yaml says which
		ex.problemYAML,
		func() error { return ex.data(tests) },
		ex.extension,
		ex.timeLimit,
		func() error {
			return ex.copyDir("problem_statement", func(n string) bool { return !strings.HasSuffix(n, ".html") })
		},
		ex.inputValidators,
		ex.submissions,
		func() error { return ex.copyFile("SOURCE.md") },
		ex.notes,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("kattis: export %s: %w", p.ID(), err)
		}
	}
	return nil
}

// exporter is Export's state: what it has decided so far.
type exporter struct {
	p       problems.Task
	c       problems.Config
	files   fs.FS
	w       Writer
	custom  bool              // validation: custom
	flags   []string          // validator_flags
	renamed map[string]string // test name in p → in the package
	license string            // problem.yaml's, one the format lists
}

// A linesChecker is a checker that accepts what a [contest.Lines] accepts
// and differs from it only in its messages, such as poj3076's.
type linesChecker interface {
	AsLines() contest.Lines
}

// validation writes the output validator, if the checker needs one, and
// decides problem.yaml's validation and validator_flags: the checker's
// settings (problem.yaml's harness.checker_args), each key=value.
func (ex *exporter) validation() error {
	args := ex.c.Harness.CheckerArgs
	for _, k := range args.Keys() {
		ex.flags = append(ex.flags, k+"="+args[k])
	}
	if _, err := fs.Stat(ex.files, "output_validators"); err == nil {
		ex.custom = true
		return ex.copyPrograms("output_validators")
	}
	c := ex.p.Checker()
	if lc, ok := c.(linesChecker); ok {
		c = lc.AsLines()
	}
	switch c.(type) {
	case contest.Tokens:
		if len(args) > 0 {
			return fmt.Errorf("checker %q takes no settings, got %v", ex.c.Harness.Checker, args)
		}
		ex.flags = []string{"case_sensitive"} // Tokens compares bytes
		return nil
	case contest.Lines:
		ex.custom = true
		b, err := validators.ReadFile("validators/lines/lines.cpp")
		if err != nil {
			return err
		}
		return ex.writeProgram("output_validators/lines/lines.cpp", b)
	}
	return fmt.Errorf("checker %q has no output validator program: give the problem's folder an output_validators/ (a Kattis program that accepts what the checker accepts)", ex.c.Harness.Checker)
}

// legacyConfig is problem.yaml as Export writes it.
type legacyConfig struct {
	Name           string         `yaml:"name"`
	Source         string         `yaml:"source,omitempty"`
	SourceURL      string         `yaml:"source_url,omitempty"`
	License        string         `yaml:"license"`
	RightsOwner    string         `yaml:"rights_owner,omitempty"`
	Validation     string         `yaml:"validation"`
	ValidatorFlags string         `yaml:"validator_flags,omitempty"`
	Limits         map[string]int `yaml:"limits"`
}

func (ex *exporter) problemYAML() error {
	c := ex.c
	ex.license = strings.ToLower(strings.TrimSpace(c.License))
	if !slices.Contains(licenses, ex.license) {
		ex.license = "unknown"
	}
	lc := legacyConfig{Name: c.Name, Source: c.Source, SourceURL: c.SourceURL, License: ex.license, Validation: "default",
		ValidatorFlags: strings.Join(ex.flags, " "), Limits: map[string]int{"memory": c.Limits.Memory, "output": c.Limits.Output}}
	if ex.custom {
		lc.Validation = "custom"
	}
	if lc.Source == "" && lc.License != "unknown" && lc.License != "public domain" {
		lc.RightsOwner = "sudoku-judge"
	}
	return ex.writeYAML("problem.yaml", lc)
}

// extension writes sudoku-judge.yaml: p's problem.yaml but for what
// problem.yaml holds, with the groups' tests named as in the package.
func (ex *exporter) extension() error {
	c := ex.c
	c.Groups = slices.Clone(c.Groups) // the problem's own stay as they are
	for i, g := range c.Groups {
		tests := make([]string, len(g.Tests))
		for j, t := range g.Tests {
			tests[j] = ex.renamed[t]
		}
		c.Groups[i].Tests = tests
	}
	b, err := yaml.Marshal(c)
	if err != nil {
		return err
	}
	var all map[string]any
	if err := yaml.Unmarshal(b, &all); err != nil {
		return err
	}
	// What problem.yaml holds is left out; everything else is kept, so that
	// a setting added to problems.Config travels without a change here.
	for _, k := range []string{"name", "source", "source_url", "validation"} {
		delete(all, k)
	}
	all["limits"] = map[string]any{"time_limit": c.Limits.TimeLimit}
	if ex.license == strings.ToLower(strings.TrimSpace(c.License)) {
		delete(all, "license") // else the one problem.yaml could not take
	}
	for k, v := range all {
		if v == nil || v == "" {
			delete(all, k)
		}
	}
	b, err = yaml.Marshal(all)
	if err != nil {
		return err
	}
	head := "# sudoku-judge's settings for this problem, beside problem.yaml: what the\n# Kattis format has no place for. sudoku-judge reads them when it judges\n# this package; other tools pass the file over.\n"
	return ex.w.WriteFile(ExtensionFile, append([]byte(head), b...))
}

func (ex *exporter) timeLimit() error {
	return ex.w.WriteFile(".timelimit", []byte(strconv.FormatFloat(ex.c.Limits.TimeLimit, 'f', -1, 64)+"\n"))
}

// data writes the tests: samples as they are, secret tests in a folder of
// their group, numbered in the groups' order.
func (ex *exporter) data(tests []problems.Test) error {
	ex.renamed = map[string]string{}
	width := len(strconv.Itoa(len(ex.c.Groups)))
	dirOf := map[string]string{} // test → its folder in the package
	for _, t := range tests {
		dirOf[t.Name] = path.Join("data", path.Dir(t.Name))
	}
	for i, g := range ex.c.Groups {
		for _, t := range g.Tests {
			if path.Dir(t) == "secret" {
				dirOf[t] = path.Join("data", "secret", fmt.Sprintf("%0*d-%s", width, i+1, g.Name))
			}
		}
	}
	byDir := map[string][]problems.Test{}
	var dirs []string
	for _, t := range tests {
		d := dirOf[t.Name]
		if _, ok := byDir[d]; !ok {
			dirs = append(dirs, d)
		}
		byDir[d] = append(byDir[d], t)
	}
	for _, d := range dirs {
		names := make([]string, len(byDir[d]))
		for i, t := range byDir[d] {
			names[i] = path.Base(t.Name)
		}
		names = padNumbers(names)
		for i, t := range byDir[d] {
			base := path.Join(d, names[i])
			ex.renamed[t.Name] = strings.TrimPrefix(base, "data/")
			if err := ex.w.WriteFile(base+".in", t.Input); err != nil {
				return err
			}
			if err := ex.w.WriteFile(base+".ans", t.Answer); err != nil {
				return err
			}
		}
	}
	return nil
}

// padNumbers pads the numbers that start names with zeros to one width, so
// that names sort as text (as problemtools sorts them) as they sort by
// number ("2" before "10").
func padNumbers(names []string) []string {
	width := 0
	for _, n := range names {
		width = max(width, len(leadingDigits(n)))
	}
	out := make([]string, len(names))
	for i, n := range names {
		d := leadingDigits(n)
		if d == "" {
			out[i] = n
			continue
		}
		out[i] = strings.Repeat("0", width-len(d)) + n
	}
	return out
}

func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// inputValidators copies the problem's input validators, or for a
// problem whose input is one puzzle a line (a problem of data alone,
// xsudoku) writes grid.cpp, with the flags that say its format in
// data/testdata.yaml.
func (ex *exporter) inputValidators() error {
	if _, err := fs.Stat(ex.files, "input_validators"); err == nil {
		return ex.copyPrograms("input_validators")
	}
	v, err := ex.lineFormat()
	if err != nil {
		return fmt.Errorf("no input_validators/, and %w", err)
	}
	b, err := validators.ReadFile("validators/grid/grid.cpp")
	if err != nil {
		return err
	}
	if err := ex.writeProgram("input_validators/grid/grid.cpp", b); err != nil {
		return err
	}
	symbols, empty := v.Symbols()
	flags := fmt.Sprintf("size %d symbols %s empty %c", v.Size(), symbols, empty)
	return ex.writeYAML("data/testdata.yaml", map[string]string{"input_validator_flags": flags})
}

// A lineFormatted problem reads its input in a variant.LineFormat, as
// xsudoku does: grid.cpp is its input validator too.
type lineFormatted interface {
	LineFormat() *variant.LineFormat
}

// lineFormat returns the problem's input format when it is one puzzle a
// line, or an error saying it is not.
func (ex *exporter) lineFormat() (*variant.LineFormat, error) {
	if lf, ok := ex.p.(lineFormatted); ok {
		return lf.LineFormat(), nil
	}
	v, err := ex.variant()
	if err != nil {
		return nil, err
	}
	return v.LineFormat, nil
}

// variant returns the problem as a variant of data alone, or an error
// saying it is not one.
func (ex *exporter) variant() (*variant.Problem, error) {
	if ex.c.Harness.Sudoku == nil {
		return nil, errors.New("the problem is not only data (problem.yaml declares no harness.sudoku) to write one from")
	}
	return variant.New(ex.p)
}

// submissions copies the problem's submissions, each with the shared
// code it includes written into it; for a problem that is only data
// without submissions of its own, it writes them from its topology.
func (ex *exporter) submissions() error {
	if _, err := fs.Stat(ex.files, "submissions"); err != nil {
		v, verr := ex.variant()
		if verr != nil {
			return fmt.Errorf("no submissions/ (problemtools wants an accepted one), and %w", verr)
		}
		return ex.variantSubmissions(v)
	}
	return ex.copyPrograms("submissions")
}

// copyPrograms copies the programs below dir in the problem's folder,
// each with the shared code it includes written into it.
func (ex *exporter) copyPrograms(dir string) error {
	return fs.WalkDir(ex.files, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(ex.files, p)
		if err != nil {
			return err
		}
		return ex.writeProgram(p, b)
	})
}

// writeProgram writes a program's source with the shared code it
// includes written into it.
func (ex *exporter) writeProgram(name string, src []byte) error {
	b, err := ex.inline(src, map[string]bool{})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return ex.w.WriteFile(name, b)
}

// inline replaces each line #include "NAME" of src whose NAME is a file of
// the problem's include/ folder, or of this package's include/ (shared by
// every problem), with that file, itself inlined; a file already inlined
// (in seen) is left out the second time.
func (ex *exporter) inline(src []byte, seen map[string]bool) ([]byte, error) {
	var out bytes.Buffer
	for line := range bytes.Lines(src) {
		name, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte(`#include "`))
		if ok {
			name, ok = bytes.CutSuffix(name, []byte(`"`))
		}
		if !ok {
			out.Write(line)
			continue
		}
		b, err := fs.ReadFile(ex.files, path.Join("include", string(name)))
		if errors.Is(err, fs.ErrNotExist) {
			b, err = include.ReadFile(path.Join("include", string(name)))
		}
		if errors.Is(err, fs.ErrNotExist) {
			out.Write(line) // a header of the program's own
			continue
		}
		if err != nil {
			return nil, err
		}
		if seen[string(name)] {
			continue
		}
		seen[string(name)] = true
		if b, err = ex.inline(b, seen); err != nil {
			return nil, err
		}
		fmt.Fprintf(&out, "// ---- %s, shared by sudoku-judge's programs ----\n", name)
		out.Write(b)
		fmt.Fprintf(&out, "// ---- end of %s ----\n", name)
	}
	return out.Bytes(), nil
}

// variantTemplate is the submissions Export writes for a problem that is
// only data: one program, told which units to keep and how to search.
var variantTemplate = template.Must(template.ParseFS(include, "include/variant.cpp.tmpl"))

// variantSubmissions writes an accepted submission (Dancing Links over
// every unit), a wrong one (without the units that make the variant) and
// a slow one (backtracking that checks all but the rows on full grids
// only) for a problem that is only data.
func (ex *exporter) variantSubmissions(v *variant.Problem) error {
	units := v.Units()
	n := v.Size()
	plain := units[:len(units)-v.ExtraUnits()]
	wrong, wrongWhy, wrongSolve := plain, "without its extra units", "sudoku::count(p, 2, s)"
	switch {
	case v.ExtraUnits() == 0 && v.Jigsaw():
		wrong, wrongWhy = append(slices.Clone(units[:2*n]), boxes(n)...), "with square boxes for its regions"
	case v.ExtraUnits() == 0:
		wrong, wrongWhy, wrongSolve = units, "stopping at the first solution", "sudoku::count(p, 1, s)"
	}
	symbols, empty := v.Symbols()
	none, multiple := v.Answers()
	subs := []struct {
		path, comment, solve string
		units                [][]int
	}{
		{"submissions/accepted/dlx.cpp", ": Dancing Links counts each puzzle's solutions up to two, every\n// unit kept.", "sudoku::count(p, 2, s)", units},
		{"submissions/wrong_answer/" + map[bool]string{true: "first", false: "plain"}[wrongSolve != "sudoku::count(p, 2, s)"] + ".cpp",
			", wrong: solves each puzzle " + wrongWhy + ".", wrongSolve, wrong},
		{"submissions/time_limit_exceeded/naive.cpp", ", too slow: backtracking that keeps only the rows as it fills the\n// grid and checks every other unit on each full grid.",
			fmt.Sprintf("sudoku::naive(p, 2, s, %d)", n), units},
	}
	for _, sub := range subs {
		var b bytes.Buffer
		err := variantTemplate.Execute(&b, map[string]any{
			"Name": ex.c.Name, "Comment": sub.comment, "Size": n, "Cells": n * n, "Units": sub.units, "Solve": sub.solve,
			"Symbols": cEscape(symbols), "Empty": cEscape(string(empty)), "None": cEscape(none), "Multiple": cEscape(multiple),
		})
		if err != nil {
			return err
		}
		if err := ex.writeProgram(sub.path, b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// boxes returns the square boxes of an n x n grid, as units.
func boxes(n int) [][]int {
	b := 1
	for b*b < n {
		b++
	}
	var out [][]int
	for k := range n {
		var u []int
		for i := range n {
			u = append(u, (k/b*b+i/b)*n+k%b*b+i%b)
		}
		out = append(out, u)
	}
	return out
}

// cEscape writes s for a C string or character literal.
func cEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, `'`, `\'`).Replace(s)
}

// copyDir copies the files below dir in the problem's folder, those keep
// allows (nil: all); a folder the problem lacks is nothing to copy.
func (ex *exporter) copyDir(dir string, keep func(name string) bool) error {
	return fs.WalkDir(ex.files, dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == dir {
			return fs.SkipDir
		}
		if err != nil || d.IsDir() || keep != nil && !keep(p) {
			return err
		}
		return ex.copyFile(p)
	})
}

// copyFile copies one file of the problem's folder, if it has it.
func (ex *exporter) copyFile(name string) error {
	b, err := fs.ReadFile(ex.files, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return ex.w.WriteFile(name, b)
}

func (ex *exporter) writeYAML(name string, v any) error {
	b, err := yaml.Marshal(v)
	if err != nil {
		return err
	}
	return ex.w.WriteFile(name, b)
}

// notes writes NOTES.md.
func (ex *exporter) notes() error {
	c := ex.c
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: notes on this package\n\n", c.Name)
	fmt.Fprintf(&b, "Exported by sudoku-judge (`sudoku-judge export %s`) from its problem folder, in the\n", ex.p.ID())
	b.WriteString("Kattis problem package format that problemtools v1.20231016 verifies.\n\n")
	fmt.Fprintf(&b, "- **Time limit.** %s s per test, in `.timelimit` (DOMjudge reads it) and in\n", strconv.FormatFloat(c.Limits.TimeLimit, 'f', -1, 64))
	b.WriteString("  `sudoku-judge.yaml`. problemtools ignores both: it sets its own limit from the\n")
	b.WriteString("  accepted submissions (the slowest test times `time_multiplier`, 5), and the\n")
	b.WriteString("  submissions in `time_limit_exceeded/` exceed that too.\n")
	fmt.Fprintf(&b, "- **Memory.** %d MiB. problemtools applies it as a limit on the address space\n", c.Limits.Memory)
	b.WriteString("  (`RLIMIT_AS`); sudoku-judge, like POJ, counts resident memory. A program that\n")
	b.WriteString("  reserves much more than it touches (a large static array it never fills, a\n")
	b.WriteString("  runtime that maps a big heap up front) is accepted by sudoku-judge and POJ and\n")
	b.WriteString("  gets a run-time error under problemtools: two programs POJ accepts for POJ\n")
	b.WriteString("  2676 reserve 168-224 MB and touch a few.\n")
	if ex.custom {
		b.WriteString("- **Checker.** The output validator in `output_validators/` accepts exactly what\n")
		fmt.Fprintf(&b, "  sudoku-judge's checker `%s` accepts (sudoku-judge's tests compare the two on\n", c.Harness.Checker)
		b.WriteString("  mutated outputs). Where that checker says presentation error (the right answer\n")
		b.WriteString("  laid out otherwise) the validator rejects, saying so: the format has no such\n")
		b.WriteString("  verdict.\n")
	}
	b.WriteString("- **Input validators.** Those in `input_validators/` accept exactly what the\n")
	b.WriteString("  problem's parser in sudoku-judge accepts (its tests compare the two on every\n")
	b.WriteString("  test and on mutated inputs).\n")
	if len(c.Groups) > 0 {
		b.WriteString("- **Test groups.** `data/secret/` holds a folder for each group, numbered in\n")
		fmt.Fprintf(&b, "  sudoku-judge's order; the first, `%s`, is its headline verdict", c.Groups[0].Name)
		if c.Groups[0].Official {
			b.WriteString(" (the original\n  judge's own data)")
		}
		b.WriteString(". Kattis judges every test alike.\n")
	}
	if ex.license != strings.ToLower(strings.TrimSpace(c.License)) {
		fmt.Fprintf(&b, "- **License.** %q is not a license the format lists, so problem.yaml says\n  `unknown`.\n", c.License)
	}
	return ex.w.WriteFile("NOTES.md", []byte(b.String()))
}

// DirWriter writes a package into the folder dir, which it makes; a dir
// that exists must be empty, so that an export never mixes with other
// files.
func DirWriter(dir string) (Writer, error) {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return nil, fmt.Errorf("kattis: %s is not empty", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	return dirWriter(dir), nil
}

type dirWriter string

func (d dirWriter) WriteFile(name string, data []byte) error {
	p := filepath.Join(string(d), filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// A ZipWriter writes a package as a zip, its files at the root (as
// DOMjudge imports it). Close finishes the zip.
type ZipWriter struct{ zw *zip.Writer }

// NewZipWriter returns a ZipWriter writing to w.
func NewZipWriter(w io.Writer) *ZipWriter { return &ZipWriter{zip.NewWriter(w)} }

// WriteFile adds a file to the zip.
func (z *ZipWriter) WriteFile(name string, data []byte) error {
	f, err := z.zw.Create(name)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, bytes.NewReader(data))
	return err
}

// Close writes the zip's directory.
func (z *ZipWriter) Close() error { return z.zw.Close() }
