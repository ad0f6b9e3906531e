package builtin_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// fakeProblem is a tiny contest problem: one 4×4 sudoku per input, four
// lines of '.' and digits; the output is the solved grid in the same form,
// or "none".
type fakeProblem struct {
	id       string
	tests    []problems.Test
	testsErr error
	checker  contest.Checker
	ref      solvers.Strategy
	limit    float64 // strategy time limit, seconds
}

func (p *fakeProblem) ID() string { return p.id }

func (p *fakeProblem) Config() problems.Config {
	var c problems.Config
	c.Name = "Fake " + p.id
	c.Limits.TimeLimit = 1
	c.Limits.Memory = 64
	c.Harness.StrategyTimeLimit = p.limit
	return c
}

func (p *fakeProblem) Tests() ([]problems.Test, error) { return p.tests, p.testsErr }

func (p *fakeProblem) Parse(name string, input []byte) ([]*solvers.Puzzle, error) {
	lines := strings.Fields(string(input))
	if len(lines) != 4 {
		return nil, &problems.ParseError{File: name, Line: 1, Msg: fmt.Sprintf("%d rows, want 4", len(lines))}
	}
	cells := make([]uint8, 0, 16)
	for r, l := range lines {
		if len(l) != 4 {
			return nil, &problems.ParseError{File: name, Line: r + 1, Msg: "want 4 cells"}
		}
		for c, ch := range l {
			switch {
			case ch == '.':
				cells = append(cells, 0)
			case ch >= '1' && ch <= '4':
				cells = append(cells, uint8(ch-'0'))
			default:
				return nil, &problems.ParseError{File: name, Line: r + 1, Col: c + 1, Msg: fmt.Sprintf("bad cell %q", ch)}
			}
		}
	}
	pz, err := solvers.NewStandard(4, cells)
	if err != nil {
		return nil, err
	}
	return []*solvers.Puzzle{pz}, nil
}

func (p *fakeProblem) SolveCase(ctx context.Context, s solvers.Strategy, pz *solvers.Puzzle) (problems.Answer, error) {
	g, st, err := solvers.First(ctx, s, pz)
	if err != nil {
		return problems.Answer{}, err
	}
	return problems.Answer{Grid: g, Solutions: st.Solutions, Stats: st}, nil
}

func (p *fakeProblem) Format(w io.Writer, answers []problems.Answer) error {
	for _, a := range answers {
		if a.Grid == nil {
			if _, err := io.WriteString(w, "none\n"); err != nil {
				return err
			}
			continue
		}
		if _, err := io.WriteString(w, a.Grid.Format(4)); err != nil {
			return err
		}
	}
	return nil
}

func (p *fakeProblem) Checker() contest.Checker {
	if p.checker == nil {
		return contest.Lines{}
	}
	return p.checker
}

func (p *fakeProblem) Reference() solvers.Strategy { return p.ref }

func (p *fakeProblem) Generate(context.Context, io.Writer, problems.GenOptions) error {
	return errors.New("fake: no generator")
}

// ruleChecker accepts any valid completion of the input, like POJ2676's
// special judge; it ignores the answer.
var ruleChecker = contest.Func(func(_ context.Context, input, output, _ []byte) contest.Result {
	fp := &fakeProblem{}
	in, err := fp.Parse("input", input)
	if err != nil {
		return contest.Result{Verdict: contest.IE, Message: err.Error()}
	}
	out, err := fp.Parse("output", output)
	if err != nil {
		return contest.Result{Verdict: contest.WA, Message: err.Error()}
	}
	if err := in[0].Check(out[0].Givens()); err != nil {
		return contest.Result{Verdict: contest.WA, Message: err.Error()}
	}
	return contest.Result{Verdict: contest.AC}
})

// backtrack is a correct strategy: plain backtracking, digits tried in
// increasing order, or decreasing when reverse is set (so the two find
// different completions of a puzzle with several).
type backtrack struct {
	name    string
	reverse bool
}

func (b backtrack) Name() string { return b.name }

func (b backtrack) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	var st solvers.Stats
	if p.Clash() != nil {
		return st, nil
	}
	n := p.Size()
	g := p.Givens()
	units := p.Units()
	ok := func(i int, v uint8) bool {
		for _, u := range [...][]int{units[i/n], units[n+i%n], units[2*n+p.Region(i)]} {
			for _, j := range u {
				if g[j] == v {
					return false
				}
			}
		}
		return true
	}
	var rec func(i int) bool // false: stop
	rec = func(i int) bool {
		if ctx.Err() != nil {
			return false
		}
		for i < len(g) && g[i] != 0 {
			i++
		}
		if i == len(g) {
			st.Solutions++
			if opts.Visit != nil && !opts.Visit(g) {
				return false
			}
			return opts.Limit == 0 || st.Solutions < opts.Limit
		}
		st.Nodes++
		for k := 1; k <= n; k++ {
			v := uint8(k)
			if b.reverse {
				v = uint8(n + 1 - k)
			}
			if ok(i, v) {
				g[i] = v
				if !rec(i + 1) {
					g[i] = 0
					return false
				}
				g[i] = 0
			}
		}
		return true
	}
	rec(0)
	if err := ctx.Err(); err != nil {
		return st, fmt.Errorf("%s: %w", b.name, err)
	}
	return st, nil
}

// wrong answers with a full grid that swaps the first two cells of the
// correct solution.
type wrong struct{}

func (wrong) Name() string { return "wrong" }

func (wrong) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	g, st, err := solvers.First(ctx, backtrack{name: "inner"}, p)
	if err != nil || g == nil {
		return st, err
	}
	g[0], g[1] = g[1], g[0]
	if opts.Visit != nil {
		opts.Visit(g)
	}
	return solvers.Stats{Solutions: 1}, nil
}

// sleepy waits for its deadline and reports it, as a well-behaved slow
// strategy does.
type sleepy struct{}

func (sleepy) Name() string { return "sleepy" }

func (sleepy) Search(ctx context.Context, _ *solvers.Puzzle, _ solvers.Options) (solvers.Stats, error) {
	<-ctx.Done()
	return solvers.Stats{}, fmt.Errorf("sleepy: %w", ctx.Err())
}

// stubborn ignores its context and sleeps for d.
type stubborn struct{ d time.Duration }

func (stubborn) Name() string { return "stubborn" }

func (s stubborn) Search(context.Context, *solvers.Puzzle, solvers.Options) (solvers.Stats, error) {
	time.Sleep(s.d)
	return solvers.Stats{}, nil
}

// panicky panics.
type panicky struct{}

func (panicky) Name() string { return "panicky" }

func (panicky) Search(context.Context, *solvers.Puzzle, solvers.Options) (solvers.Stats, error) {
	var cells []int
	_ = cells[3] // index out of range
	return solvers.Stats{}, nil
}

// picky handles no puzzle.
type picky struct{}

func (picky) Name() string { return "picky" }

func (picky) Search(context.Context, *solvers.Puzzle, solvers.Options) (solvers.Stats, error) {
	return solvers.Stats{}, fmt.Errorf("picky: 4x4 grids: %w", solvers.ErrUnsupported)
}

// broken fails with an error of its own.
type broken struct{}

func (broken) Name() string { return "broken" }

func (broken) Search(context.Context, *solvers.Puzzle, solvers.Options) (solvers.Stats, error) {
	return solvers.Stats{}, errors.New("broken: out of\nnodes")
}

// napper sleeps for d, then answers like forward.
type napper struct{ d time.Duration }

func (napper) Name() string { return "napper" }

func (n napper) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	select {
	case <-time.After(n.d):
	case <-ctx.Done():
		return solvers.Stats{}, fmt.Errorf("napper: %w", ctx.Err())
	}
	return forward.Search(ctx, p, opts)
}

// spinner burns CPU until its context is done.
type spinner struct{}

func (spinner) Name() string { return "spinner" }

func (spinner) Search(ctx context.Context, _ *solvers.Puzzle, _ solvers.Options) (solvers.Stats, error) {
	var st solvers.Stats
	for {
		for range 1000 {
			st.Nodes++
		}
		if err := ctx.Err(); err != nil {
			return st, fmt.Errorf("spinner: %w", err)
		}
	}
}

// overrun sleeps for d without looking at its context, then answers like
// forward.
type overrun struct{ d time.Duration }

func (overrun) Name() string { return "overrun" }

func (o overrun) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	time.Sleep(o.d)
	return forward.Search(context.WithoutCancel(ctx), p, opts)
}
