package poj3076

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
const ID = "poj3076"

// side is the grid side: 16 rows of 16 letters in 4×4 boxes.
const side = 16

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

// SolveCase returns the solution of the 16×16 case. The judge's puzzles
// all have one, so a case without one is an error, and no output is
// written for it.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	if p.Size() != side || !p.Standard() {
		return problems.Answer{}, fmt.Errorf("%s: want a standard 16x16 puzzle, got side %d", ID, p.Size())
	}
	g, st, err := solvers.First(ctx, s, p)
	if err != nil {
		return problems.Answer{Stats: st}, fmt.Errorf("%s: %w", ID, err) // err names the strategy
	}
	if g == nil {
		if c := p.Clash(); c != nil {
			return problems.Answer{Stats: st}, fmt.Errorf("%s: puzzle has no solution: %v", ID, c)
		}
		return problems.Answer{Stats: st}, fmt.Errorf("%s: puzzle with %d givens has no solution", ID, p.NumGivens())
	}
	return problems.Answer{Grid: g, Solutions: st.Solutions, Stats: st}, nil
}

// Format writes each answer as 16 lines of 16 letters, with an empty line
// between answers and none after the last, as the judge's output file does.
func (*problem) Format(w io.Writer, answers []problems.Answer) error {
	var b strings.Builder
	for i, a := range answers {
		if len(a.Grid) != side*side {
			return fmt.Errorf("%s: answer %d has no 16x16 solution", ID, i+1)
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		for k, v := range a.Grid {
			if v < 1 || v > side {
				return fmt.Errorf("%s: answer %d holds %d, want 1-16", ID, i+1, v)
			}
			b.WriteByte(letter(v))
			if k%side == side-1 {
				b.WriteByte('\n')
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// letter returns the symbol of value v: '-' for empty, 'A' for 1, ...
func letter(v uint8) byte {
	if v == 0 {
		return '-'
	}
	return 'A' + v - 1
}

// Generate writes opts.Count random 16×16 puzzles with a unique solution,
// the only kind the problem allows.
func (p *problem) Generate(w io.Writer, opts problems.GenOptions) error {
	if opts.Kind != "" && opts.Kind != "unique" {
		return fmt.Errorf("%s: generate: kind %q: the problem's puzzles always have exactly one solution", ID, opts.Kind)
	}
	if opts.Count < 0 {
		return fmt.Errorf("%s: generate: negative count %d", ID, opts.Count)
	}
	rng := opts.Rand()
	ps := make([]*solvers.Puzzle, 0, opts.Count)
	for i := range opts.Count {
		sol, err := gen.Solution(rng, side, nil)
		if err != nil {
			return fmt.Errorf("%s: generate case %d: %w", ID, i+1, err)
		}
		pz, err := gen.Puzzle(context.Background(), rng, sol, side, nil, opts, p.Reference())
		if err != nil {
			return fmt.Errorf("%s: generate case %d: %w", ID, i+1, err)
		}
		ps = append(ps, pz)
	}
	return WriteInput(w, ps)
}
