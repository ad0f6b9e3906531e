package gen

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Puzzle removes givens from the solution sol at random, keeping the solution
// unique, until about opts.Givens remain, using strategy s for the uniqueness
// checks. With opts.Givens 0 it removes every given it can for grids up to
// 9x9 (a minimal puzzle) and stops at half the cells for larger grids, where
// proving sparse puzzles unique gets slow.
//
// opts.Kind "multiple" returns a puzzle with 2 or more solutions, "none" one
// with no solution whose givens do not clash directly: only search shows
// that it has no solution. "" and "unique" ask for a unique solution. Every
// answer is counted with s before it is returned.
func Puzzle(ctx context.Context, rng *rand.Rand, sol solvers.Grid, size int, regions []uint8, opts problems.GenOptions, s solvers.Strategy) (*solvers.Puzzle, error) {
	return PuzzleWithUnits(ctx, rng, sol, size, regions, nil, opts, s)
}

// PuzzleWithUnits is [Puzzle] for a variant with extra units, such as the
// diagonals of X-sudoku: sol must keep them, every puzzle it returns has
// them, and every count honours them, so s must handle them.
func PuzzleWithUnits(ctx context.Context, rng *rand.Rand, sol solvers.Grid, size int, regions []uint8, extra []solvers.Unit, opts problems.GenOptions, s solvers.Strategy) (*solvers.Puzzle, error) {
	full, err := solvers.NewWithUnits(size, sol, regions, extra)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	if err := full.Check(sol); err != nil {
		return nil, fmt.Errorf("gen: not a complete solution: %w", err)
	}
	floor := opts.Givens
	if floor <= 0 {
		floor = defaultGivens(size)
	}
	r := &remover{ctx: ctx, s: s, size: size, regions: full.Regions(), extra: full.ExtraUnits(), sol: sol, cells: full.Givens(), givens: size * size}
	order := rng.Perm(size * size)
	switch opts.Kind {
	case "", "unique":
		if _, err := r.reduce(order, floor); err != nil {
			return nil, err
		}
		return r.checked(1)
	case "multiple":
		rest, err := r.reduce(order, floor+1)
		if err != nil {
			return nil, err
		}
		if err := r.breakUniqueness(rng, rest); err != nil {
			return nil, err
		}
		return r.checked(2)
	case "none":
		if _, err := r.reduce(order, max(floor-1, 0)); err != nil {
			return nil, err
		}
		if err := r.addWrongGiven(rng); err != nil {
			return nil, err
		}
		p, err := r.checked(0)
		if err == nil && p.Clash() != nil {
			err = fmt.Errorf("gen: internal error: wrong given clashes: %v", p.Clash())
		}
		return p, err
	}
	return nil, fmt.Errorf("gen: unknown puzzle kind %q (want unique, multiple or none)", opts.Kind)
}

// Puzzles makes opts.Count puzzles of side size with the standard boxes:
// each from a random complete grid ([Solution]) with givens removed by
// [Puzzle], as opts says, using strategy s.
func Puzzles(ctx context.Context, rng *rand.Rand, size int, opts problems.GenOptions, s solvers.Strategy) ([]*solvers.Puzzle, error) {
	if opts.Count < 0 {
		return nil, fmt.Errorf("negative count %d", opts.Count)
	}
	ps := make([]*solvers.Puzzle, 0, opts.Count)
	for i := range opts.Count {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("case %d: %w", i+1, err)
		}
		sol, err := Solution(rng, size, nil)
		if err != nil {
			return nil, fmt.Errorf("case %d: %w", i+1, err)
		}
		p, err := Puzzle(ctx, rng, sol, size, nil, opts, s)
		if err != nil {
			return nil, fmt.Errorf("case %d: %w", i+1, err)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// defaultGivens is where Puzzle stops removing givens when the caller does
// not say.
func defaultGivens(size int) int {
	if size <= 9 {
		return 0
	}
	return size * size / 2
}

// A remover takes givens away from a complete grid.
type remover struct {
	ctx     context.Context
	s       solvers.Strategy
	size    int
	regions []uint8
	extra   []solvers.Unit
	sol     solvers.Grid
	cells   solvers.Grid // the current givens
	givens  int
}

func (r *remover) puzzle() (*solvers.Puzzle, error) {
	p, err := solvers.NewWithUnits(r.size, r.cells, r.regions, r.extra)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	return p, nil
}

// count counts the solutions of the current givens, up to 2.
func (r *remover) count() (int, error) {
	p, err := r.puzzle()
	if err != nil {
		return 0, err
	}
	n, _, err := solvers.Count(r.ctx, r.s, p, 2)
	if err != nil {
		return 0, fmt.Errorf("gen: counting solutions with %s: %w", r.s.Name(), err)
	}
	return n, nil
}

// reduce visits the cells in order, removing each given whose removal keeps
// the solution unique, until floor givens remain. It returns the cells it
// has not visited yet.
func (r *remover) reduce(order []int, floor int) ([]int, error) {
	for k, i := range order {
		if r.givens <= floor {
			return order[k:], nil
		}
		v := r.cells[i]
		r.cells[i] = 0
		n, err := r.count()
		if err != nil {
			return nil, err
		}
		if n == 1 {
			r.givens--
		} else {
			r.cells[i] = v
		}
	}
	return nil, nil
}

// breakUniqueness removes givens of the unique puzzle r holds until it has
// several solutions: preferably a single one, the first unvisited cell whose
// removal does it; failing that, givens in random order, keeping every
// removal, which ends at the latest when too few givens are left.
func (r *remover) breakUniqueness(rng *rand.Rand, unvisited []int) error {
	for _, i := range unvisited {
		v := r.cells[i]
		r.cells[i] = 0
		n, err := r.count()
		if err != nil {
			return err
		}
		if n >= 2 {
			r.givens--
			return nil
		}
		r.cells[i] = v
	}
	for _, i := range rng.Perm(len(r.cells)) {
		if r.cells[i] == 0 {
			continue
		}
		r.cells[i] = 0
		r.givens--
		n, err := r.count()
		if err != nil {
			return err
		}
		if n >= 2 {
			return nil
		}
	}
	return fmt.Errorf("gen: the empty grid has a unique solution")
}

// addWrongGiven puts into an empty cell of the unique puzzle r holds a digit
// that differs from the solution's but clashes with no given. The only
// completion of the old givens has another digit there, so the new puzzle
// has none.
func (r *remover) addWrongGiven(rng *rand.Rand) error {
	p, err := r.puzzle()
	if err != nil {
		return err
	}
	units := p.Units()
	inUnits := make([][]int, len(r.cells)) // the units of each cell
	for u, unit := range units {
		for _, i := range unit {
			inUnits[i] = append(inUnits[i], u)
		}
	}
	for _, i := range rng.Perm(len(r.cells)) {
		if r.cells[i] != 0 {
			continue
		}
		used := make([]bool, r.size+1)
		for _, u := range inUnits[i] {
			for _, j := range units[u] {
				used[r.cells[j]] = true
			}
		}
		var ok []uint8
		for v := 1; v <= r.size; v++ {
			if !used[v] && uint8(v) != r.sol[i] {
				ok = append(ok, uint8(v))
			}
		}
		if len(ok) > 0 {
			r.cells[i] = ok[rng.IntN(len(ok))]
			r.givens++
			return nil
		}
	}
	return fmt.Errorf("gen: no empty cell takes a wrong digit without a clash")
}

// checked returns the current puzzle after counting that it has want
// solutions (2 meaning 2 or more).
func (r *remover) checked(want int) (*solvers.Puzzle, error) {
	n, err := r.count()
	if err != nil {
		return nil, err
	}
	if n != want {
		return nil, fmt.Errorf("gen: made a puzzle with %d solutions (limit 2), want %d", n, want)
	}
	return r.puzzle()
}
