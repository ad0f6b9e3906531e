package problems

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"path"
	"sort"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A Problem is one contest problem.
type Problem interface {
	// ID is the problem's short stable name, such as "poj2676".
	ID() string
	// Config is the problem's problem.yaml.
	Config() Config
	// Tests returns the sample tests, then the secret ones.
	Tests() ([]Test, error)
	// Parse reads an input file into its cases. name is used in errors,
	// which are *ParseError when the input is malformed.
	Parse(name string, input []byte) ([]*solvers.Puzzle, error)
	// SolveCase answers one case with strategy s.
	SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (Answer, error)
	// Format writes the answers of every case as the problem's output.
	Format(w io.Writer, answers []Answer) error
	// Checker judges an output of this problem.
	Checker() contest.Checker
	// Reference is the strategy the problem's expected answers come from.
	Reference() solvers.Strategy
	// Generate writes a random valid input of opts.Count cases.
	Generate(w io.Writer, opts GenOptions) error
}

// An InputWriter is a problem whose input format can pose any 9x9 puzzles,
// so benchmarks can measure it on the public sets of testdata/ as well as
// on its own tests. A problem declares it by having the method.
type InputWriter interface {
	WriteInput(w io.Writer, ps []*solvers.Puzzle) error
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

// Solve runs the whole pipeline on one input: parse, solve every case with
// s, format. It stops at the first error.
func Solve(ctx context.Context, prob Problem, s solvers.Strategy, name string, input []byte, w io.Writer) error {
	cases, err := prob.Parse(name, input)
	if err != nil {
		return err
	}
	answers := make([]Answer, len(cases))
	for i, p := range cases {
		a, err := prob.SolveCase(ctx, s, p)
		if err != nil {
			return fmt.Errorf("%s: case %d: %w", name, i+1, err)
		}
		answers[i] = a
	}
	return prob.Format(w, answers)
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
	Limits     struct {
		TimeLimit float64 `yaml:"time_limit"` // seconds per test, for contest programs
		Memory    int     `yaml:"memory"`     // MiB
		Output    int     `yaml:"output"`     // MiB
	} `yaml:"limits"`
	Harness struct {
		// Checker chooses the checker by name: "lines", "tokens", the
		// problem's special judge, or a testlib checker file in the package.
		Checker string `yaml:"checker"`
		// Slow says, by strategy name, why that strategy is not worth
		// measuring on this problem's tests (it takes minutes): benchmarks
		// skip the pair unless asked for a full run.
		Slow map[string]string `yaml:"slow"`
		// StrategyTimeLimit bounds one built-in strategy on one test of
		// `sudoku-judge run`, in seconds; 0 means TimeLimit.
		StrategyTimeLimit float64 `yaml:"strategy_time_limit"`
	} `yaml:"harness"`
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
	return &Package{Config: c, fsys: fsys}, nil
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
	return tests, nil
}
