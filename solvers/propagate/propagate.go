package propagate

import (
	"context"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Strategy is constraint propagation with most-constrained-cell search. The
// zero value is ready to use.
type Strategy struct{}

// New returns the propagate strategy.
func New() solvers.Strategy { return Strategy{} }

// Name returns "propagate".
func (Strategy) Name() string { return "propagate" }

// support: every size, any regions, any extra units: peers and hidden
// singles come from the puzzle's unit list.
var support = solvers.Support{Features: solvers.Jigsaw | solvers.ExtraUnits}

// Support declares what propagate handles.
func (Strategy) Support() solvers.Support { return support }

// search is the state of one call of Search.
type search struct {
	t solvers.Tally

	n, n2 int
	full  uint32 // one bit per digit
	g     *geometry

	// stack holds one level of n2 candidate masks per search depth; level
	// d is stack[d*n2 : (d+1)*n2].
	stack []uint32
	queue []uint16 // cells just solved whose digit peers have yet to lose
	grid  solvers.Grid
}

// Search visits the solutions of p as opts says. Stats.Nodes counts the
// propagated states: the root and one per digit tried at a branch point;
// every branch point is a guess.
func (Strategy) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	if ok, err := solvers.Prepare(ctx, "propagate", support, p, opts); !ok {
		return solvers.Stats{}, err
	}
	s := newSearch(ctx, p, opts)
	s.t.Stats.Nodes++ // the root
	if solved, ok := s.root(p); ok {
		s.dfs(0, solved)
	}
	return s.t.Result()
}

// newSearch returns the state for searching p, its geometry built and its
// stack ready for the root level.
func newSearch(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) *search {
	n := p.Size()
	s := &search{
		t: solvers.NewTally(ctx, "propagate", opts),
		n: n, n2: n * n, full: 1<<n - 1,
		g:     newGeometry(p),
		queue: make([]uint16, 0, n*n),
		grid:  make(solvers.Grid, n*n),
	}
	// Room for a few levels; deeper searches grow the stack, doubling it.
	s.stack = make([]uint32, 8*s.n2)
	return s
}

// root fills level 0 with the givens of p and propagates them. It returns
// the number of solved cells, and false if p has no solution.
func (s *search) root(p *solvers.Puzzle) (int, bool) {
	cand := s.stack[:s.n2]
	solved := 0
	for i := range cand {
		cand[i] = s.full
		if v := p.Cell(i); v != 0 {
			cand[i] = 1 << (v - 1)
			s.queue = append(s.queue, uint16(i))
			solved++
		}
	}
	return s.propagate(cand, solved)
}

// propagate places the cells in s.queue, eliminating their digits from
// their peers, and places every naked and hidden single that follows. It
// returns the number of solved cells, and false on a contradiction.
func (s *search) propagate(cand []uint32, solved int) (int, bool) {
	cand = cand[:s.n2]
	for {
		for len(s.queue) > 0 {
			c := s.queue[len(s.queue)-1]
			s.queue = s.queue[:len(s.queue)-1]
			bit := cand[c]
			for _, q := range s.g.peersOf(c) {
				m := cand[q]
				if m&bit == 0 {
					continue
				}
				m &^= bit
				cand[q] = m
				if m&(m-1) == 0 {
					if m == 0 {
						s.queue = s.queue[:0]
						return solved, false
					}
					s.queue = append(s.queue, q)
					solved++
				}
			}
		}
		if solved == s.n2 {
			return solved, true
		}
		// Hidden singles: a digit with one place in a unit goes there.
		for u := range s.g.numUnits {
			cells := s.g.units[u*s.n : (u+1)*s.n]
			var once, twice, placed uint32
			for _, c := range cells {
				m := cand[c]
				twice |= once & m
				once |= m
				if m&(m-1) == 0 {
					placed |= m
				}
			}
			if once != s.full {
				s.queue = s.queue[:0]
				return solved, false // some digit has no place left in u
			}
			for hidden := once &^ twice &^ placed; hidden != 0; hidden &= hidden - 1 {
				bit := hidden & -hidden
				// One cell of u had bit when u was scanned; it has lost it
				// only if an earlier hidden single of u took that cell.
				at := -1
				for _, c := range cells {
					if cand[c]&bit != 0 {
						at = int(c)
						break
					}
				}
				if at < 0 {
					s.queue = s.queue[:0]
					return solved, false
				}
				cand[at] = bit
				s.queue = append(s.queue, uint16(at))
				solved++
			}
		}
		if len(s.queue) == 0 {
			return solved, true
		}
	}
}

// dfs searches below the propagated level d, in which solved cells hold a
// single candidate.
func (s *search) dfs(d, solved int) {
	n2 := s.n2
	cand := s.stack[d*n2 : (d+1)*n2]
	if solved == n2 {
		s.visit(cand)
		return
	}
	// Branch on an unsolved cell with the fewest candidates.
	best, bestN := -1, 99
	for i, m := range cand {
		if m&(m-1) == 0 {
			continue
		}
		if c := bits.OnesCount32(m); c < bestN {
			best, bestN = i, c
			if c == 2 {
				break
			}
		}
	}
	s.t.Stats.Guesses++
	if len(s.stack) < (d+2)*n2 {
		s.stack = append(s.stack, make([]uint32, len(s.stack))...)
	}
	for m := cand[best]; m != 0; m &= m - 1 {
		if s.t.Node() {
			return
		}
		// Deeper levels may have grown the stack: slice it afresh.
		cand = s.stack[d*n2 : (d+1)*n2]
		next := s.stack[(d+1)*n2 : (d+2)*n2]
		copy(next, cand)
		next[best] = m & -m
		s.queue = append(s.queue[:0], uint16(best))
		if solvedNext, ok := s.propagate(next, solved+1); ok {
			s.dfs(d+1, solvedNext)
			if s.t.Stop {
				return
			}
		}
	}
}

// visit hands the solved level cand to the caller.
func (s *search) visit(cand []uint32) {
	for i, m := range cand {
		s.grid[i] = uint8(bits.TrailingZeros32(m) + 1)
	}
	s.t.Solution(s.grid)
}
