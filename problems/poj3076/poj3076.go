package poj3076

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
)

// ID is the problem's stable name.
const ID = "poj3076"

// side is the grid side: 16 rows of 16 letters in 4×4 boxes.
const side = 16

type problem struct{ problems.Base }

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem {
	return &problem{problems.MustBase(ID, problems.Folder(ID), problems.Special{Name: "poj3076", Checker: Checker{}})}
}

// Reference returns fast: on the problem's 20 grids it takes about a fifth
// of dlx's time (solvers/fast's BenchmarkWidePOJ3076).
func (*problem) Reference() solvers.Strategy { return fast.New() }

// SolveCase returns the solution of the 16×16 case. The judge's puzzles
// all have one, so a case without one is an error, and no output is
// written for it.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	return problems.SolveFirst(ctx, ID, side, s, p)
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
func (p *problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	if opts.Kind != "" && opts.Kind != "unique" {
		return fmt.Errorf("%s: generate: kind %q: the problem's puzzles always have exactly one solution", ID, opts.Kind)
	}
	ps, err := gen.Puzzles(ctx, opts.Rand(), side, opts, p.Reference())
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	return WriteInput(w, ps)
}

// WriteCases implements problems.CaseWriter: stress cuts a failing input
// down to the cases that fail.
func (*problem) WriteCases(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }
