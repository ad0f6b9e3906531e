package poj2676

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
const ID = "poj2676"

type problem struct{ problems.Base }

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem {
	return &problem{problems.MustBase(ID, problems.Folder(ID), problems.Special{Name: ID, Checker: Checker{}})}
}

// WriteInput implements problems.InputWriter: benchmarks pose the public
// 9x9 sets in this problem's input format.
func (*problem) WriteInput(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }

func (*problem) Reference() solvers.Strategy { return fast.New() }

// SolveCase returns the first completion s finds: any one is accepted. The
// judge's puzzles are all solvable, so a case without a completion is an
// error, and no output is written for it.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	return problems.SolveFirst(ctx, ID, 9, s, p)
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
func (p *problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	switch opts.Kind {
	case "", "unique", "multiple":
	default:
		return fmt.Errorf("%s: generate: kind %q: want unique or multiple (inputs are always solvable)", ID, opts.Kind)
	}
	ps, err := gen.Puzzles(ctx, opts.Rand(), 9, opts, p.Reference())
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	return WriteInput(w, ps)
}

// WriteCases implements problems.CaseWriter: stress cuts a failing input
// down to the cases that fail.
func (*problem) WriteCases(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }
