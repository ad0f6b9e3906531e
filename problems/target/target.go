package target

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/gen"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
)

// ID is the problem's stable name.
const ID = "target"

type problem struct{ problems.Base }

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem { return &problem{problems.MustBase(ID, problems.Folder(ID))} }

// The reference is whichever strategy bounds fastest, measured by
// BenchmarkTarget in solvers/fast and solvers/mrv: fast since its weight split.
func (*problem) Reference() solvers.Strategy { return fast.New() }

// Weights returns the target's objective: cell (r, c), counted from 0, is
// worth 6 + min(r, c, 8-r, 8-c), from 6 on the border to 10 in the centre.
func Weights() *solvers.Objective {
	w := make([]int, side*side)
	for i := range w {
		r, c := i/side, i%side
		w[i] = 6 + min(r, c, side-1-r, side-1-c)
	}
	return &solvers.Objective{Weights: w}
}

// SolveCase finds the best completion under [Weights]. Score is -1 when the
// puzzle has no completion. Solutions counts the completions the strategy
// visited: all of them for strategies that ignore the objective, fewer for
// those that bound their search with it.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	if p.Size() != side || !p.Standard() {
		return problems.Answer{}, fmt.Errorf("%s: want a standard 9x9 puzzle", ID)
	}
	g, score, st, err := solvers.Maximize(ctx, s, p, Weights())
	if err != nil {
		return problems.Answer{Stats: st}, fmt.Errorf("%s: %s: %w", ID, s.Name(), err)
	}
	if g == nil {
		score = -1
	}
	return problems.Answer{Grid: g, Solutions: st.Solutions, Score: score, Stats: st}, nil
}

// Format writes each answer's score on a line of its own.
func (*problem) Format(w io.Writer, answers []problems.Answer) error {
	var b strings.Builder
	for _, a := range answers {
		b.WriteString(strconv.Itoa(a.Score))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Generation bounds: the official tests have 24 to 30 givens and at most
// 47,000 completions; generated ones stay in the same ranges, so that a
// search enumerating every completion remains practical.
const (
	minGivens      = 24
	maxGivens      = 30
	maxCompletions = 50000
)

// Generate writes one random puzzle; the format has a single case, so
// opts.Count is ignored. opts.Givens (default: 24 to 30 at random) givens of
// a random grid remain. By default ("" or "multiple") they are drawn at
// random, with givens put back while the puzzle has 50,000 completions or
// more; "unique" keeps the completion unique, and "none" makes a puzzle
// without completions whose givens do not clash.
func (p *problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	rng := opts.Rand()
	if opts.Givens == 0 {
		opts.Givens = minGivens + rng.IntN(maxGivens-minGivens+1)
	}
	if opts.Givens < 0 || opts.Givens > side*side {
		return fmt.Errorf("%s: generate: %d givens, want 0-81", ID, opts.Givens)
	}
	sol, err := gen.Solution(rng, side, nil)
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	var pz *solvers.Puzzle
	switch opts.Kind {
	case "", "multiple":
		pz, err = p.many(ctx, rng, sol, opts.Givens, opts.Kind == "multiple")
	case "unique", "none":
		pz, err = gen.Puzzle(ctx, rng, sol, side, nil, opts, p.Reference())
	default:
		err = fmt.Errorf("unknown kind %q (want multiple, unique or none)", opts.Kind)
	}
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	return WriteInput(w, pz)
}

// many keeps givens random cells of sol, then puts back random removed
// cells while the puzzle has too many completions, or, when several are
// wanted, removes more while it has one.
func (p *problem) many(ctx context.Context, rng *rand.Rand, sol solvers.Grid, givens int, several bool) (*solvers.Puzzle, error) {
	order := rng.Perm(side * side) // givens first, then removed cells in the order they return
	g := make(solvers.Grid, side*side)
	for _, i := range order[:givens] {
		g[i] = sol[i]
	}
	for k, steps := givens, 0; ; steps++ {
		if steps > 2*len(order) {
			return nil, fmt.Errorf("no puzzle with 2 to %d completions near %d givens", maxCompletions-1, givens)
		}
		pz, err := solvers.NewStandard(side, g)
		if err != nil {
			return nil, err
		}
		n, _, err := solvers.Count(ctx, p.Reference(), pz, maxCompletions)
		if err != nil {
			return nil, err
		}
		switch {
		case n >= maxCompletions && k < len(order):
			g[order[k]] = sol[order[k]]
			k++
		case several && n < 2 && k > 0:
			k--
			g[order[k]] = 0
		default:
			return pz, nil
		}
	}
}
