package problems

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"path"
	"sort"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A Task is a contest problem as a judge of contestants' programs needs
// it: its limits, tests and checker. Every [Problem] is one; a problem
// package that declares no sudoku topology (a Kattis package of any
// problem, see package kattis) is only a Task: programs are judged on it,
// built-in strategies are not.
type Task interface {
	// ID is the problem's short stable name, such as "poj2676".
	ID() string
	// Config is the problem's problem.yaml.
	Config() Config
	// Tests returns the sample tests, then the secret ones.
	Tests() ([]Test, error)
	// Checker judges an output of this problem. A checker that is a
	// program of the package's (see [CheckerProgram]) judges IE until a
	// judge builds it.
	Checker() contest.Checker
}

// A CheckerProgram is a task whose checker is a program in its package,
// which a judge must build and run in its sandbox (judge/checker.For). A
// task declares it by having the method.
type CheckerProgram interface {
	CheckerFile() (CheckerFile, bool)
}

// A Problem is one sudoku contest problem: a [Task] whose input is
// puzzles, which built-in strategies solve.
type Problem interface {
	Task
	// Parse reads an input file into its cases. name is used in errors,
	// which are *ParseError when the input is malformed.
	Parse(name string, input []byte) ([]*solvers.Puzzle, error)
	// SolveCase answers one case with strategy s.
	SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (Answer, error)
	// Format writes the answers of every case as the problem's output. It
	// checks every answer before it writes, and writes once, so that an
	// answer it cannot format leaves no partial output.
	Format(w io.Writer, answers []Answer) error
	// Reference is the strategy the problem's expected answers come from.
	Reference() solvers.Strategy
	// Generate writes a random valid input of opts.Count cases. When ctx
	// is done it stops, writes nothing and returns an error wrapping
	// ctx.Err().
	Generate(ctx context.Context, w io.Writer, opts GenOptions) error
}

// An InputWriter is a problem whose input format can pose any 9x9 puzzles,
// so benchmarks can measure it on the public sets of testdata/ as well as
// on its own tests. A problem declares it by having the method.
type InputWriter interface {
	WriteInput(w io.Writer, ps []*solvers.Puzzle) error
}

// A CaseWriter is a problem whose input holds several cases and that can
// write back any of the cases it parses as an input of its own, so that a
// failing input can be cut down to the cases that fail. A problem declares
// it by having the method.
type CaseWriter interface {
	WriteCases(w io.Writer, ps []*solvers.Puzzle) error
}

// An Answer is the solution of one case.
type Answer struct {
	Grid      solvers.Grid // a solution (the best one for scored problems), nil if none
	Illegal   bool         // the givens already break a rule, so no search was made
	Solutions int          // how many solutions the search found, up to its limit
	Score     int          // for scored problems: the best score, or -1 if none
	Stats     solvers.Stats
}

// A Test is one input file and its expected output: contest.Test, named
// here too for the problems' callers.
type Test = contest.Test

// GenOptions say what [Problem.Generate] writes.
type GenOptions struct {
	Count  int    // cases; problems that take one case per file ignore it
	Seed   uint64 // same seed, same output
	Givens int    // target number of givens; 0 lets the generator choose
	// Kind asks for "unique" (default), "multiple" or "none" solutions,
	// where the problem's output distinguishes them.
	Kind string
}

// Rand returns the generator's random source for opts.Seed.
func (o GenOptions) Rand() *rand.Rand {
	return rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
}

// A ParseError locates a malformed input.
type ParseError struct {
	File      string
	Line, Col int // from 1; Col 0 when the whole line is at fault
	Msg       string
}

func (e *ParseError) Error() string {
	if e.Col == 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Config is a problem's problem.yaml. The first part follows the Kattis
// problem package format; Harness holds settings only sudoku-judge reads.
type Config struct {
	Name       string `yaml:"name"`
	Source     string `yaml:"source"`
	SourceURL  string `yaml:"source_url"`
	License    string `yaml:"license"`
	Validation string `yaml:"validation"` // "default" (exact) or "custom" (special judge)
	// Input and Output say in a few words what the files hold, for the
	// README's table of problems (sudoku-judge list --markdown).
	Input  string `yaml:"input"`
	Output string `yaml:"output"`
	Limits struct {
		TimeLimit float64 `yaml:"time_limit"` // seconds per test, for contest programs
		Memory    int     `yaml:"memory"`     // MiB
		Output    int     `yaml:"output"`     // MiB
	} `yaml:"limits"`
	Harness struct {
		// Checker chooses the checker by name: "lines", "tokens", the
		// problem's special judge, or a testlib checker file in the package.
		Checker string `yaml:"checker"`
		// CheckerArgs are the checker's settings, such as lines'
		// line_end_space: compare (see contest.Lines.Configure): how
		// strictly the original judge compared.
		CheckerArgs contest.Args `yaml:"checker_args"`
		// Slow says, by strategy name, why that strategy is not worth
		// measuring on this problem's tests (it takes minutes): benchmarks
		// skip the pair unless asked for a full run.
		Slow map[string]string `yaml:"slow"`
		// StrategyTimeLimit bounds one built-in strategy on one test of
		// `sudoku-judge run`, in seconds; 0 means TimeLimit.
		StrategyTimeLimit float64 `yaml:"strategy_time_limit"`
		// Kinds are the input kinds (GenOptions.Kind) whose answers the
		// problem tells apart, such as unique, multiple and none: `stress`
		// generates each in turn. Empty means the generator's default only.
		Kinds []string `yaml:"kinds"`
		// Compilers are the original judge's compilers: a C or C++ source
		// that does not compile as the judge's default dialect is compiled
		// as these, and the result says so (see judge/lang.Original).
		Compilers []Compiler `yaml:"compilers"`
		// Sudoku declares the puzzle's topology and input format, for a
		// problem that is only data (package variant); nil for a problem
		// with a Go package of its own.
		Sudoku *Topology `yaml:"sudoku"`
	} `yaml:"harness"`
	// Groups split the tests as Kattis test groups do. The first group is
	// the headline: what the original judge used, where that is known.
	// When Groups is set, every test is in exactly one group.
	Groups []Group `yaml:"groups"`
}

// A Compiler is one of the original judge's compilers, as problem.yaml's
// harness.compilers names it.
type Compiler struct {
	// Lang is a version of C or C++ as `test --lang` names it: c++98,
	// c99.
	Lang string `yaml:"lang"`
	// OldHeaders also gives the source what GCC 4's C++ library headers
	// included by the way (<cstring>, <cstdio>), as judge/lang says.
	OldHeaders bool `yaml:"old_headers"`
	// Judge is the judge's name for it, shown beside the verdict:
	// "POJ's G++ (MinGW GCC 4.4.0)".
	Judge string `yaml:"judge"`
}

// A Group is a named set of a problem's tests. A judge reports each group's
// verdict, and the first group's as the headline ("as the original judge
// would"); the others are extended data, harder or generated.
type Group struct {
	Name string `yaml:"name"`
	// Official says the tests are the original judge's own data. A problem
	// whose judge data is not public has a headline group that is not
	// official, and says so.
	Official bool `yaml:"official"`
	// About says in a few words where the tests come from.
	About string   `yaml:"about"`
	Tests []string `yaml:"tests"` // test names, such as "sample/1", "secret/2-17clue"
	// Points is what a submission scores in an IOI-scored contest by
	// passing every test of the group (package scoreboard; when no group
	// declares points, the groups share 100 equally).
	Points float64 `yaml:"points"`
}

// GroupOf returns the name of the group holding the test called name, or
// "" when the problem declares no groups or none holds it.
func (c Config) GroupOf(name string) string {
	for _, g := range c.Groups {
		for _, t := range g.Tests {
			if t == name {
				return g.Name
			}
		}
	}
	return ""
}

// Group returns the group called name (case-insensitive).
func (c Config) Group(name string) (Group, bool) {
	for _, g := range c.Groups {
		if strings.EqualFold(g.Name, name) {
			return g, true
		}
	}
	return Group{}, false
}

// GroupNames returns the names of the problem's groups, headline first.
func (c Config) GroupNames() []string {
	names := make([]string, len(c.Groups))
	for i, g := range c.Groups {
		names[i] = g.Name
	}
	return names
}

// SelectGroups returns the tests of the groups named (case-insensitive),
// in their order in tests. An unknown name is an error that lists the
// problem's groups.
func (c Config) SelectGroups(tests []Test, names []string) ([]Test, error) {
	want := map[string]bool{}
	for _, n := range names {
		g, ok := c.Group(n)
		if !ok {
			if len(c.Groups) == 0 {
				return nil, fmt.Errorf("no group %q: the problem declares no test groups", n)
			}
			return nil, fmt.Errorf("no group %q (have %s)", n, strings.Join(c.GroupNames(), ", "))
		}
		want[g.Name] = true
	}
	var out []Test
	for _, t := range tests {
		if want[c.GroupOf(t.Name)] {
			out = append(out, t)
		}
	}
	return out, nil
}

// TimeLimit returns the time limit for a contest program on one test.
func (c Config) TimeLimit() time.Duration { return seconds(c.Limits.TimeLimit) }

// StrategyTimeLimit returns the time limit for a built-in strategy on one test.
func (c Config) StrategyTimeLimit() time.Duration {
	if c.Harness.StrategyTimeLimit > 0 {
		return seconds(c.Harness.StrategyTimeLimit)
	}
	return c.TimeLimit()
}

// MemoryLimit returns the memory limit in bytes.
func (c Config) MemoryLimit() int64 { return int64(c.Limits.Memory) << 20 }

// OutputLimit returns the output limit in bytes.
func (c Config) OutputLimit() int64 { return int64(c.Limits.Output) << 20 }

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// Package is a problem package's files, read from an fs.FS holding
// problem.yaml and data/ (a problem's Go package embeds its directory).
type Package struct {
	Config Config
	fsys   fs.FS
}

// Load reads problem.yaml from fsys and checks it.
func Load(fsys fs.FS) (*Package, error) {
	b, err := fs.ReadFile(fsys, "problem.yaml")
	if err != nil {
		return nil, fmt.Errorf("problems: %w", err)
	}
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("problems: problem.yaml: %w", err)
	}
	switch {
	case c.Name == "":
		return nil, fmt.Errorf("problems: problem.yaml: no name")
	case c.Limits.TimeLimit <= 0:
		return nil, fmt.Errorf("problems: problem.yaml: limits.time_limit must be positive")
	case c.Limits.Memory <= 0:
		return nil, fmt.Errorf("problems: problem.yaml: limits.memory must be positive")
	case c.Harness.Checker == "":
		return nil, fmt.Errorf("problems: problem.yaml: harness.checker must name a checker")
	}
	if c.Limits.Output == 0 {
		c.Limits.Output = 64
	}
	for i, cc := range c.Harness.Compilers {
		if cc.Lang == "" || cc.Judge == "" {
			return nil, fmt.Errorf("problems: problem.yaml: harness.compilers[%d]: want a lang and a judge", i)
		}
	}
	if err := checkGroups(c.Groups); err != nil {
		return nil, fmt.Errorf("problems: problem.yaml: %w", err)
	}
	return &Package{Config: c, fsys: fsys}, nil
}

// checkGroups checks that groups have distinct names, some tests, and no
// test in two groups. That every test is in one is [Package.Tests]' check.
func checkGroups(groups []Group) error {
	seen := map[string]string{}
	names := map[string]bool{}
	for i, g := range groups {
		key := strings.ToLower(g.Name)
		switch {
		case g.Name == "" || strings.ContainsAny(g.Name, " ,/"):
			return fmt.Errorf("groups[%d]: name %q: want a word without spaces, commas or slashes", i, g.Name)
		case names[key]:
			return fmt.Errorf("groups[%d]: two groups named %q", i, g.Name)
		case len(g.Tests) == 0:
			return fmt.Errorf("group %s: no tests", g.Name)
		case g.Points < 0 || math.IsNaN(g.Points) || math.IsInf(g.Points, 0):
			return fmt.Errorf("group %s: points %v: want a number, 0 or more", g.Name, g.Points)
		}
		names[key] = true
		for _, t := range g.Tests {
			if other, ok := seen[t]; ok {
				return fmt.Errorf("group %s: test %s is already in group %s", g.Name, t, other)
			}
			seen[t] = g.Name
		}
	}
	return nil
}

// Statement file names in a problem's folder, where the Kattis format
// keeps a statement: the Markdown a contestant reads, and what go generate
// renders from it, the HTML the web judge shows and the LaTeX of a Kattis
// package.
const (
	StatementMarkdown = "problem_statement/problem.en.md"
	StatementHTMLFile = "problem_statement/problem.en.html"
	StatementLaTeX    = "problem_statement/problem.en.tex"
)

// Statement returns the package's statement (StatementMarkdown): Markdown,
// the text a contestant reads.
func (p *Package) Statement() ([]byte, error) {
	b, err := fs.ReadFile(p.fsys, StatementMarkdown)
	if err != nil {
		return nil, fmt.Errorf("problems: %w", err)
	}
	return b, nil
}

// StatementHTML returns the package's statement as HTML (StatementHTMLFile):
// the Markdown rendered when it was written (go generate), with its raw
// HTML left out.
func (p *Package) StatementHTML() ([]byte, error) {
	b, err := fs.ReadFile(p.fsys, StatementHTMLFile)
	if err != nil {
		return nil, fmt.Errorf("problems: %w", err)
	}
	return b, nil
}

// Tests returns the package's tests: data/sample then data/secret, each
// X.in paired with X.ans, in natural order (2 before 10).
func (p *Package) Tests() ([]Test, error) {
	var tests []Test
	for _, group := range []string{"sample", "secret"} {
		dir := path.Join("data", group)
		entries, err := fs.ReadDir(p.fsys, dir)
		if err != nil {
			if group == "secret" && errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, fmt.Errorf("problems: %w", err)
		}
		var names []string
		for _, e := range entries {
			if n, ok := strings.CutSuffix(e.Name(), ".in"); ok {
				names = append(names, n)
			}
		}
		sort.Slice(names, func(i, j int) bool { return NaturalLess(names[i], names[j]) })
		for _, n := range names {
			in, err := fs.ReadFile(p.fsys, path.Join(dir, n+".in"))
			if err != nil {
				return nil, fmt.Errorf("problems: %w", err)
			}
			ans, err := fs.ReadFile(p.fsys, path.Join(dir, n+".ans"))
			if err != nil {
				return nil, fmt.Errorf("problems: test %s/%s has no .ans: %w", group, n, err)
			}
			tests = append(tests, Test{Name: group + "/" + n, Input: in, Answer: ans})
		}
	}
	if err := p.checkGrouped(tests); err != nil {
		return nil, err
	}
	return tests, nil
}

// checkGrouped checks, when problem.yaml declares groups, that every test
// is in one and that every test a group names exists.
func (p *Package) checkGrouped(tests []Test) error {
	if err := p.Config.CheckGroups(tests); err != nil {
		return fmt.Errorf("problems: problem.yaml: %w", err)
	}
	return nil
}

// CheckGroups checks c's groups against the problem's tests, when c
// declares groups: distinct names, no test in two groups, every test in
// one, and every test a group names among tests.
func (c Config) CheckGroups(tests []Test) error {
	if len(c.Groups) == 0 {
		return nil
	}
	if err := checkGroups(c.Groups); err != nil {
		return err
	}
	exists := map[string]bool{}
	for _, t := range tests {
		exists[t.Name] = true
		if c.GroupOf(t.Name) == "" {
			return fmt.Errorf("test %s is in no group", t.Name)
		}
	}
	for _, g := range c.Groups {
		for _, t := range g.Tests {
			if !exists[t] {
				return fmt.Errorf("group %s: no test %s in data/", g.Name, t)
			}
		}
	}
	return nil
}
