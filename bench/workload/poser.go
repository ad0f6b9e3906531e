package workload

import (
	"bytes"
	"context"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

// A poser is what a benchmark's problem= names: how puzzles are posed
// and how answers are judged. Two kinds are declared: the uniqueness
// check (Sudoku) and every contest problem of the catalog; Load and the
// Workload's methods ask the poser and never test which kind it is.
type poser interface {
	// tests returns the poser's own tests, at most max puzzles (0: all).
	tests(max int) ([]*solvers.Puzzle, []Input, error)
	// pose returns the poser for public set s, and the inputs a contest
	// program reads for its puzzles ps, or nil inputs when there is no
	// input format.
	pose(s puzzleset.Set, ps []*solvers.Puzzle) (poser, []Input, error)
	// solve answers one puzzle with a strategy, checking what can be
	// checked puzzle by puzzle.
	solve(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error)
	// check judges a program's output on input in.
	check(ctx context.Context, in Input, output []byte) *contest.Result
	// format writes answers as a program would for one input; nil
	// when answers are not judged as output.
	format(answers []problems.Answer) ([]byte, error)
	// slowTests says why s takes minutes on the poser's own tests, or "".
	slowTests(s string) string
}

// Problems returns every name problem= takes: Sudoku, then the catalog's
// problem IDs.
func Problems() []string { return append([]string{Sudoku}, catalog.IDs()...) }

// Lookup checks that problem names a poser: Sudoku or a catalog ID.
func Lookup(problem string) error {
	_, err := lookup(problem)
	return err
}

func lookup(problem string) (poser, error) {
	if problem == Sudoku {
		return uniqueness{}, nil
	}
	prob, err := catalog.Lookup(problem)
	if err != nil {
		return nil, err
	}
	return contestProblem{prob}, nil
}

// uniqueness is the Sudoku workload: count up to two solutions of each
// puzzle of a public set and compare with what the set declares.
type uniqueness struct {
	want int // solutions of each puzzle, counting to 2
}

func (uniqueness) tests(int) ([]*solvers.Puzzle, []Input, error) {
	return nil, nil, fmt.Errorf("%w: sudoku has no tests of its own", ErrNotApplicable)
}

func (uniqueness) pose(s puzzleset.Set, _ []*solvers.Puzzle) (poser, []Input, error) {
	if s.Unique {
		return uniqueness{want: 1}, nil, nil
	}
	return uniqueness{want: 2}, nil, nil
}

func (u uniqueness) solve(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	n, st, err := solvers.Count(ctx, s, p, 2)
	a := problems.Answer{Solutions: n, Stats: st}
	if err != nil {
		return a, fmt.Errorf("%s: %w", s.Name(), err)
	}
	if n != u.want {
		return a, &CheckError{Verdict: "WA", Err: fmt.Errorf("%s found %d solutions (counting up to 2), want %d", s.Name(), n, u.want)}
	}
	return a, nil
}

func (uniqueness) check(context.Context, Input, []byte) *contest.Result {
	return &contest.Result{Verdict: contest.IE, Message: "sudoku has no input format: programs are measured on a contest problem"}
}

func (uniqueness) format([]problems.Answer) ([]byte, error) { return nil, nil }

func (uniqueness) slowTests(string) string { return "" }

// contestProblem is a catalog problem: its own tests, or a public set in
// its input format, each case answered by the problem's SolveCase and
// each output judged by its checker.
type contestProblem struct {
	prob problems.Problem
}

func (c contestProblem) tests(max int) ([]*solvers.Puzzle, []Input, error) {
	tests, err := c.prob.Tests()
	if err != nil {
		return nil, nil, err
	}
	var puzzles []*solvers.Puzzle
	var inputs []Input
	for _, t := range tests {
		if max > 0 && len(puzzles) >= max {
			break
		}
		ps, err := c.prob.Parse(t.Name, t.Input)
		if err != nil {
			return nil, nil, err
		}
		if max > 0 && len(puzzles)+len(ps) > max {
			// Keep the input whole for programs; the built-ins see only max.
			ps = ps[:max-len(puzzles)]
			var buf bytes.Buffer
			if write := inputWriter(c.prob); write != nil && write(&buf, ps) == nil {
				t.Input = buf.Bytes()
				if t.Answer, err = referenceAnswer(c.prob, t.Name, t.Input); err != nil {
					return nil, nil, err
				}
			}
		}
		puzzles = append(puzzles, ps...)
		inputs = append(inputs, Input{Name: t.Name, Data: t.Input, Cases: len(ps), Answer: t.Answer})
	}
	return puzzles, inputs, nil
}

func (c contestProblem) pose(s puzzleset.Set, ps []*solvers.Puzzle) (poser, []Input, error) {
	write := inputWriter(c.prob)
	if write == nil {
		return nil, nil, fmt.Errorf("%w: the public sets are 9x9 and %s is measured on its tests only", ErrNotApplicable, c.prob.ID())
	}
	if len(ps) > 0 && ps[0].Size() != 9 {
		// An InputWriter poses 9x9 puzzles only.
		return nil, nil, fmt.Errorf("%w: set %s is %dx%d and %s poses 9x9 puzzles", ErrNotApplicable, s.Name, ps[0].Size(), ps[0].Size(), c.prob.ID())
	}
	var buf bytes.Buffer
	if err := write(&buf, ps); err != nil {
		return nil, nil, err
	}
	answer, err := referenceAnswer(c.prob, s.Name, buf.Bytes())
	if err != nil {
		return nil, nil, err
	}
	return c, []Input{{Name: s.Name, Data: buf.Bytes(), Cases: len(ps), Answer: answer}}, nil
}

func (c contestProblem) solve(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	return c.prob.SolveCase(ctx, s, p)
}

func (c contestProblem) check(ctx context.Context, in Input, output []byte) *contest.Result {
	res := contest.Run(ctx, c.prob.Checker(), in.Data, output, in.Answer)
	return &res
}

func (c contestProblem) format(answers []problems.Answer) ([]byte, error) {
	var out bytes.Buffer
	if err := c.prob.Format(&out, answers); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func (c contestProblem) slowTests(s string) string { return c.prob.Config().Harness.Slow[s] }
