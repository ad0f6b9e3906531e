package hdu4069

import (
	"context"
	"errors"
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
const ID = "hdu4069"

// The two fixed answers, spelled as the judge wants them.
const (
	noSolution        = "No solution"
	multipleSolutions = "Multiple Solutions"
)

type problem struct{ problems.Base }

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem { return &problem{problems.MustBase(ID, problems.Folder(ID))} }

func (*problem) Reference() solvers.Strategy { return fast.New() }

// SolveCase counts the solutions of the case up to two: the answer is the
// solution when there is one, else which message to print.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	if p.Size() != side {
		return problems.Answer{}, fmt.Errorf("%s: want a 9x9 puzzle, got side %d", ID, p.Size())
	}
	g, n, st, err := solvers.Solve(ctx, s, p, 2)
	if err != nil {
		return problems.Answer{Stats: st}, fmt.Errorf("%s: %s: %w", ID, s.Name(), err)
	}
	return problems.Answer{Grid: g, Solutions: n, Stats: st}, nil
}

// Format writes "Case k:" for each answer, then its solution as 9 lines of
// 9 digits, or "No solution", or "Multiple Solutions".
func (*problem) Format(w io.Writer, answers []problems.Answer) error {
	var b strings.Builder
	for k, a := range answers {
		fmt.Fprintf(&b, "Case %d:\n", k+1)
		switch {
		case a.Solutions == 0:
			b.WriteString(noSolution + "\n")
		case a.Solutions >= 2:
			b.WriteString(multipleSolutions + "\n")
		case len(a.Grid) != cells:
			return fmt.Errorf("%s: answer %d has one solution but no 9x9 grid", ID, k+1)
		default:
			for i, v := range a.Grid {
				if v < 1 || v > 9 {
					return fmt.Errorf("%s: answer %d holds %d, want digits 1-9", ID, k+1, v)
				}
				b.WriteByte('0' + v)
				if i%side == side-1 {
					b.WriteByte('\n')
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Generate writes opts.Count random squiggly puzzles (at least one): random
// connected regions from package gen, a random solution, givens removed
// down to about opts.Givens (0: a minimal puzzle). opts.Kind asks for
// "unique" (the default), "multiple" or "none" solutions, or "mixed", which
// draws each case's kind: half unique, a quarter with several solutions, an
// eighth with none that only search reveals, an eighth with two clashing
// givens.
func (p *problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	ps, err := gen.Cases(ctx, opts, []string{"unique", "multiple", "none"}, []string{"unique", "unique", "unique", "unique", "multiple", "multiple", "none", "clash"}, MaxCases, func(rng *rand.Rand, kind string) (*solvers.Puzzle, error) {
		return p.generateCase(ctx, rng, opts, kind)
	})
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	return WriteInput(w, ps)
}

// layoutTries bounds how many region layouts generateCase draws before
// giving up; gen.Solution nearly always fills the first.
const layoutTries = 10

// generateCase makes one puzzle of the kind: "unique", "multiple", "none" or
// "clash" (a unique puzzle plus a given repeating another in its row,
// column or region).
func (p *problem) generateCase(ctx context.Context, rng *rand.Rand, opts problems.GenOptions, kind string) (*solvers.Puzzle, error) {
	var regions []uint8
	var sol solvers.Grid
	for try := 1; ; try++ {
		var err error
		if regions, err = gen.Regions(rng, side); err != nil {
			return nil, err
		}
		sol, err = gen.Solution(rng, side, regions)
		if err == nil {
			break
		}
		if !errors.Is(err, gen.ErrNoFill) || try == layoutTries {
			return nil, err
		}
	}
	opts.Kind = kind
	if kind == "clash" {
		opts.Kind = "unique"
	}
	pz, err := gen.Puzzle(ctx, rng, sol, side, regions, opts, p.Reference())
	if err != nil || kind != "clash" {
		return pz, err
	}
	return gen.Clash(rng, pz)
}

// WriteCases implements problems.CaseWriter: stress cuts a failing input
// down to the cases that fail.
func (*problem) WriteCases(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }
