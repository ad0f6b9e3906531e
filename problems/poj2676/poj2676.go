package poj2676

import (
	"context"
	"embed"
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
)

//go:embed problem.yaml data
var files embed.FS

// ID is the problem's stable name.
const ID = "poj2676"

type problem struct {
	pkg *problems.Package
}

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem {
	pkg, err := problems.Load(files)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", ID, err))
	}
	return &problem{pkg: pkg}
}

func (*problem) ID() string                        { return ID }
func (p *problem) Config() problems.Config         { return p.pkg.Config }
func (p *problem) Tests() ([]problems.Test, error) { return p.pkg.Tests() }
func (*problem) Checker() checker.Checker          { return Checker{} }
func (*problem) Reference() solvers.Strategy       { return dlx.New() }

// SolveCase returns the first completion s finds: any one is accepted. The
// judge's puzzles are all solvable, so a case without a completion is an
// error, and no output is written for it.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	if p.Size() != 9 || !p.Standard() {
		return problems.Answer{}, fmt.Errorf("%s: want a standard 9x9 puzzle, got side %d", ID, p.Size())
	}
	g, st, err := solvers.First(ctx, s, p)
	if err != nil {
		return problems.Answer{Stats: st}, fmt.Errorf("%s: %w", ID, err) // err names the strategy
	}
	if g == nil {
		line := strings.ReplaceAll(p.String(), "\n", "")
		if c := p.Clash(); c != nil {
			return problems.Answer{Stats: st}, fmt.Errorf("%s: puzzle %s has no solution: %v", ID, line, c)
		}
		return problems.Answer{Stats: st}, fmt.Errorf("%s: puzzle %s has no solution", ID, line)
	}
	return problems.Answer{Grid: g, Solutions: st.Solutions, Stats: st}, nil
}

// Format writes each answer as 9 lines of 9 digits, with no blank line
// between cases.
func (*problem) Format(w io.Writer, answers []problems.Answer) error {
	var b strings.Builder
	for i, a := range answers {
		if len(a.Grid) != cells {
			return fmt.Errorf("%s: answer %d has no 9x9 solution", ID, i+1)
		}
		for k, v := range a.Grid {
			if v < 1 || v > 9 {
				return fmt.Errorf("%s: answer %d holds %d, want digits 1-9", ID, i+1, v)
			}
			b.WriteByte('0' + v)
			if k%9 == 8 {
				b.WriteByte('\n')
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Generate writes opts.Count random puzzles: with one completion each for
// kind "unique" (the default) and with two or more for "multiple". The
// problem's inputs are always solvable, so kind "none" is an error.
func (p *problem) Generate(w io.Writer, opts problems.GenOptions) error {
	switch opts.Kind {
	case "", "unique", "multiple":
	default:
		return fmt.Errorf("%s: generate: kind %q: want unique or multiple (inputs are always solvable)", ID, opts.Kind)
	}
	if opts.Count < 0 {
		return fmt.Errorf("%s: generate: negative count %d", ID, opts.Count)
	}
	rng := opts.Rand()
	ps := make([]*solvers.Puzzle, 0, opts.Count)
	for i := range opts.Count {
		sol, err := gen.Solution(rng, 9, nil)
		if err != nil {
			return fmt.Errorf("%s: generate case %d: %w", ID, i+1, err)
		}
		pz, err := gen.Puzzle(context.Background(), rng, sol, 9, nil, opts, p.Reference())
		if err != nil {
			return fmt.Errorf("%s: generate case %d: %w", ID, i+1, err)
		}
		ps = append(ps, pz)
	}
	return WriteInput(w, ps)
}
