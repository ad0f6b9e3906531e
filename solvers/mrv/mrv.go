package mrv

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Strategy is the minimum-remaining-values bitmask search. The zero value is
// ready to use.
type Strategy struct{}

// New returns the mrv strategy.
func New() solvers.Strategy { return Strategy{} }

// Name returns "mrv".
func (Strategy) Name() string { return "mrv" }

const (
	maxCells = solvers.MaxSize * solvers.MaxSize
	// ctxEvery is a mask on the node count: the context is polled once every
	// ctxEvery+1 nodes, so polling costs nothing measurable.
	ctxEvery = 1<<12 - 1
)

// cellUnits holds a cell's index and the indices into search.free of its
// row, column and region, so the scan for the most constrained cell reads
// one entry per cell.
type cellUnits struct {
	cell          uint16
	row, col, reg uint8
}

// search is the state of one call of Search. The fixed arrays keep the hot
// loop free of allocation and, indexed by uint8, of bounds checks.
type search struct {
	ctx  context.Context
	opts solvers.Options
	st   solvers.Stats
	err  error
	stop bool

	full  uint32      // one bit per digit
	free  [256]uint32 // digits missing from each unit: rows, then columns, then regions
	grid  [maxCells]uint8
	cells solvers.Grid // grid[:N*N], handed to the visitor

	empty  [maxCells]cellUnits // empty cells; empty[:k] are filled at depth k
	nEmpty int
	rem    [maxCells]uint32 // digits still to try at each depth

	// Branch and bound, used only when opts.Objective is set.
	bb    *bounder
	score int // score of the filled cells
	best  int // best score among the visited solutions
}

// Search visits the solutions of p as opts says. With opts.Objective it
// skips subtrees whose best possible score cannot exceed the best solution
// visited so far. Stats.Nodes counts the positions in which a cell was
// chosen, Stats.Guesses those whose chosen cell had more than one
// candidate.
func (Strategy) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	if p == nil {
		return solvers.Stats{}, errors.New("mrv: nil puzzle")
	}
	if n := p.Size(); n < 1 || n > solvers.MaxSize {
		// Only the zero Puzzle, which is not valid, gets here.
		return solvers.Stats{}, fmt.Errorf("mrv: %dx%d grid: %w", n, n, solvers.ErrUnsupported)
	}
	n := p.Size()
	if opts.Objective != nil {
		if err := checkObjective(opts.Objective, n*n); err != nil {
			return solvers.Stats{}, fmt.Errorf("mrv: %w", err)
		}
	}
	if p.Clash() != nil {
		return solvers.Stats{}, nil
	}
	s := &search{ctx: ctx, opts: opts, full: 1<<n - 1, best: -1}
	s.cells = s.grid[:n*n]
	for u := range 3 * n {
		s.free[u] = s.full
	}
	for i := range s.cells {
		u := cellUnits{uint16(i), uint8(i / n), uint8(n + i%n), uint8(2*n + p.Region(i))}
		if v := p.Cell(i); v != 0 {
			s.grid[i] = uint8(v)
			bit := uint32(1) << (v - 1)
			s.free[u.row] &^= bit
			s.free[u.col] &^= bit
			s.free[u.reg] &^= bit
			if opts.Objective != nil {
				s.score += opts.Objective.Weights[i] * v
			}
		} else {
			s.empty[s.nEmpty] = u
			s.nEmpty++
		}
	}
	if opts.Objective != nil {
		s.bb = newBounder(p, opts.Objective.Weights)
		s.bb.split(s)
		s.bound(0)
	} else {
		s.dfs()
	}
	return s.st, s.err
}

// maxWeight keeps scores within 32 bits (625 cells * 25 * maxWeight < 2^31)
// and the bound's sums, in units of 1/partScale, well within 64.
const maxWeight = 1<<16 - 1

// checkObjective rejects weights the bound cannot use: a wrong count,
// negative weights, which the contract forbids, or weights so large that
// scores could overflow.
func checkObjective(o *solvers.Objective, cells int) error {
	if len(o.Weights) != cells {
		return fmt.Errorf("objective has %d weights for %d cells", len(o.Weights), cells)
	}
	for i, w := range o.Weights {
		if w < 0 || w > maxWeight {
			return fmt.Errorf("objective weight %d of cell %d is outside 0..%d", w, i, maxWeight)
		}
	}
	return nil
}

// poll counts a node and, every few thousand nodes, checks the context. It
// reports whether the search must stop.
func (s *search) poll() bool {
	s.st.Nodes++
	if s.st.Nodes&ctxEvery == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = fmt.Errorf("mrv: search stopped after %d nodes: %w", s.st.Nodes, err)
			s.stop = true
		}
	}
	return s.stop
}

// visit hands a complete grid to the caller.
func (s *search) visit() {
	s.st.Solutions++
	if s.opts.Objective != nil && s.score > s.best {
		s.best = s.score
	}
	if s.opts.Visit != nil && !s.opts.Visit(s.cells) {
		s.stop = true
	}
	if s.opts.Limit > 0 && s.st.Solutions >= s.opts.Limit {
		s.stop = true
	}
}

// dfs fills the empty cells, always branching on the cell with the fewest
// candidates. It keeps its own stack, rem, rather than recursing: at depth
// k, empty[k] is the cell being tried and rem[k] its digits still to try.
func (s *search) dfs() {
	k := 0
	for {
		branch := false
		if k == s.nEmpty {
			s.visit()
		} else if s.poll() {
			return
		} else {
			bestJ, bestM, bestN := 0, uint32(0), 99
			rest := s.empty[k:s.nEmpty]
			for j := range rest {
				u := &rest[j]
				m := s.free[u.row] & s.free[u.col] & s.free[u.reg]
				if c := bits.OnesCount32(m); c < bestN {
					bestJ, bestM, bestN = j, m, c
					if c <= 1 {
						break // a dead end or a forced move: nothing beats it
					}
				}
			}
			if bestN > 0 {
				if bestN > 1 {
					s.st.Guesses++
				}
				rest[0], rest[bestJ] = rest[bestJ], rest[0]
				s.rem[k] = bestM
				branch = true
			}
		}
		if !branch {
			// Back up to the nearest cell with digits left to try.
			for {
				if s.stop {
					return
				}
				k--
				if k < 0 {
					return
				}
				u := &s.empty[k]
				bit := uint32(1) << (s.grid[u.cell] - 1)
				s.free[u.row] |= bit
				s.free[u.col] |= bit
				s.free[u.reg] |= bit
				if s.rem[k] != 0 {
					break
				}
			}
		}
		u := &s.empty[k]
		m := s.rem[k]
		bit := m & -m
		s.rem[k] = m &^ bit
		s.free[u.row] &^= bit
		s.free[u.col] &^= bit
		s.free[u.reg] &^= bit
		s.grid[u.cell] = uint8(bits.TrailingZeros32(bit) + 1)
		k++
	}
}
