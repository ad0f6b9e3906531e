package fast

import (
	"context"
	"fmt"
	"sync"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// New returns the fast strategy. It handles puzzles of every size with any
// regions and any extra units.
func New() solvers.Strategy {
	return &strategy{standard: sync.OnceValue(standardTopology)}
}

type strategy struct {
	// standard is the 9x9 layout, built at the first 9x9 search (its
	// tables are a twentieth of a solve command's start-up), then
	// read-only and shared by every search.
	standard func() *topology
	// wide holds the standard layouts of the other sizes by side, built
	// on first use.
	wide [solvers.MaxSize + 1]struct {
		once sync.Once
		t    *wideTopology
	}
}

func (*strategy) Name() string { return "fast" }

// support: every size, any regions, any extra units. Grids other than 9x9
// are solved by the wide engine (wide.go), which reads every unit from the
// puzzle; the 9x9 engine takes extra units as peers (see newTopology).
// The 9x9 search finds clashing givens as it places them (see start); the
// wide ones ask the puzzle.
var support = solvers.Support{Sizes: []int{4, 9, 16, 25}, Features: solvers.Jigsaw | solvers.ExtraUnits, FindsClashes: true}

// Support declares what fast handles.
func (*strategy) Support() solvers.Support { return support }

// checkEvery is how many nodes pass between two looks at the context.
const checkEvery = 4096

// Search visits the solutions of p as opts says; see [solvers.Strategy].
func (s *strategy) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	// Prepare leaves clashing givens to fast (support.FindsClashes).
	if _, err := solvers.Prepare(ctx, "fast", support, p, opts); err != nil {
		return solvers.Stats{}, err
	}
	if p.Size() != 9 {
		if p.Clash() != nil {
			return solvers.Stats{}, nil
		}
		// The wide engines have no bound: they visit every solution, as
		// Options allows.
		if p.Size() == 16 && p.Features() == 0 {
			return search16(ctx, p, opts)
		}
		return wideSearch(ctx, s.wideTopology(p), p, opts)
	}
	topo := s.standard()
	if p.Features() != 0 {
		topo = newTopology(p.Region, p.ExtraUnits())
	}
	var bound *scorer
	if opts.Objective != nil {
		b, err := newScorer(opts.Objective, topo)
		if err != nil {
			return solvers.Stats{}, fmt.Errorf("fast: %w", err)
		}
		bound = b
	}
	sv := solver{topo: topo, ctx: ctx, opts: opts, obj: bound, best: -1}
	// The root is built in place: searchBands works in it, the other
	// searches on its state.
	var root bandState
	if !sv.start(p, &root.state) { // the givens clash
		return solvers.Stats{}, nil
	}
	if st := &root.state; bound == nil && topo.standard {
		sv.searchBands(&root)
	} else if bound == nil {
		sv.search(*st)
	} else if sv.settle(st) {
		// The split is tuned once, on the propagated root: the bounds of
		// every node below use it, and the cache holds on to them.
		bound.split(st)
		if bound.bound(st, sv.best) > sv.best {
			sv.maximize(*st)
		}
	}
	return sv.stats, sv.err
}

// stopped wraps the error of a context that ended the search.
func stopped(err error) error { return fmt.Errorf("fast: search stopped: %w", err) }

// wideTopology returns the layout of p, a grid other than 9x9: shared by
// every search when its regions are standard, built for p otherwise.
func (s *strategy) wideTopology(p *solvers.Puzzle) *wideTopology {
	if p.Features() != 0 {
		return newWideTopology(p)
	}
	w := &s.wide[p.Size()]
	w.once.Do(func() { w.t = newWideTopology(p) })
	return w.t
}
