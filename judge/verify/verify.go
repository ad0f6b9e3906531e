package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

// A Runner runs a program in the sandbox: a *sandbox.Sandbox.
type Runner interface {
	Run(ctx context.Context, spec sandbox.Spec) (*sandbox.Result, error)
}

// Options tune [Package].
type Options struct {
	Runner    Runner        // runs every build and program; required
	Isolation string        // what Runner puts in force, for the results
	TimeLimit time.Duration // replaces the package's own; 0 keeps it
	Parallel  int           // tests judged at once; 0 means one per CPU
	// Progress, if not nil, is called with each submission's outcome as
	// soon as it is judged.
	Progress func(Outcome)
}

// searchLimit bounds an accepted submission on one test while the time
// limit is being found from it, as problemtools' 300 s does.
const searchLimit = 60 * time.Second

// validatorLimits bound an input validator on one test: problemtools'
// validation limits.
var validatorLimits = sandbox.Limits{CPUTime: 60 * time.Second, Memory: 1 << 30, Output: 8 << 20, Processes: 16}

// A Report is what [Package] found.
type Report struct {
	Problem string
	// TimeLimit is the limit the submissions ran under (the accepted ones
	// under searchLimit when it was found from them), and TimeLimitFrom
	// where it came from.
	TimeLimit     time.Duration
	TimeLimitFrom string
	Checker       string    // what judged: "default validator", or the program's path
	Inputs        []string  // the input validators run on every test's input
	Findings      []Finding // what the validators said of the tests
	Submissions   []Outcome // in the package's order, accepted first
}

// A Finding is a test that a validator does not accept. Warnings are what
// problemtools only warns of: a secret test's answer that the checker
// rejects.
type Finding struct {
	Validator string // "input_validators/check", or "checker"
	Test      string
	Message   string
	Warning   bool
}

// An Outcome is a submission's judgement.
type Outcome struct {
	Path   string             // in the package: submissions/accepted/sol.cpp
	Expect kattis.Expectation // what its folder names
	// Verdict is the format's verdict: that of the first test not
	// accepted (Test), or AC. N/A when it could not be judged here (a
	// language this judge lacks), which is no failure.
	Verdict contest.Verdict
	Test    string
	Message string
	OK      bool          // Verdict is what Expect names
	MaxTime time.Duration // the longest test's CPU time
	Result  *judge.Result // every test judged, for -v and JSON
}

// Failed reports whether a submission got a verdict other than its
// folder's, or a validator rejected a test (warnings aside).
func (r *Report) Failed() bool {
	for _, f := range r.Findings {
		if !f.Warning {
			return true
		}
	}
	for _, o := range r.Submissions {
		if !o.OK && o.Verdict != contest.NA {
			return true
		}
	}
	return false
}

// Package verifies pkg. It returns an error when the package cannot be
// verified at all: its checker does not build or rejects the first test's
// answer, it sets no time limit and has no accepted submission to find one
// from, or ctx ends.
func Package(ctx context.Context, pkg *kattis.Package, opts Options) (*Report, error) {
	tests, err := pkg.Tests()
	if err != nil {
		return nil, err
	}
	rep := &Report{Problem: pkg.ID(), Checker: "default validator"}
	if f, ok := pkg.CheckerFile(); ok {
		rep.Checker = f.Path
	}
	c, closeChecker, err := checker.For(ctx, opts.Runner, pkg)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	defer closeChecker()
	for _, t := range tests {
		if r := contest.Run(ctx, c, t.Input, t.Answer, t.Answer); r.Verdict != contest.AC {
			rep.Findings = append(rep.Findings, Finding{Validator: "checker", Test: t.Name,
				Message: fmt.Sprintf("rejects the test's own answer: %s %s", r.Verdict, r.Message), Warning: t.Group() != "sample"})
		}
	}
	if err := checkInputs(ctx, pkg, tests, opts, rep); err != nil {
		return nil, err
	}

	cfg := pkg.Config()
	limits := program.LimitsFor(&cfg)
	switch {
	case opts.TimeLimit > 0:
		rep.TimeLimit, rep.TimeLimitFrom = opts.TimeLimit, "--time-limit"
	case cfg.Limits.TimeLimit > 0:
		rep.TimeLimit, rep.TimeLimitFrom = limits.CPUTime, pkg.TimeLimitFrom()
	}
	j := &program.Judge{Runner: opts.Runner, Limits: limits, Checker: c, Parallel: opts.Parallel, Isolation: opts.Isolation, StopOnFailure: true}
	subs := pkg.Submissions()
	var slowest time.Duration
	slowestOn := ""
	for _, s := range subs {
		if s.Expect != kattis.Accepted {
			continue
		}
		j.Limits.CPUTime = rep.TimeLimit
		if rep.TimeLimit == 0 {
			j.Limits.CPUTime = searchLimit
		}
		o, err := judgeSubmission(ctx, j, s, tests)
		if err != nil {
			return nil, err
		}
		if o.Verdict == contest.AC && o.MaxTime > slowest {
			slowest, slowestOn = o.MaxTime, s.Path
		}
		rep.add(o, opts)
	}
	if rep.TimeLimit == 0 && len(subs) == 0 {
		rep.TimeLimitFrom = "none: the package sets none and has no submissions"
		return rep, nil
	}
	if rep.TimeLimit == 0 {
		if slowestOn == "" {
			return nil, fmt.Errorf("verify: %s sets no time limit and has no accepted submission to find one from: give one with --time-limit, or in sudoku-judge.yaml or .timelimit", pkg.ID())
		}
		m := pkg.Kattis().Limits.TimeMultiplier
		rep.TimeLimit = time.Duration(max(1, math.Round(slowest.Seconds()*m))) * time.Second
		rep.TimeLimitFrom = fmt.Sprintf("%s's slowest test (%s) × %g, rounded, as problemtools finds it", slowestOn, slowest.Round(time.Millisecond), m)
	}
	j.Limits.CPUTime = rep.TimeLimit
	for _, s := range subs {
		if s.Expect == kattis.Accepted {
			continue
		}
		o, err := judgeSubmission(ctx, j, s, tests)
		if err != nil {
			return nil, err
		}
		rep.add(o, opts)
	}
	return rep, nil
}

func (r *Report) add(o Outcome, opts Options) {
	r.Submissions = append(r.Submissions, o)
	if opts.Progress != nil {
		opts.Progress(o)
	}
}

// judgeSubmission builds s (in the sandbox) and judges it on tests until
// the first test it fails. A compile error is its verdict; a language
// this judge cannot build is N/A.
func judgeSubmission(ctx context.Context, j *program.Judge, s kattis.Submission, tests []problems.Test) (Outcome, error) {
	o := Outcome{Path: s.Path, Expect: s.Expect}
	src, files, cleanup, err := writeProgram(s.Program)
	if err != nil {
		if errors.Is(err, errNoSource) {
			o.Verdict, o.Message = contest.NA, err.Error()
			return o, nil
		}
		return o, err
	}
	defer cleanup()
	if lang.ForFile(src) == nil {
		o.Verdict, o.Message = contest.NA, fmt.Sprintf("not judged: no language here for %s", path.Base(src))
		return o, nil
	}
	res, err := j.Evaluate(ctx, src, lang.Options{Files: files}, nil, tests)
	if lang.IsToolchainError(err) {
		o.Verdict, o.Message = contest.NA, "not judged: "+err.Error()
		return o, nil
	}
	if err != nil {
		return o, fmt.Errorf("verify: %s: %w", s.Path, err)
	}
	if ctx.Err() != nil {
		return o, ctx.Err()
	}
	res.Solution = s.Path
	o.Result = res
	o.Verdict = contest.AC
	for _, t := range res.Tests {
		if t.Verdict == contest.Skipped {
			continue
		}
		o.MaxTime = max(o.MaxTime, time.Duration(t.TimeMS*float64(time.Millisecond)))
		if t.Verdict != contest.AC && o.Test == "" {
			o.Verdict, o.Test, o.Message = t.Verdict, t.Name, t.Message
		}
	}
	o.OK = s.Expect.Accepts(o.Verdict)
	return o, nil
}

// errNoSource says a program has no one source file to build.
var errNoSource = errors.New("not judged: no one source file of a known language")

// writeProgram writes p's files to a new temporary folder and returns the
// path of its source, the other files by name, and a function removing
// the folder.
func writeProgram(p kattis.Program) (string, map[string][]byte, func(), error) {
	if p.Main == "" {
		return "", nil, nil, fmt.Errorf("%s: %w", p.Path, errNoSource)
	}
	dir, err := os.MkdirTemp("", "sudoku-judge-package-")
	if err != nil {
		return "", nil, nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	src := filepath.Join(dir, p.Main)
	if err := os.WriteFile(src, p.Files[p.Main], 0o644); err != nil {
		cleanup()
		return "", nil, nil, err
	}
	files := map[string][]byte{}
	for n, b := range p.Files {
		if n != p.Main {
			files[n] = b
		}
	}
	return src, files, cleanup, nil
}

// checkInputs builds each input validator and runs it on every test's
// input with the test's flags: it must exit 42.
func checkInputs(ctx context.Context, pkg *kattis.Package, tests []problems.Test, opts Options, rep *Report) error {
	for _, v := range pkg.InputValidators() {
		src, files, cleanup, err := writeProgram(v)
		if err != nil {
			if errors.Is(err, errNoSource) {
				rep.Findings = append(rep.Findings, Finding{Validator: v.Path, Message: err.Error(), Warning: true})
				continue
			}
			return err
		}
		rep.Inputs = append(rep.Inputs, v.Path)
		exe, err := lang.Build(ctx, src, lang.Options{Files: files, Sandbox: opts.Runner})
		cleanup()
		if err != nil {
			var ce *lang.CompileError
			if errors.As(err, &ce) {
				rep.Findings = append(rep.Findings, Finding{Validator: v.Path, Message: ce.Error()})
				continue
			}
			return fmt.Errorf("verify: %s: %w", v.Path, err)
		}
		for _, t := range tests {
			msg, err := runInputValidator(ctx, opts.Runner, exe, pkg.InputValidatorFlags(t.Name), t.Input)
			if err != nil {
				exe.Close()
				return fmt.Errorf("verify: %s on %s: %w", v.Path, t.Name, err)
			}
			if msg != "" {
				rep.Findings = append(rep.Findings, Finding{Validator: v.Path, Test: t.Name, Message: msg})
			}
		}
		exe.Close()
	}
	return nil
}

// runInputValidator runs an input validator on input and returns why it
// rejects it, or "" when it exits 42.
func runInputValidator(ctx context.Context, runner Runner, exe *lang.Executable, flags []string, input []byte) (string, error) {
	res, err := runner.Run(ctx, sandbox.Spec{
		Path:    exe.Path,
		Args:    append(append([]string(nil), exe.Args...), flags...),
		Stdin:   bytes.NewReader(input),
		Limits:  validatorLimits,
		Allow:   exe.Allow,
		Program: exe.Dir,
	})
	if err != nil {
		return "", err
	}
	if res.Status == sandbox.RuntimeError && res.ExitCode == 42 {
		return "", nil
	}
	why := fmt.Sprintf("exit status %d", res.ExitCode)
	switch {
	case res.Status == sandbox.OK:
		why = "exit status 0, want 42"
	case res.Signal != "":
		why = "killed by " + res.Signal
	case res.Status != sandbox.RuntimeError:
		why = res.Note
	}
	out := bytes.TrimSpace(append(res.Stdout, res.Stderr...))
	if line, _, _ := bytes.Cut(out, []byte("\n")); len(line) > 0 {
		why += ": " + contest.Message(string(line))
	}
	return "does not accept the input: " + why, nil
}
