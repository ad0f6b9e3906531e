package fast

import (
	"context"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// New returns the fast strategy. It handles 9x9 puzzles with any regions;
// other sizes fail with an error wrapping [solvers.ErrUnsupported].
func New() solvers.Strategy {
	return &strategy{standard: standardTopology()}
}

type strategy struct {
	standard *topology // read-only, shared by every search
}

func (*strategy) Name() string { return "fast" }

// support: 9x9 only, any regions, no extra units.
var support = solvers.Support{Sizes: []int{9}, Features: solvers.Jigsaw}

// Support declares what fast handles.
func (*strategy) Support() solvers.Support { return support }

// checkEvery is how many nodes pass between two looks at the context.
const checkEvery = 4096

// Search visits the solutions of p as opts says; see [solvers.Strategy].
func (s *strategy) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	search, err := solvers.Prepare(ctx, "fast", support, p, opts)
	if err != nil {
		return solvers.Stats{}, err
	}
	topo := s.standard
	if !p.Standard() {
		topo = newTopology(p.Region)
	}
	var bound *scorer
	if opts.Objective != nil {
		b, err := newScorer(opts.Objective, topo)
		if err != nil {
			return solvers.Stats{}, fmt.Errorf("fast: %w", err)
		}
		bound = b
	}
	if !search { // the givens clash
		return solvers.Stats{}, nil
	}

	sv := solver{topo: topo, ctx: ctx, opts: opts, obj: bound, best: -1}
	st := sv.start(p)
	if bound == nil {
		sv.search(st)
	} else if sv.settle(&st) {
		// The split is tuned once, on the propagated root: the bounds of
		// every node below use it, and the cache holds on to them.
		bound.split(&st)
		if bound.bound(&st, sv.best) > sv.best {
			sv.maximize(st)
		}
	}
	return sv.stats, sv.err
}

// stopped wraps the error of a context that ended the search.
func stopped(err error) error { return fmt.Errorf("fast: search stopped: %w", err) }
