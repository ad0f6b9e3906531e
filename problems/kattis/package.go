package kattis

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// ExtensionFile is the file beside problem.yaml that holds our own
// settings, which the format has no place for: the time limit, the test
// groups and their headline, harness settings. It is problem.yaml's
// schema in problems.Config, every key optional.
const ExtensionFile = "sudoku-judge.yaml"

// A Package is a problem package in the Kattis format, read whole by
// [Open]. It is a [problems.Task]: a judge runs programs on its tests with
// its checker under its limits.
type Package struct {
	id         string
	kattis     Config
	config     problems.Config
	warnings   []error
	tests      []problems.Test
	checker    contest.Checker
	validator  *problems.CheckerFile // the output validator program, if any
	inputVals  []Program
	inputFlags map[string][]string // by test: its group's input_validator_flags
	subs       []Submission
	statement  []byte // problem.en.md or .tex, as written
	timeLimit  string // where the time limit came from, "" when none is set
	extension  bool   // the package carries sudoku-judge.yaml
	statementT string // "md" or "tex"
}

var _ interface {
	problems.Task
	problems.CheckerProgram
} = (*Package)(nil)

// A Program is a program of the package: a single source file, or a
// folder holding one source file and the files it includes.
type Program struct {
	Path  string            // in the package: "submissions/accepted/sol.cpp", "output_validators/check"
	Main  string            // the source file's name, a key of Files; "" when no file is a source
	Files map[string][]byte // by name
}

// An Expectation is the verdict a submission's folder names.
type Expectation string

// The submission folders of the format, each the verdict its programs must
// get: legacy's, and 2023-07's rejected (any verdict but AC).
const (
	Accepted          Expectation = "accepted"
	WrongAnswer       Expectation = "wrong_answer"
	TimeLimitExceeded Expectation = "time_limit_exceeded"
	RunTimeError      Expectation = "run_time_error"
	Rejected          Expectation = "rejected"
)

var expectations = []Expectation{Accepted, WrongAnswer, TimeLimitExceeded, RunTimeError, Rejected}

// Accepts reports whether a submission whose first failing test got v
// (AC when none failed) meets the expectation, as problemtools sees
// verdicts: a presentation error is a wrong answer there, and going over
// the memory or output limit a run-time error. A compile error or a
// judge's failure meets none.
func (e Expectation) Accepts(v contest.Verdict) bool {
	switch e {
	case Accepted:
		return v == contest.AC
	case WrongAnswer:
		return v == contest.WA || v == contest.PE
	case TimeLimitExceeded:
		return v == contest.TLE
	case RunTimeError:
		return v == contest.RE || v == contest.MLE || v == contest.OLE
	case Rejected:
		return v == contest.WA || v == contest.PE || v == contest.TLE || v == contest.RE || v == contest.MLE || v == contest.OLE
	}
	return false
}

// A Submission is one of the package's own programs under
// submissions/FOLDER, which must get the verdict FOLDER names.
type Submission struct {
	Program
	Expect Expectation
}

// sourceExtensions are the file suffixes the format's languages compile
// or run (problemtools' languages.yaml); anything else in a program's
// folder (a header, a README) is a file the source may read.
var sourceExtensions = []string{".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".py", ".java", ".go", ".rs", ".js", ".kt", ".hs", ".rb", ".cs", ".pas", ".php", ".scala", ".ml", ".m", ".pl", ".lisp", ".f90"}

// submissionName is the names problemtools takes as submissions.
var submissionName = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9_.-]*[a-zA-Z0-9](\.c\+\+)?$`)

// idPattern is the names a package may have: a web judge puts them in
// its URLs.
var idPattern = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9_-]*$`)

// OpenPath reads the package in the folder or zip file at path. A zip may
// hold the package's files at its root or in one folder. The package's id
// is the folder's name (the zip's, without .zip, when its files are at its
// root).
func OpenPath(p string) (*Package, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	if fi.IsDir() {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("kattis: %w", err)
		}
		pkg, err := Open(os.DirFS(abs), filepath.Base(abs))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		return pkg, nil
	}
	zr, err := zip.OpenReader(p)
	if err != nil {
		return nil, fmt.Errorf("kattis: %s: %w", p, err)
	}
	defer zr.Close()
	var fsys fs.FS = zr
	id := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	if _, err := fs.Stat(zr, "problem.yaml"); err != nil {
		entries, err := fs.ReadDir(zr, ".")
		if err != nil || len(entries) != 1 || !entries[0].IsDir() {
			return nil, fmt.Errorf("kattis: %s: no problem.yaml at the root of the zip or in its one folder", p)
		}
		id = entries[0].Name()
		if fsys, err = fs.Sub(zr, id); err != nil {
			return nil, fmt.Errorf("kattis: %s: %w", p, err)
		}
	}
	pkg, err := Open(fsys, id)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return pkg, nil
}

// Open reads the package in fsys, whose id is id: problem.yaml, the tests
// in data/, the statement, the validators and the submissions. Problems
// problemtools would report as errors are errors here, naming the file;
// problems it would warn of are [Package.Warnings]. Interactive problems
// are refused: this judge runs programs on files.
func Open(fsys fs.FS, id string) (*Package, error) {
	if !idPattern.MatchString(id) {
		return nil, fmt.Errorf("kattis: package name %q: want letters, digits, '-' and '_'", id)
	}
	b, err := fs.ReadFile(fsys, "problem.yaml")
	if err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	kc, warnings, err := parseConfig(b)
	if err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	if kc.Interactive() {
		return nil, fmt.Errorf("kattis: problem.yaml: an interactive problem (%s), which this judge does not run", kc.Validation)
	}
	p := &Package{id: id, kattis: kc, warnings: warnings}
	if kc.Scoring() {
		p.warnings = append(p.warnings, errors.New("problem.yaml: a scoring problem: judged pass-fail, each test accepted or not"))
	}
	flags, err := p.readTests(fsys)
	if err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	if err := p.readChecker(fsys, append(append([]string(nil), kc.ValidatorFlags...), flags...)); err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	if p.inputVals, err = programs(fsys, inputValidatorDir(fsys)); err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	if err := p.readSubmissions(fsys); err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	p.readStatement(fsys)
	if err := p.makeConfig(fsys); err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	return p, nil
}

// readTests reads data/ as problemtools does: the entries of each folder
// in byte order of their names, a folder's tests in its place among them,
// every X.ans with an X.in a test named by its path without the suffix
// ("secret/group1/03"). It returns the output validator flags the tests'
// testdata.yaml files give, which must be the same for every test.
func (p *Package) readTests(fsys fs.FS) ([]string, error) {
	var flagsOf = map[string][]string{} // by folder with tests
	p.inputFlags = map[string][]string{}
	// testdata reads dir's testdata.yaml, whose flags replace the ones
	// of the folder above.
	testdata := func(dir string, flags, inFlags []string) ([]string, []string, error) {
		b, err := fs.ReadFile(fsys, path.Join(dir, "testdata.yaml"))
		if err != nil {
			return flags, inFlags, nil
		}
		var td struct {
			Flags   *string `yaml:"output_validator_flags"`
			InFlags *string `yaml:"input_validator_flags"`
		}
		if err := yaml.Unmarshal(b, &td); err != nil {
			return nil, nil, fmt.Errorf("%s/testdata.yaml: %w", dir, err)
		}
		if td.Flags != nil {
			flags = strings.Fields(*td.Flags)
		}
		if td.InFlags != nil {
			inFlags = strings.Fields(*td.InFlags)
		}
		return flags, inFlags, nil
	}
	var walk func(dir string, flags, inFlags []string) error
	walk = func(dir string, flags, inFlags []string) error {
		flags, inFlags, err := testdata(dir, flags, inFlags)
		if err != nil {
			return err
		}
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return err
		}
		names := map[string]bool{}
		for _, e := range entries {
			names[e.Name()] = true
		}
		for _, e := range entries { // fs.ReadDir sorts by name
			name := e.Name()
			full := path.Join(dir, name)
			switch {
			case e.IsDir():
				if err := walk(full, flags, inFlags); err != nil {
					return err
				}
			case strings.HasSuffix(name, ".ans"):
				base := strings.TrimSuffix(name, ".ans")
				if !names[base+".in"] {
					return fmt.Errorf("%s: no %s.in beside it", full, base)
				}
				in, err := fs.ReadFile(fsys, path.Join(dir, base+".in"))
				if err != nil {
					return err
				}
				ans, err := fs.ReadFile(fsys, full)
				if err != nil {
					return err
				}
				name := strings.TrimPrefix(path.Join(dir, base), "data/")
				p.tests = append(p.tests, problems.Test{Name: name, Input: in, Answer: ans})
				p.inputFlags[name] = inFlags
				flagsOf[dir] = flags
			case strings.HasSuffix(name, ".in") && !names[strings.TrimSuffix(name, ".in")+".ans"]:
				return fmt.Errorf("%s: no %s.ans beside it", full, strings.TrimSuffix(name, ".in"))
			}
		}
		return nil
	}
	rootFlags, rootInFlags, err := testdata("data", nil, nil)
	if err != nil {
		return nil, err
	}
	for _, top := range []string{"sample", "secret"} {
		dir := path.Join("data", top)
		if _, err := fs.Stat(fsys, dir); errors.Is(err, fs.ErrNotExist) {
			if top == "secret" {
				return nil, errors.New("data/secret: no such folder: a package needs secret tests")
			}
			continue
		}
		if err := walk(dir, rootFlags, rootInFlags); err != nil {
			return nil, err
		}
	}
	if len(p.tests) == 0 {
		return nil, errors.New("data/: no tests (X.in with X.ans)")
	}
	var flags []string
	first := ""
	dirs := make([]string, 0, len(flagsOf))
	for d := range flagsOf {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		if first == "" {
			first, flags = d, flagsOf[d]
			continue
		}
		if strings.Join(flagsOf[d], " ") != strings.Join(flags, " ") {
			return nil, fmt.Errorf("%s and %s: output_validator_flags differ (%q, %q): flags by test group are not supported", first, d,
				strings.Join(flags, " "), strings.Join(flagsOf[d], " "))
		}
	}
	return flags, nil
}

// readChecker reads the output validator: the default one with flags, or
// the package's one program (legacy output_validators/, 2023-07
// output_validator/).
func (p *Package) readChecker(fsys fs.FS, flags []string) error {
	var progs []Program
	for _, dir := range []string{"output_validators", "output_validator"} {
		ps, err := programs(fsys, dir)
		if err != nil {
			return err
		}
		if dir == "output_validator" && len(ps) > 0 {
			// 2023-07: the folder is the one program.
			files, err := readFolder(fsys, dir)
			if err != nil {
				return err
			}
			ps = []Program{newProgram(dir, files)}
		}
		progs = append(progs, ps...)
	}
	custom := strings.HasPrefix(p.kattis.Validation, "custom") || p.kattis.FormatVersion != "legacy" && len(progs) > 0
	switch {
	case !custom && len(progs) > 0:
		return fmt.Errorf("problem.yaml: validation %q, but there is an output validator (%s)", p.kattis.Validation, progs[0].Path)
	case !custom:
		v, err := ParseFlags(flags)
		if err != nil {
			return fmt.Errorf("problem.yaml: validator_flags: %w", err)
		}
		p.checker = v
		return nil
	case len(progs) == 0:
		return errors.New("problem.yaml: custom validation, but there is no output validator program")
	case len(progs) > 1:
		return fmt.Errorf("%d output validators (%s, %s): one is supported", len(progs), progs[0].Path, progs[1].Path)
	}
	v := progs[0]
	if v.Main == "" {
		return fmt.Errorf("%s: no source file of a known language", v.Path)
	}
	f := &problems.CheckerFile{Path: path.Join(v.Path, v.Main), Source: v.Files[v.Main], Kattis: true, Flags: flags}
	if len(v.Files) > 1 {
		f.Files = map[string][]byte{}
		for n, b := range v.Files {
			if n != v.Main {
				f.Files[n] = b
			}
		}
	}
	if v.Main != "" && bytes.Contains(f.Source, []byte("testlib.h")) {
		// A testlib checker speaks testlib's interface, whatever folder
		// holds it.
		f.Kattis, f.Flags = false, nil
	}
	p.validator = f
	p.checker = problems.Unbuilt(f.Path)
	return nil
}

// inputValidatorDir returns the folder of input validators: legacy's
// input_format_validators or the newer input_validators.
func inputValidatorDir(fsys fs.FS) string {
	if fi, err := fs.Stat(fsys, "input_validators"); err == nil && fi.IsDir() {
		return "input_validators"
	}
	return "input_format_validators"
}

// programs reads the programs in dir, as problemtools finds them: each
// file is a program of its own, each folder one program of all its files.
func programs(fsys fs.FS, dir string) ([]Program, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Program
	for _, e := range entries {
		full := path.Join(dir, e.Name())
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.IsDir() {
			files, err := readFolder(fsys, full)
			if err != nil {
				return nil, err
			}
			out = append(out, newProgram(full, files))
			continue
		}
		b, err := fs.ReadFile(fsys, full)
		if err != nil {
			return nil, err
		}
		out = append(out, newProgram(full, map[string][]byte{e.Name(): b}))
	}
	return out, nil
}

// readFolder reads the files of dir (not its subfolders) by name.
func readFolder(fsys fs.FS, dir string) (map[string][]byte, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files[e.Name()] = b
	}
	return files, nil
}

// newProgram makes a program of files, whose source is its one file with a
// source suffix (Main is "" when there are none or several).
func newProgram(p string, files map[string][]byte) Program {
	prog := Program{Path: p, Files: files}
	for n := range files {
		if isSource(n) {
			if prog.Main != "" {
				prog.Main = ""
				break
			}
			prog.Main = n
		}
	}
	return prog
}

func isSource(name string) bool {
	for _, ext := range sourceExtensions {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// readSubmissions reads submissions/FOLDER for each folder the format
// names; names problemtools would not take as submissions are skipped.
func (p *Package) readSubmissions(fsys fs.FS) error {
	for _, e := range expectations {
		progs, err := programs(fsys, path.Join("submissions", string(e)))
		if err != nil {
			return err
		}
		for _, prog := range progs {
			if submissionName.MatchString(path.Base(prog.Path)) {
				p.subs = append(p.subs, Submission{Program: prog, Expect: e})
			}
		}
	}
	return nil
}

// readStatement reads the English statement, Markdown before LaTeX, from
// the legacy or the 2023-07 folder; a package without one is a warning.
func (p *Package) readStatement(fsys fs.FS) {
	for _, dir := range []string{"problem_statement", "statement"} {
		for _, name := range []string{"problem.en.md", "problem.md", "problem.en.tex", "problem.tex"} {
			if b, err := fs.ReadFile(fsys, path.Join(dir, name)); err == nil {
				p.statement, p.statementT = b, path.Ext(name)[1:]
				return
			}
		}
	}
	p.warnings = append(p.warnings, errors.New("no statement (problem_statement/problem.en.tex or .md)"))
}

// problemName matches LaTeX's \problemname{...}, which names a legacy
// problem when problem.yaml does not.
var problemName = regexp.MustCompile(`\\problemname\{([^}]*)\}`)

// makeConfig makes the problems.Config a judge reads: problem.yaml's
// fields, then sudoku-judge.yaml's, then the time limit from the first of
// sudoku-judge.yaml, 2023-07's limits.time_limit and DOMjudge's .timelimit
// that sets one.
func (p *Package) makeConfig(fsys fs.FS) error {
	k := p.kattis
	c := problems.Config{Name: k.Name, Source: k.Source, SourceURL: k.SourceURL, License: k.License, Validation: "default"}
	if c.Name == "" && p.statementT == "tex" {
		if m := problemName.FindSubmatch(p.statement); m != nil {
			c.Name = strings.TrimSpace(string(m[1]))
		}
	}
	if c.Name == "" {
		c.Name = p.id
	}
	c.Harness.Checker = "default"
	if v := p.kattis.ValidatorFlags; len(v) > 0 && p.validator == nil {
		c.Harness.Checker = "default " + strings.Join(v, " ")
	}
	if p.validator != nil {
		c.Validation, c.Harness.Checker = "custom", p.validator.Path
	}
	c.Limits.Memory, c.Limits.Output = k.Limits.Memory, k.Limits.Output
	if b, err := fs.ReadFile(fsys, ExtensionFile); err == nil {
		// Our own settings, which problem.yaml has no place for; what it
		// has stays problem.yaml's, and the package's validator judges.
		var ext problems.Config
		dec := yaml.NewDecoder(bytes.NewReader(b))
		dec.KnownFields(true)
		if err := dec.Decode(&ext); err != nil {
			return fmt.Errorf("%s: %w", ExtensionFile, err)
		}
		p.extension = true
		kattisOwn := c
		c = ext
		c.Name, c.Source, c.SourceURL, c.Validation = kattisOwn.Name, kattisOwn.Source, kattisOwn.SourceURL, kattisOwn.Validation
		if c.License == "" {
			c.License = kattisOwn.License
		}
		c.Harness.Checker = kattisOwn.Harness.Checker
		c.Limits.Memory, c.Limits.Output = k.Limits.Memory, k.Limits.Output
		if ext.Limits.TimeLimit > 0 {
			p.timeLimit = ExtensionFile
		}
		if err := c.CheckGroups(p.tests); err != nil {
			return fmt.Errorf("%s: %w", ExtensionFile, err)
		}
	}
	if p.timeLimit == "" && k.Limits.TimeLimit > 0 {
		c.Limits.TimeLimit, p.timeLimit = k.Limits.TimeLimit, "problem.yaml"
	}
	if b, err := fs.ReadFile(fsys, ".timelimit"); p.timeLimit == "" && err == nil {
		t, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64)
		if err != nil || t <= 0 {
			return fmt.Errorf(".timelimit: %q: want a positive number of seconds", strings.TrimSpace(string(b)))
		}
		c.Limits.TimeLimit, p.timeLimit = t, ".timelimit"
	}
	p.config = c
	return nil
}

// ID is the package's name.
func (p *Package) ID() string { return p.id }

// Config is the package's settings as the judge reads them. Its time
// limit is 0 when the package sets none (see [Package.TimeLimitFrom]).
func (p *Package) Config() problems.Config { return p.config }

// Tests returns the package's tests, samples first, in problemtools'
// order.
func (p *Package) Tests() ([]problems.Test, error) {
	return append([]problems.Test(nil), p.tests...), nil
}

// Checker returns the default validator with the package's flags, or for
// an output validator program the stand-in that judges IE until a judge
// builds it ([Package.CheckerFile]).
func (p *Package) Checker() contest.Checker { return p.checker }

// CheckerFile returns the package's output validator program, if it has
// one: a Kattis validator, or a testlib checker (a source that includes
// testlib.h).
func (p *Package) CheckerFile() (problems.CheckerFile, bool) {
	if p.validator == nil {
		return problems.CheckerFile{}, false
	}
	return *p.validator, true
}

// Kattis returns the package's problem.yaml.
func (p *Package) Kattis() Config { return p.kattis }

// Warnings are what problemtools would warn of in the package.
func (p *Package) Warnings() []error { return p.warnings }

// TimeLimitFrom says which file set the time limit: sudoku-judge.yaml,
// problem.yaml (2023-07's limits.time_limit) or .timelimit (DOMjudge's);
// "" when none did and the format finds it from the accepted submissions.
func (p *Package) TimeLimitFrom() string { return p.timeLimit }

// Submissions returns the package's own submissions, by folder.
func (p *Package) Submissions() []Submission { return append([]Submission(nil), p.subs...) }

// InputValidators returns the package's input validators.
func (p *Package) InputValidators() []Program { return append([]Program(nil), p.inputVals...) }

// InputValidatorFlags returns the flags the input validators get on the
// test named test: its group's input_validator_flags (testdata.yaml).
func (p *Package) InputValidatorFlags(test string) []string { return p.inputFlags[test] }

// Statement returns the package's statement as written: Markdown, or
// LaTeX.
func (p *Package) Statement() ([]byte, error) {
	if p.statement == nil {
		return nil, fmt.Errorf("kattis: %s has no statement", p.id)
	}
	return p.statement, nil
}

// StatementHTML returns the statement as preformatted text in HTML: a
// package's Markdown or LaTeX is shown as its author wrote it, never run.
func (p *Package) StatementHTML() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n", html.EscapeString(p.config.Name))
	if p.statement != nil {
		fmt.Fprintf(&b, "<pre class=\"statement-source\">%s</pre>\n", html.EscapeString(string(p.statement)))
	}
	return []byte(b.String()), nil
}

// OpenAll reads the packages in dir: dir itself when it holds
// problem.yaml, else each folder and zip in it that is a package (holds
// problem.yaml, at its root or in its one folder), in name order. A folder
// or zip that is no package is passed over; one that is a package but
// cannot be read is an error.
func OpenAll(dir string) ([]*Package, error) {
	if _, err := os.Stat(filepath.Join(dir, "problem.yaml")); err == nil {
		p, err := OpenPath(dir)
		if err != nil {
			return nil, err
		}
		return []*Package{p}, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("kattis: %w", err)
	}
	var out []*Package
	for _, e := range entries {
		full := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir():
			if _, err := os.Stat(filepath.Join(full, "problem.yaml")); err != nil {
				continue
			}
		case strings.HasSuffix(e.Name(), ".zip"):
		default:
			continue
		}
		p, err := OpenPath(full)
		if err != nil {
			if strings.HasSuffix(e.Name(), ".zip") && strings.Contains(err.Error(), "no problem.yaml") {
				continue
			}
			return nil, err
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("kattis: %s: no problem package (a folder or zip holding problem.yaml)", dir)
	}
	return out, nil
}
