package problems

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Base implements the ID, Config and Tests methods of a [Problem] from the
// files of its problem package. A problem's Go package embeds a Base on
// its folder ([Folder]), and writes only what is specific to it:
//
//	type problem struct{ problems.Base }
//
//	func New() problems.Problem { return &problem{problems.MustBase(ID, problems.Folder(ID))} }
//
// Base's Checker is the one problem.yaml's `harness.checker` names (see
// [Base.Checker]); a problem with a special judge passes it to NewBase as a
// [Special] under the name problem.yaml uses.
type Base struct {
	id   string
	load func() (*loaded, error)
}

// loaded is what a Base reads from its problem package.
type loaded struct {
	pkg     *Package
	checker contest.Checker
	file    *CheckerFile // when problem.yaml names a testlib checker file
}

// A Special is a problem's own checker (special judge), registered under
// Name for problem.yaml's `harness.checker` to choose.
type Special struct {
	Name    string
	Checker contest.Checker
}

// A CheckerFile is a checker program's source in the problem package,
// which a judge must compile and run in its sandbox (judge/checker.For): a
// testlib checker, or a Kattis output validator.
type CheckerFile struct {
	Path   string // in the problem package, such as "checker/check.cpp"
	Source []byte
	// Files are the other files of the program's folder, by name, such as
	// a header its source includes (testlib.h, validate.h).
	Files map[string][]byte
	// Kattis says the program speaks the Kattis output validator interface
	// (input answer feedback_dir [Flags...] < output; exit 42 accepts, 43
	// rejects, judgemessage.txt says why) rather than testlib's (input
	// output answer; exit 0 AC, 1 WA, 2 PE).
	Kattis bool
	// Flags follow a Kattis validator's three arguments: problem.yaml's
	// validator_flags.
	Flags []string
}

// NewBase loads fsys, which holds problem.yaml and data/, as [Load] does,
// for the problem named id, and resolves the checker problem.yaml names:
// "lines", "tokens", the name of one of specials, or the path of a checker
// source file in the package ("checker/check.cpp": any name with a '/' or
// a '.'), configured with problem.yaml's harness.checker_args. An unknown
// name or argument is an error, so the setting is never a mere label.
func NewBase(id string, fsys fs.FS, specials ...Special) (Base, error) {
	l, err := readBase(id, fsys, specials)
	if err != nil {
		return Base{}, err
	}
	return Base{id: id, load: func() (*loaded, error) { return l, nil }}, nil
}

// MustBase is like [NewBase], but reads problem.yaml when a method first
// needs it, and panics there if it is invalid. A problem's New calls it on
// its embedded files, which the problem's own tests check: a command that
// only solves the problem's input never parses its problem.yaml.
func MustBase(id string, fsys fs.FS, specials ...Special) Base {
	return Base{id: id, load: sync.OnceValues(func() (*loaded, error) { return readBase(id, fsys, specials) })}
}

// readBase reads fsys and resolves its checker, for [NewBase] at once and
// for [MustBase] when first needed.
func readBase(id string, fsys fs.FS, specials []Special) (*loaded, error) {
	pkg, err := Load(fsys)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	l := &loaded{pkg: pkg}
	name := pkg.Config.Harness.Checker
	if strings.ContainsAny(name, "/.") {
		src, err := fs.ReadFile(fsys, path.Clean(name))
		if err != nil {
			return nil, fmt.Errorf("%s: problem.yaml: harness.checker: %w", id, err)
		}
		if len(pkg.Config.Harness.CheckerArgs) > 0 {
			return nil, fmt.Errorf("%s: problem.yaml: harness.checker_args: a checker file takes no arguments", id)
		}
		l.file = &CheckerFile{Path: name, Source: src}
		l.checker = unbuilt{name}
		return l, nil
	}
	reg := contest.NewRegistry()
	for _, s := range specials {
		if err := reg.Register(s.Name, s.Checker); err != nil {
			return nil, fmt.Errorf("%s: %w", id, err)
		}
	}
	if l.checker, err = reg.Configure(name, pkg.Config.Harness.CheckerArgs); err != nil {
		return nil, fmt.Errorf("%s: problem.yaml: harness.checker: %w", id, err)
	}
	return l, nil
}

// loaded returns what b read from its package, reading it if need be.
func (b Base) loaded() *loaded {
	l, err := b.load()
	if err != nil {
		panic(err.Error())
	}
	return l
}

// Checker returns the checker problem.yaml chose. For a checker file it is
// a stand-in that judges IE until a judge builds the file ([Base.CheckerFile]).
func (b Base) Checker() contest.Checker { return b.loaded().checker }

// CheckerFile returns the testlib checker source problem.yaml names, if it
// names one.
func (b Base) CheckerFile() (CheckerFile, bool) {
	if f := b.loaded().file; f != nil {
		return *f, true
	}
	return CheckerFile{}, false
}

// Unbuilt returns the checker that stands for a checker program at path
// in a problem package (a [CheckerFile]) until a judge builds it: judging
// with it is the judge's failure (IE), never a verdict on the solution.
func Unbuilt(path string) contest.Checker { return unbuilt{path} }

// unbuilt is Unbuilt's checker.
type unbuilt struct{ path string }

func (u unbuilt) Check(context.Context, []byte, []byte, []byte) contest.Result {
	return contest.Result{Verdict: contest.IE, Message: "checker file " + u.path + " was not built by the judge"}
}

// ID is the problem's short stable name.
func (b Base) ID() string { return b.id }

// Config is the problem's problem.yaml.
func (b Base) Config() Config { return b.loaded().pkg.Config }

// Tests returns the sample tests, then the secret ones (see [Package.Tests]).
func (b Base) Tests() ([]Test, error) { return b.loaded().pkg.Tests() }

// Statement returns the problem's statement in Markdown (see
// [Package.Statement]).
func (b Base) Statement() ([]byte, error) { return b.loaded().pkg.Statement() }

// StatementHTML returns the problem's statement in HTML (see
// [Package.StatementHTML]).
func (b Base) StatementHTML() ([]byte, error) { return b.loaded().pkg.StatementHTML() }
