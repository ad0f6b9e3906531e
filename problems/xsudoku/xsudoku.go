package xsudoku

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
const ID = "xsudoku"

// The two fixed answers, spelled as HDU 4069 spells them.
const (
	noSolution        = "No solution"
	multipleSolutions = "Multiple Solutions"
)

type problem struct{ problems.Base }

// New returns the problem. It panics if the embedded problem.yaml is
// invalid, which the package's tests rule out.
func New() problems.Problem { return &problem{problems.MustBase(ID, problems.Folder(ID))} }

func (*problem) Reference() solvers.Strategy { return fast.New() }

// SolveCase counts the solutions of the case up to two, and keeps the
// first; givens that clash have none, found without searching.
func (*problem) SolveCase(ctx context.Context, s solvers.Strategy, p *solvers.Puzzle) (problems.Answer, error) {
	if !lineFormat.Fits(p) {
		return problems.Answer{}, fmt.Errorf("%s: want a 9x9 X-sudoku", ID)
	}
	g, n, st, err := solvers.Solve(ctx, s, p, 2)
	if err != nil {
		return problems.Answer{Stats: st}, fmt.Errorf("%s: %s: %w", ID, s.Name(), err)
	}
	return problems.Answer{Grid: g, Solutions: n, Illegal: p.Clash() != nil, Stats: st}, nil
}

// Format writes one line per answer: the 81 digits of the solution, or
// "No solution", or "Multiple Solutions".
func (*problem) Format(w io.Writer, answers []problems.Answer) error {
	var b strings.Builder
	for k, a := range answers {
		switch {
		case a.Solutions == 0:
			b.WriteString(noSolution)
		case a.Solutions >= 2:
			b.WriteString(multipleSolutions)
		case len(a.Grid) != cells:
			return fmt.Errorf("%s: answer %d has one solution but no 9x9 grid", ID, k+1)
		default:
			for _, v := range a.Grid {
				if v < 1 || v > 9 {
					return fmt.Errorf("%s: answer %d holds %d, want digits 1-9", ID, k+1, v)
				}
				b.WriteByte('0' + v)
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// kinds are the case kinds Generate makes; "mixed" draws from them all.
var kinds = []string{"unique", "multiple", "none", "clash"}

// Generate writes opts.Count random X-sudoku puzzles (at least one): a
// random solution, givens removed by package gen down to about opts.Givens
// (0: a minimal puzzle). opts.Kind asks for "unique" (the default),
// "multiple", "none" (no clash, but only search shows there is no
// solution), "clash" (a unique puzzle plus a given repeating another on a
// diagonal only, see addClash), or "mixed": each case's kind drawn in turn
// from those four.
func (p *problem) Generate(ctx context.Context, w io.Writer, opts problems.GenOptions) error {
	ps, err := gen.Cases(ctx, opts, kinds, kinds, MaxCases, func(rng *rand.Rand, kind string) (*solvers.Puzzle, error) {
		return p.generateCase(ctx, rng, opts, kind)
	})
	if err != nil {
		return fmt.Errorf("%s: generate: %w", ID, err)
	}
	return WriteInput(w, ps)
}

// clashTries bounds how many unique puzzles generateCase makes for a
// "clash" case before giving up; about one in five takes no clash (see
// addClash).
const clashTries = 50

func (p *problem) generateCase(ctx context.Context, rng *rand.Rand, opts problems.GenOptions, kind string) (*solvers.Puzzle, error) {
	opts.Kind = kind
	if kind == "clash" {
		opts.Kind = "unique"
	}
	for range clashTries {
		sol, err := solution(ctx, rng, p.Reference())
		if err != nil {
			return nil, err
		}
		pz, err := gen.PuzzleWithUnits(ctx, rng, sol, side, nil, diagonals, opts, p.Reference())
		if err != nil || kind != "clash" {
			return pz, err
		}
		if pz, err = addClash(ctx, rng, pz, p.Reference()); !errors.Is(err, errNoClash) {
			return pz, err
		}
	}
	return nil, fmt.Errorf("%w in %d puzzles", errNoClash, clashTries)
}

// errNoClash says a puzzle takes no clash that addClash wants.
var errNoClash = errors.New("no given copies onto its diagonal leaving a plain sudoku with a solution")

// seedGivens is how many random givens solution places before completing
// the grid: few enough that nearly every draw completes at once.
const seedGivens = 6

// solution returns a random complete X-sudoku grid: the first completion,
// found by s, of a few random givens that clash with none. Package gen's
// grids keep rows, columns and boxes only, not the diagonals.
func solution(ctx context.Context, rng *rand.Rand, s solvers.Strategy) (solvers.Grid, error) {
	for range 100 {
		g := make([]uint8, cells)
		for range seedGivens {
			g[rng.IntN(cells)] = uint8(1 + rng.IntN(side))
		}
		p, err := solvers.NewWithUnits(side, g, nil, diagonals)
		if err != nil {
			return nil, err
		}
		if p.Clash() != nil {
			continue
		}
		sol, _, err := solvers.First(ctx, s, p)
		if err != nil {
			return nil, fmt.Errorf("completing random givens with %s: %w", s.Name(), err)
		}
		if sol != nil {
			return sol, nil
		}
	}
	return nil, fmt.Errorf("no random givens completed in 100 draws")
}

// addClash copies a given of p into an empty cell on the same diagonal
// such that the givens repeat a digit on that diagonal only, and as a plain
// sudoku (without the diagonals, counted by s) the puzzle has a solution:
// only a solver that keeps the diagonals answers "No solution".
func addClash(ctx context.Context, rng *rand.Rand, p *solvers.Puzzle, s solvers.Strategy) (*solvers.Puzzle, error) {
	type move struct{ from, to int }
	var moves []move
	givens := p.Givens()
	for _, u := range diagonals {
		for _, i := range u.Cells {
			for _, j := range u.Cells {
				if givens[i] != 0 && givens[j] == 0 {
					moves = append(moves, move{i, j})
				}
			}
		}
	}
	rng.Shuffle(len(moves), func(a, b int) { moves[a], moves[b] = moves[b], moves[a] })
	for _, m := range moves {
		g := p.Givens()
		g[m.to] = g[m.from]
		x, err := solvers.NewWithUnits(side, g, nil, diagonals)
		if err != nil {
			return nil, err
		}
		if c := x.Clash(); c == nil || !strings.HasPrefix(c.Unit, "diagonal") {
			continue // the copy also repeats a digit in a row, column or box
		}
		plain, err := solvers.NewStandard(side, g)
		if err != nil {
			return nil, err
		}
		n, _, err := solvers.Count(ctx, s, plain, 1)
		if err != nil {
			return nil, fmt.Errorf("counting plain solutions with %s: %w", s.Name(), err)
		}
		if n > 0 {
			return x, nil
		}
	}
	return nil, errNoClash
}

// WriteCases implements problems.CaseWriter: stress cuts a failing input
// down to the cases that fail.
func (*problem) WriteCases(w io.Writer, ps []*solvers.Puzzle) error { return WriteInput(w, ps) }
