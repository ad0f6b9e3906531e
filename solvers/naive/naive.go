package naive

import (
	"context"
	"math/bits"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/internal/extra"
)

// Strategy is row-major backtracking. The zero value is ready to use.
type Strategy struct{}

// New returns the naive strategy.
func New() solvers.Strategy { return Strategy{} }

// Name returns "naive".
func (Strategy) Name() string { return "naive" }

// support: every size, any regions, any extra units (kept apart, by cell,
// in an [extra.Masks]).
var support = solvers.Support{Features: solvers.Jigsaw | solvers.ExtraUnits}

// Support declares what naive handles.
func (Strategy) Support() solvers.Support { return support }

const maxCells = solvers.MaxSize * solvers.MaxSize

// emptyCell is an empty cell with the indices into search.free of its row,
// column and region.
type emptyCell struct {
	cell          uint16
	row, col, reg uint8
}

// search is the state of one call of Search, on fixed arrays so that the
// search allocates nothing, and free is indexed by uint8 to need no bounds
// checks.
type search struct {
	t solvers.Tally

	full  uint32       // one bit per digit
	free  [256]uint32  // digits missing from each unit: rows, then columns, then regions
	extra *extra.Masks // the extra units, nil when there are none
	grid  [maxCells]uint8
	cells solvers.Grid // grid[:N*N], handed to the visitor
	empty []emptyCell  // in row-major order
	buf   [maxCells]emptyCell
}

// Search visits the solutions of p as opts says, in lexicographic order of
// the grid read row by row. Stats.Nodes counts the empty cells reached,
// Stats.Guesses those with more than one candidate.
func (Strategy) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	if ok, err := solvers.Prepare(ctx, "naive", support, p, opts); !ok {
		return solvers.Stats{}, err
	}
	n := p.Size()
	s := &search{t: solvers.NewTally(ctx, "naive", opts), full: 1<<n - 1}
	s.cells = s.grid[:n*n]
	s.empty = s.buf[:0]
	s.extra = extra.New(p)
	for u := range 3 * n {
		s.free[u] = s.full
	}
	for i := range s.cells {
		e := emptyCell{uint16(i), uint8(i / n), uint8(n + i%n), uint8(2*n + p.Region(i))}
		if v := p.Cell(i); v != 0 {
			s.grid[i] = uint8(v)
			bit := uint32(1) << (v - 1)
			s.free[e.row] &^= bit
			s.free[e.col] &^= bit
			s.free[e.reg] &^= bit
		} else {
			s.empty = append(s.empty, e)
		}
	}
	s.dfs(0)
	return s.t.Result()
}

// dfs fills s.empty[k:].
func (s *search) dfs(k int) {
	if k == len(s.empty) {
		s.t.Solution(s.cells)
		return
	}
	if s.t.Node() {
		return
	}
	e := s.empty[k]
	m := s.free[e.row] & s.free[e.col] & s.free[e.reg]
	if s.extra != nil {
		m &= s.extra.Free(int(e.cell))
	}
	if m&(m-1) != 0 {
		s.t.Stats.Guesses++
	}
	for ; m != 0; m &= m - 1 {
		bit := m & -m
		s.free[e.row] &^= bit
		s.free[e.col] &^= bit
		s.free[e.reg] &^= bit
		if s.extra != nil {
			s.extra.Take(int(e.cell), bit)
		}
		s.grid[e.cell] = uint8(bits.TrailingZeros32(bit) + 1)
		s.dfs(k + 1)
		s.free[e.row] |= bit
		s.free[e.col] |= bit
		s.free[e.reg] |= bit
		if s.extra != nil {
			s.extra.Put(int(e.cell), bit)
		}
		if s.t.Stop {
			return
		}
	}
}
