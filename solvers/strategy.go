package solvers

import (
	"context"
	"errors"
)

// A Strategy searches puzzles for their solutions. Implementations are
// stateless values, safe for concurrent use: all search state belongs to one
// call of Search.
type Strategy interface {
	// Name is the stable name the strategy is registered under, such as "dlx".
	Name() string

	// Search visits the solutions of p, in any order, as opts says.
	//
	// Search returns the statistics of the search and a nil error when the
	// search space is exhausted, the limit is reached or the visitor asks to
	// stop. When ctx is done it stops within a few thousand nodes and returns
	// an error wrapping ctx.Err().
	//
	// Before searching, every implementation applies [Prepare] with the
	// [Support] it declares: a nil puzzle, a negative limit or bad objective
	// weights are errors wrapping [ErrMisuse]; a puzzle of a size or with a
	// feature (jigsaw regions, extra units) it does not declare is an error
	// wrapping [ErrUnsupported], never a search that ignores the feature;
	// a puzzle whose givens clash has no solutions, reported without
	// searching.
	Search(ctx context.Context, p *Puzzle, opts Options) (Stats, error)
}

// ErrUnsupported is wrapped by the error a strategy returns for a puzzle it
// does not handle.
var ErrUnsupported = errors.New("unsupported puzzle")

// Options say which solutions a search visits.
type Options struct {
	// Limit stops the search once this many solutions have been visited.
	// Zero means no limit.
	Limit int

	// Visit, if not nil, is called with each solution. The grid is only valid
	// during the call; copy it to keep it. Returning false stops the search.
	Visit func(Grid) bool

	// Objective, if not nil, tells the strategy that the caller wants the
	// highest-scoring solution. A strategy may then skip any solution whose
	// score cannot exceed the best score among the solutions it has already
	// visited; every other solution is still visited. Strategies without
	// bounding simply ignore it.
	Objective *Objective
}

// An Objective scores a solution cell by cell: the score of a grid is the sum
// over cells of Weights[i] times the digit in cell i. Weights must not be
// negative.
type Objective struct {
	Weights []int
}

// Score returns the score of g.
func (o *Objective) Score(g Grid) int {
	s := 0
	for i, v := range g {
		s += o.Weights[i] * int(v)
	}
	return s
}

// Stats describe the work one search did.
type Stats struct {
	// Nodes counts search-tree nodes: states in which the strategy chose what
	// to try next.
	Nodes int64
	// Guesses counts branch points with more than one candidate to try.
	Guesses int64
	// Solutions counts the solutions visited.
	Solutions int
}

// Add returns the sum of two statistics.
func (s Stats) Add(t Stats) Stats {
	return Stats{Nodes: s.Nodes + t.Nodes, Guesses: s.Guesses + t.Guesses, Solutions: s.Solutions + t.Solutions}
}

// First returns the first solution s finds for p, or nil if p has none.
func First(ctx context.Context, s Strategy, p *Puzzle) (Grid, Stats, error) {
	var sol Grid
	st, err := s.Search(ctx, p, Options{Limit: 1, Visit: func(g Grid) bool {
		sol = append(Grid(nil), g...)
		return false
	}})
	return sol, st, err
}

// Count counts the solutions of p, stopping at limit (0 means no limit). With
// limit 2 it is the uniqueness check: 0 none, 1 unique, 2 several.
func Count(ctx context.Context, s Strategy, p *Puzzle, limit int) (int, Stats, error) {
	st, err := s.Search(ctx, p, Options{Limit: limit})
	return st.Solutions, st, err
}

// Solve counts the solutions of p up to limit and returns the first one found,
// or nil when there is none. Solve(ctx, s, p, 2) answers "none, unique or
// several, and which" in one search.
func Solve(ctx context.Context, s Strategy, p *Puzzle, limit int) (Grid, int, Stats, error) {
	var first Grid
	st, err := s.Search(ctx, p, Options{Limit: limit, Visit: func(g Grid) bool {
		if first == nil {
			first = append(Grid(nil), g...)
		}
		return true
	}})
	return first, st.Solutions, st, err
}

// Maximize returns a solution of p with the highest score under obj and that
// score, or a nil grid when p has no solution. Strategies that bound the
// search with obj visit fewer solutions; the answer is the same.
func Maximize(ctx context.Context, s Strategy, p *Puzzle, obj *Objective) (Grid, int, Stats, error) {
	var best Grid
	bestScore := -1
	st, err := s.Search(ctx, p, Options{Objective: obj, Visit: func(g Grid) bool {
		if sc := obj.Score(g); sc > bestScore {
			bestScore = sc
			best = append(best[:0], g...)
		}
		return true
	}})
	if best == nil {
		bestScore = 0
	}
	return best, bestScore, st, err
}
