package stress

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Names of the files a failure is saved as, in Options.Dir. The input and
// the expected answer pair up as one test for program.ReadDir; the actual
// output has an extension ReadDir ignores.
const (
	InputFile    = "failure.in"
	ExpectedFile = "failure.ans"
	ActualFile   = "failure.actual"
)

// Options say what to stress.
type Options struct {
	Problem problems.Problem
	Judge   *program.Judge // runs the program; its Checker is replaced by the problem's
	Program *lang.Executable
	Args    []string // the program's arguments

	Rounds int    // inputs to try; 0 means 100
	Seed   uint64 // round i generates with Seed+i
	Cases  int    // cases per input; 0 means 1
	Givens int    // givens per puzzle; 0 lets the generator choose
	Kind   string // "unique", "multiple" or "none", for problems that tell them apart

	// Dir is where a failure is saved; "" saves nothing. It is created
	// when needed, and files of a previous failure in it are replaced.
	Dir string

	// Progress, if not nil, is called after each round that passed.
	Progress func(round int, t judge.TestResult)
}

// A Report says how the stress run went.
type Report struct {
	Rounds  int      // rounds run, the failing one included
	Failure *Failure // nil when every round passed
}

// A Failure is the first input the program failed on.
type Failure struct {
	Round    int    // from 0
	Seed     uint64 // the generator's seed for this input
	Test     judge.TestResult
	Input    []byte
	Expected []byte // the reference's output
	Actual   []byte // the program's output
	Stderr   []byte
	Dir      string // where the files were saved, "" if not saved
}

// Run stresses opts.Program. It returns an error only when the judge cannot
// go on: the generator or the reference fails, the failure cannot be
// saved, or ctx is done.
func Run(ctx context.Context, opts Options) (*Report, error) {
	if opts.Problem == nil || opts.Judge == nil || opts.Program == nil {
		return nil, fmt.Errorf("stress: Problem, Judge and Program are required")
	}
	rounds := opts.Rounds
	if rounds <= 0 {
		rounds = 100
	}
	cases := opts.Cases
	if cases <= 0 {
		cases = 1
	}
	j := *opts.Judge
	j.Checker = opts.Problem.Checker()
	rep := &Report{}
	for i := range rounds {
		if err := ctx.Err(); err != nil {
			return rep, fmt.Errorf("stress: stopped after %d rounds: %w", rep.Rounds, err)
		}
		seed := opts.Seed + uint64(i)
		test, err := makeTest(ctx, opts.Problem, problems.GenOptions{Count: cases, Seed: seed, Givens: opts.Givens, Kind: opts.Kind}, i)
		if err != nil {
			return rep, err
		}
		o := j.Test(ctx, opts.Program, opts.Args, test)
		rep.Rounds++
		if o.Verdict == contest.IE && ctx.Err() != nil {
			return rep, fmt.Errorf("stress: stopped after %d rounds: %w", rep.Rounds-1, ctx.Err())
		}
		if o.Verdict.Passed() {
			if opts.Progress != nil {
				opts.Progress(i, o.TestResult)
			}
			continue
		}
		f := &Failure{Round: i, Seed: seed, Test: o.TestResult, Input: test.Input, Expected: test.Answer, Actual: o.Stdout, Stderr: o.Stderr}
		if opts.Dir != "" {
			if err := f.Save(opts.Dir); err != nil {
				return rep, err
			}
		}
		rep.Failure = f
		return rep, nil
	}
	return rep, nil
}

// makeTest generates round i's input and answers it with the reference.
func makeTest(ctx context.Context, prob problems.Problem, g problems.GenOptions, i int) (problems.Test, error) {
	name := fmt.Sprintf("round-%d", i+1)
	var in bytes.Buffer
	if err := prob.Generate(&in, g); err != nil {
		return problems.Test{}, fmt.Errorf("stress: %s: generating with seed %d: %w", name, g.Seed, err)
	}
	var ans bytes.Buffer
	if err := problems.Solve(ctx, prob, prob.Reference(), name, in.Bytes(), &ans); err != nil {
		return problems.Test{}, fmt.Errorf("stress: %s: reference %s on seed %d: %w", name, prob.Reference().Name(), g.Seed, err)
	}
	return problems.Test{Name: name, Input: in.Bytes(), Answer: ans.Bytes()}, nil
}

// Save writes the failure into dir as InputFile, ExpectedFile and
// ActualFile, and records dir in f.Dir.
func (f *Failure) Save(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("stress: saving the failure: %w", err)
	}
	for name, data := range map[string][]byte{InputFile: f.Input, ExpectedFile: f.Expected, ActualFile: f.Actual} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return fmt.Errorf("stress: saving the failure: %w", err)
		}
	}
	f.Dir = dir
	return nil
}
