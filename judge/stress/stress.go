package stress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Options say what to stress.
type Options struct {
	Problem problems.Problem
	// Judge runs the program (and the oracle). Its Checker is replaced by
	// the problem's and its Parallel is ignored.
	Judge   *program.Judge
	Program *lang.Executable
	Args    []string // the program's arguments

	// Oracle, if not nil, answers each input in place of the problem's
	// reference strategy, as a brute force does in the usual stress
	// scripts; the problem's checker still decides.
	Oracle *Oracle

	Rounds int    // inputs to try; 0 means 100
	Seed   uint64 // round i generates with Seed+i
	Cases  int    // cases per input; 0 means 1
	Givens int    // givens per puzzle; 0 lets the generator choose
	// Kinds are the input kinds to generate, round i of kind
	// Kinds[i%len(Kinds)]. Nil means every kind the problem declares
	// (Config.Harness.Kinds), or only the generator's default.
	Kinds []string

	Parallel int // rounds run at once; 0 means sandbox.FairParallel

	// NoShrink keeps a failing input of several cases whole. Otherwise it
	// is cut down to the fewest cases that still fail, for problems that
	// can write their cases back ([problems.CaseWriter]).
	NoShrink bool

	// Dir is where a failure is saved (see [Failure.Save]); "" saves nothing.
	Dir string

	// Progress, if not nil, is called after each round judged, with the
	// number of rounds judged so far, one call at a time.
	Progress func(done, total int)
}

// An Oracle is a trusted program, such as a brute force, that answers the
// inputs. It runs in the sandbox like the contestant's program.
type Oracle struct {
	Program *lang.Executable
	Args    []string
	Limits  sandbox.Limits // zero: the Judge's
}

// A Report says how the stress run went.
type Report struct {
	Rounds  int      // rounds judged up to the first failing one, which counts
	Kinds   []string // the kinds generated in turn ("" is the generator's default)
	Failure *Failure // nil when every round passed
}

// A Failure is the first input the program failed on.
type Failure struct {
	Round    int    // from 0
	Seed     uint64 // the generator's seed for this input
	Kind     string // the kind asked of the generator, "" for its default
	Test     judge.TestResult
	Input    []byte // the failing input, shrunk when Shrunk
	Expected []byte // the oracle's or reference's answer
	Actual   []byte // the program's output
	Stderr   []byte

	// Original is the input as generated, Cases its number of cases and
	// Shrunk the number left after shrinking (Shrunk == Cases when the
	// input was not cut down).
	Original      []byte
	Cases, Shrunk int

	Dir  string // the folder it was saved in, "" if not saved
	Name string // the saved files' name without extension
}

// An OracleError says that the oracle failed on an input: its verdict is
// not a verdict on the program.
type OracleError struct {
	Round int
	Seed  uint64
	Kind  string
	Input []byte
	Test  judge.TestResult
}

func (e *OracleError) Error() string {
	msg := fmt.Sprintf("stress: round %d (seed %d", e.Round+1, e.Seed)
	if e.Kind != "" {
		msg += ", kind " + e.Kind
	}
	msg += fmt.Sprintf("): the oracle failed: %s", e.Test.Verdict)
	if e.Test.Message != "" {
		msg += ": " + e.Test.Message
	}
	return msg
}

// Run stresses opts.Program. It returns an error only when the judge cannot
// go on: the generator, the reference or the oracle fails (an
// *OracleError), the failure cannot be saved, or ctx is done.
func Run(ctx context.Context, opts Options) (*Report, error) {
	if opts.Problem == nil || opts.Judge == nil || opts.Program == nil {
		return nil, fmt.Errorf("stress: Problem, Judge and Program are required")
	}
	s := newStresser(opts)
	rep := &Report{Kinds: s.kinds}
	first, err := s.rounds(ctx)
	if err != nil {
		return rep, err
	}
	if first == nil {
		rep.Rounds = s.total
		return rep, nil
	}
	rep.Rounds = first.Round + 1
	if err := s.shrink(ctx, first); err != nil {
		return rep, err
	}
	if opts.Dir != "" {
		if err := first.Save(opts.Dir, opts.Problem.ID()); err != nil {
			return rep, err
		}
	}
	rep.Failure = first
	return rep, nil
}

// A stresser holds what every round shares.
type stresser struct {
	opts     Options
	prog     program.Judge // judges the program with the problem's checker
	oracle   program.Judge // runs the oracle, accepting any output
	kinds    []string
	total    int
	cases    int
	parallel int
}

func newStresser(opts Options) *stresser {
	s := &stresser{opts: opts, prog: *opts.Judge, oracle: *opts.Judge}
	s.prog.Checker = opts.Problem.Checker()
	s.oracle.Checker = contest.Func(func(context.Context, []byte, []byte, []byte) contest.Result {
		return contest.Result{Verdict: contest.AC}
	})
	if opts.Oracle != nil && opts.Oracle.Limits != (sandbox.Limits{}) {
		s.oracle.Limits = opts.Oracle.Limits
	}
	s.kinds = opts.Kinds
	if len(s.kinds) == 0 {
		s.kinds = opts.Problem.Config().Harness.Kinds
	}
	if len(s.kinds) == 0 {
		s.kinds = []string{""}
	}
	s.total = opts.Rounds
	if s.total <= 0 {
		s.total = 100
	}
	s.cases = max(opts.Cases, 1)
	s.parallel = opts.Parallel
	if s.parallel <= 0 {
		s.parallel = sandbox.FairParallel()
	}
	s.parallel = min(s.parallel, s.total)
	return s
}

// rounds runs the rounds, s.parallel at once, and returns the failure of
// the first failing round. Rounds are handed out in order and every round
// before a failing one is finished, so the failure reported does not
// depend on s.parallel; rounds after it are cancelled.
func (s *stresser) rounds(ctx context.Context) (*Failure, error) {
	var (
		mu      sync.Mutex
		next    int
		done    int
		stop    = -1 // the first round that failed or erred, -1 while none
		first   *Failure
		err     error
		cancels = map[int]context.CancelFunc{}
		wg      sync.WaitGroup
	)
	// settle records round i's outcome; it is called with mu held.
	settle := func(i int, f *Failure, e error) {
		if f == nil && e == nil {
			done++
			if s.opts.Progress != nil {
				s.opts.Progress(done, s.total)
			}
			return
		}
		if stop >= 0 && stop < i {
			return // a cancelled later round
		}
		stop, first, err = i, f, e
		for r, cancel := range cancels {
			if r > i {
				cancel()
			}
		}
	}
	for range s.parallel {
		wg.Go(func() {
			for {
				mu.Lock()
				if next >= s.total || stop >= 0 || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				i := next
				next++
				rctx, cancel := context.WithCancel(ctx)
				cancels[i] = cancel
				mu.Unlock()

				f, e := s.round(rctx, i)

				mu.Lock()
				cancel()
				delete(cancels, i)
				if rctx.Err() != nil && ctx.Err() == nil && stop >= 0 && stop < i {
					mu.Unlock() // cancelled for an earlier failure
					continue
				}
				settle(i, f, e)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil && (stop < 0 || first == nil) {
		return nil, fmt.Errorf("stress: stopped after %d rounds: %w", done, err)
	}
	return first, err
}

// round generates round i's input, answers it and judges the program on
// it: a nil Failure means the program passed.
func (s *stresser) round(ctx context.Context, i int) (*Failure, error) {
	seed := s.opts.Seed + uint64(i)
	kind := s.kinds[i%len(s.kinds)]
	g := problems.GenOptions{Count: s.cases, Seed: seed, Givens: s.opts.Givens, Kind: kind}
	var in bytes.Buffer
	if err := s.opts.Problem.Generate(ctx, &in, g); err != nil {
		return nil, fmt.Errorf("stress: round %d: generating with seed %d: %w", i+1, seed, err)
	}
	f := &Failure{Round: i, Seed: seed, Kind: kind, Original: in.Bytes()}
	failed, err := s.try(ctx, f, in.Bytes())
	if err != nil || !failed {
		return nil, err
	}
	return f, nil
}

// errInternal is wrapped by try's error when the judge failed on a
// round: no verdict on the program.
var errInternal = errors.New("internal error (the judge failed, not the program: no verdict)")

// try answers input, runs the program on it and, when the program fails,
// fills f's judgement of input and reports true.
func (s *stresser) try(ctx context.Context, f *Failure, input []byte) (bool, error) {
	name := fmt.Sprintf("round-%d", f.Round+1)
	ans, err := s.answer(ctx, f, name, input)
	if err != nil {
		return false, err
	}
	t := problems.Test{Name: name, Input: input, Answer: ans}
	o := s.prog.Test(ctx, s.opts.Program, s.opts.Args, t)
	if o.Verdict == contest.IE && ctx.Err() != nil {
		return false, fmt.Errorf("stress: %s: %w", name, ctx.Err())
	}
	if o.Verdict == contest.IE {
		// The judge failed (the sandbox, the checker): no verdict on the
		// program, and no failing input to save.
		return false, fmt.Errorf("stress: %s (seed %d): %w: %s", name, f.Seed, errInternal, o.Message)
	}
	if o.Verdict.Passed() {
		return false, nil
	}
	f.Test, f.Input, f.Expected, f.Actual, f.Stderr = o.TestResult, input, ans, o.Stdout, o.Stderr
	return true, nil
}

// answer returns the expected output for input: the oracle's, or the
// problem's reference strategy's.
func (s *stresser) answer(ctx context.Context, f *Failure, name string, input []byte) ([]byte, error) {
	if o := s.opts.Oracle; o != nil {
		out := s.oracle.Test(ctx, o.Program, o.Args, problems.Test{Name: name, Input: input})
		if out.Verdict == contest.IE && ctx.Err() != nil {
			return nil, fmt.Errorf("stress: %s: %w", name, ctx.Err())
		}
		if !out.Verdict.Passed() {
			return nil, &OracleError{Round: f.Round, Seed: f.Seed, Kind: f.Kind, Input: input, Test: out.TestResult}
		}
		return out.Stdout, nil
	}
	var ans bytes.Buffer
	prob := s.opts.Problem
	if err := problems.Solve(ctx, prob, prob.Reference(), name, input, &ans); err != nil {
		return nil, fmt.Errorf("stress: %s: reference %s on seed %d: %w", name, prob.Reference().Name(), f.Seed, err)
	}
	return ans.Bytes(), nil
}
