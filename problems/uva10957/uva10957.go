package uva10957

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
)

// ID is the problem's stable name.
const ID = "uva10957"

// The four verdicts, spelled as the judge wants them.
const (
	illegal    = "Illegal"
	unique     = "Unique"
	ambiguous  = "Ambiguous"
	impossible = "Impossible"
)

type problem struct{ problems.Base }

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem { return &problem{problems.MustBase(ID, problems.Folder(ID))} }

func (*problem) Reference() solvers.Strategy { return fast.New() }

// WriteInput implements problems.InputWriter: benchmarks can pose the
// public 9x9 sets in this problem's format.
func (*problem) WriteInput(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }

// SolveCase decides the case: Illegal when two givens clash (no search),
// else the number of solutions counted up to two.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	if p.Size() != side || !p.Standard() {
		return problems.Answer{}, fmt.Errorf("%s: want a standard 9x9 puzzle, got side %d", ID, p.Size())
	}
	if p.Clash() != nil {
		return problems.Answer{Illegal: true}, nil
	}
	g, n, st, err := solvers.Solve(ctx, s, p, 2)
	if err != nil {
		return problems.Answer{Stats: st}, fmt.Errorf("%s: %s: %w", ID, s.Name(), err)
	}
	return problems.Answer{Grid: g, Solutions: n, Stats: st}, nil
}

// Format writes "Case k: Verdict." for each answer.
func (*problem) Format(w io.Writer, answers []problems.Answer) error {
	var b strings.Builder
	for k, a := range answers {
		fmt.Fprintf(&b, "Case %d: %s.\n", k+1, verdict(a))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func verdict(a problems.Answer) string {
	switch {
	case a.Illegal:
		return illegal
	case a.Solutions == 0:
		return impossible
	case a.Solutions == 1:
		return unique
	}
	return ambiguous
}

// kinds are the case kinds Generate makes, by the verdict they call for;
// "mixed" draws from them all.
var kinds = []string{"unique", "multiple", "none", "illegal"}

// Generate writes opts.Count random grids (at least one) from package gen:
// a random solution, givens removed down to about opts.Givens (0: a
// minimal puzzle). opts.Kind asks for "unique" (the default), "multiple",
// "none" (legal, but only search shows there is no solution), "illegal"
// (a unique puzzle plus a given repeating another in its row, column or
// box), or "mixed": each case's kind drawn in turn from those four.
func (p *problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	ps, err := gen.Cases(ctx, opts, kinds, kinds, MaxCases, func(rng *rand.Rand, kind string) (*solvers.Puzzle, error) {
		return p.generateCase(ctx, rng, opts, kind)
	})
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	return WriteInput(w, ps)
}

func (p *problem) generateCase(ctx context.Context, rng *rand.Rand, opts problems.GenOptions, kind string) (*solvers.Puzzle, error) {
	sol, err := gen.Solution(rng, side, nil)
	if err != nil {
		return nil, err
	}
	opts.Kind = kind
	if kind == "illegal" {
		opts.Kind = "unique"
	}
	pz, err := gen.Puzzle(ctx, rng, sol, side, nil, opts, p.Reference())
	if err != nil || kind != "illegal" {
		return pz, err
	}
	return gen.Clash(rng, pz)
}

// WriteCases implements problems.CaseWriter: stress cuts a failing input
// down to the cases that fail.
func (*problem) WriteCases(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }
