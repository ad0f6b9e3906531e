package solvers

import (
	"context"
	"fmt"
)

// PollInterval is how many nodes a search goes between two looks at the
// context: rare enough to cost nothing measurable and frequent enough to
// stop within a millisecond or so. It is a power of two.
const PollInterval = 1 << 10

const pollMask = PollInterval - 1

// A Tally keeps the bookkeeping every search shares, so that a strategy's
// code is only its search: the statistics, the limit, the visitor and the
// context. A strategy calls [Tally.Node] at every node, [Tally.Solution]
// at every solution, and returns as soon as Stop is set.
type Tally struct {
	Stats Stats
	// Stop is set when the search must end: the limit is reached, the
	// visitor asked to stop or the context is done.
	Stop bool

	ctx   context.Context
	name  string
	limit int
	visit func(Grid) bool
	err   error
}

// NewTally returns the bookkeeping of one search by the strategy called
// name, as opts asks (its Limit and Visit; [Prepare] has checked them).
func NewTally(ctx context.Context, name string, opts Options) Tally {
	return Tally{ctx: ctx, name: name, limit: opts.Limit, visit: opts.Visit}
}

// Node counts a node and, every PollInterval nodes, looks at the context. It
// reports whether the search must stop. It is small enough to be inlined.
func (t *Tally) Node() bool {
	t.Stats.Nodes++
	if t.Stats.Nodes&pollMask == 0 {
		t.poll()
	}
	return t.Stop
}

func (t *Tally) poll() {
	if err := t.ctx.Err(); err != nil && t.err == nil {
		t.err = fmt.Errorf("%s: search stopped after %d nodes: %w", t.name, t.Stats.Nodes, err)
		t.Stop = true
	}
}

// Solution counts solution g and hands it to the visitor; it sets Stop
// when the visitor says so or the limit is reached.
func (t *Tally) Solution(g Grid) {
	t.Stats.Solutions++
	if t.visit != nil && !t.visit(g) {
		t.Stop = true
	}
	if t.limit > 0 && t.Stats.Solutions >= t.limit {
		t.Stop = true
	}
}

// Result returns what Search returns: the statistics, and an error wrapping
// the context's when the context ended the search.
func (t *Tally) Result() (Stats, error) { return t.Stats, t.err }

// AddNodes counts n nodes at once and looks at the context, for a search
// that counts its nodes itself and calls AddNodes every PollInterval nodes.
// It reports whether the search must stop.
func (t *Tally) AddNodes(n int64) bool {
	t.Stats.Nodes += n
	t.poll()
	return t.Stop
}
