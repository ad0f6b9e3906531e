package dlx

import (
	"context"
	"fmt"
	"sync"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// New returns the dancing-links strategy, registered as "dlx".
func New() solvers.Strategy {
	return &strategy{encodings: sync.Pool{New: func() any { return new(encoding) }}}
}

type strategy struct {
	// encodings keeps matrices between searches, one per search running:
	// building one costs more than solving an easy puzzle.
	encodings sync.Pool
}

func (*strategy) Name() string { return "dlx" }

// support: every size, any regions, any extra units (each is one more
// constraint per digit in the exact cover matrix).
var support = solvers.Support{Features: solvers.Jigsaw | solvers.ExtraUnits}

// Support declares what dlx handles.
func (*strategy) Support() solvers.Support { return support }

// Search visits the solutions of p as opts says. Givens that clash end the
// search before it starts: no solutions, no nodes.
func (s *strategy) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	if ok, err := solvers.Prepare(ctx, "dlx", support, p, opts); !ok {
		return solvers.Stats{}, err
	}
	e := s.encodings.Get().(*encoding)
	defer s.encodings.Put(e)
	if err := e.load(p); err != nil {
		return solvers.Stats{}, err
	}
	grid := e.grid // the givens, filled in by each solution
	// The matrix search keeps the node statistics and watches the context;
	// the tally applies the limit and the visitor.
	t := solvers.NewTally(ctx, "dlx", opts)
	st, err := e.m.Search(ctx, func(rows []int) bool {
		for _, r := range rows {
			grid[e.cell[r]] = e.digit[r]
		}
		t.Solution(grid)
		return !t.Stop
	})
	out := solvers.Stats{Nodes: st.Nodes, Guesses: st.Guesses, Solutions: st.Solutions}
	if err != nil {
		return out, fmt.Errorf("dlx: %w", err)
	}
	return out, nil
}
