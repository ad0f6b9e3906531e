package mrv

import (
	"context"
	"fmt"
	"math/bits"
	"sync"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/internal/extra"
)

// Strategy is the minimum-remaining-values bitmask search. The zero value is
// ready to use.
type Strategy struct {
	// searches keeps search states between calls, one per search
	// running: a state is 15 KB, whose allocation and clearing cost a
	// few per cent of a top1465 puzzle's search.
	searches sync.Pool
}

// New returns the mrv strategy.
func New() solvers.Strategy { return new(Strategy) }

// Name returns "mrv".
func (*Strategy) Name() string { return "mrv" }

// support: every size, any regions, any extra units (kept apart, by cell,
// in an [extra.Masks]).
var support = solvers.Support{Features: solvers.Jigsaw | solvers.ExtraUnits}

// Support declares what mrv handles.
func (*Strategy) Support() solvers.Support { return support }

const (
	maxCells = solvers.MaxSize * solvers.MaxSize
	// noUnit is a unit that misses every digit and holds no cell: the
	// row, column and region of the cells dfs finds past the empty
	// ones, which never have fewer than two candidates.
	noUnit = 255
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
	t solvers.Tally

	// dfs's state first, in the order of the 9x9 grid's hot prefixes
	// (27 units, 81 depths): they then lie within 4 KB, so that no two of
	// them share the low 12 bits of their addresses, which the processor
	// compares to see whether a load depends on an earlier store.
	full uint32      // one bit per digit
	free [256]uint32 // digits missing from each unit: rows, then columns, then regions
	// dfs copies the empty cells here field by field, see dfs, and
	// after them three cells of noUnit, see run.
	row, col, reg [maxCells + 3]uint8
	// ones holds the number of bits of every 9-bit mask (ones9), in the
	// search so that dfs reads it relative to s like the rest.
	ones  [1 << 9]uint8
	rem   [maxCells]uint32 // digits still to try at each depth
	digit [maxCells]uint32 // the digit, as a bit, being tried at each depth
	cell  [maxCells]uint16 // the cell at each depth, for dfsExtra (dfs finds it from row and col)
	// Where dfs goes on when run calls it again: at depth k, backing up
	// from the solution it returned if found is set, with left nodes to
	// count before it looks at the context.
	k      int
	found  bool
	left   int
	nEmpty int

	grid  [maxCells]uint8
	cells solvers.Grid        // grid[:N*N], handed to the visitor
	extra *extra.Masks        // the extra units, nil when there are none
	empty [maxCells]cellUnits // empty cells; bound fills empty[:k] at depth k

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
func (st *Strategy) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	if ok, err := solvers.Prepare(ctx, "mrv", support, p, opts); !ok {
		return solvers.Stats{}, err
	}
	n := p.Size()
	if opts.Objective != nil {
		if err := checkObjective(opts.Objective, n*n); err != nil {
			return solvers.Stats{}, fmt.Errorf("mrv: %w: %w", solvers.ErrMisuse, err)
		}
	}
	s, _ := st.searches.Get().(*search)
	if s == nil {
		s = &search{ones: ones9}
	}
	defer st.searches.Put(s)
	// Every field dfs, dfsExtra or bound reads before writing is set
	// here; the rest keeps the last search's values.
	s.t = solvers.NewTally(ctx, "mrv", opts)
	s.full, s.k, s.found, s.nEmpty = 1<<n-1, 0, false, 0
	s.score, s.best, s.bb = 0, -1, nil
	s.cells = s.grid[:n*n]
	s.extra = extra.New(p)
	defer s.release()
	for u := range 3 * n {
		s.free[u] = s.full
	}
	r, c := 0, 0 // cell i's row and column, without dividing
	for i := range s.cells {
		u := cellUnits{uint16(i), uint8(r), uint8(n + c), uint8(2*n + p.Region(i))}
		if c++; c == n {
			r, c = r+1, 0
		}
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
			s.grid[i] = 0
			s.empty[s.nEmpty] = u
			s.nEmpty++
		}
	}
	if opts.Objective != nil {
		s.bb = newBounder(p, opts.Objective.Weights)
		s.bb.split(s)
		s.bound(0)
	} else {
		if s.extra != nil {
			s.dfsExtra()
		} else {
			s.run()
		}
	}
	return s.t.Result()
}

// release drops what s refers to of the search that used it, before it
// waits in the pool for the next.
func (s *search) release() {
	s.t = solvers.Tally{}
	s.cells, s.extra, s.bb = nil, nil, nil
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

// visit hands a complete grid to the caller.
func (s *search) visit() {
	if s.bb != nil && s.score > s.best {
		s.best = s.score
	}
	s.t.Solution(s.cells)
}

// onesCount is bits.OnesCount32 by shifts and masks. Below GOAMD64=v2 the
// compiler guards POPCNT with a CPU feature test and a call to a fallback,
// around which the scan in dfs would save and restore its registers; dfs
// looks masks of up to 9 bits up in search.ones instead.
func onesCount(m uint32) int {
	m -= m >> 1 & 0x55555555
	m = m&0x33333333 + m>>2&0x33333333
	m = (m + m>>4) & 0x0f0f0f0f
	return int(m * 0x01010101 >> 24)
}

// ones9 holds the number of bits of every 9-bit mask, copied into each
// search (see search.ones).
var ones9 = func() (t [1 << 9]uint8) {
	for m := range t {
		t[m] = uint8(bits.OnesCount(uint(m)))
	}
	return t
}()

// pollEvery is how many nodes dfs counts between two looks at the context:
// as many as [solvers.Tally.Node] goes.
const pollEvery = solvers.PollInterval

// A pause tells run why dfs returned.
type pause uint8

const (
	exhausted pause = iota // the tree is done
	solved                 // every empty cell holds a digit
	counted                // pollEvery nodes since the last count: time to look at the context
)

// run drives dfs: it hands the solutions dfs finds to the visitor and
// settles dfs's node count with the Tally, which looks at the context, so
// that dfs itself calls nothing. A call in its loop would make the
// compiler save and restore the loop's registers around it.
func (s *search) run() {
	n := s.nEmpty
	for j, u := range s.empty[:n] {
		s.row[j], s.col[j], s.reg[j] = u.row, u.col, u.reg
	}
	// Cells past the empty ones that never end dfs's scan, which can
	// then look at four cells a round without a test in the last round.
	for j := n; j < n+3; j++ {
		s.row[j], s.col[j], s.reg[j] = noUnit, noUnit, noUnit
	}
	s.free[noUnit] = ^uint32(0)
	size := bits.OnesCount32(s.full) // the grid is size x size
	s.left = pollEvery
	for {
		switch s.dfs() {
		case solved:
			// Row r holds units r, column c unit size+c.
			for j, r := range s.row[:n] {
				s.grid[int(r)*size+int(s.col[j])-size] = uint8(bits.TrailingZeros32(s.digit[j]) + 1)
			}
			s.visit()
			if s.t.Stop {
				s.t.Stats.Nodes += int64(pollEvery - s.left)
				return
			}
		case counted:
			s.left = pollEvery
			if s.t.AddNodes(pollEvery) {
				return
			}
		default:
			s.t.Stats.Nodes += int64(pollEvery - s.left)
			return
		}
	}
}

// dfs fills the empty cells, always branching on the cell with the fewest
// candidates. It keeps its own stack rather than recursing: at depth k,
// the k-th empty cell (cell[k], whose units are row[k], col[k] and reg[k])
// is the cell being tried, digit[k] the digit it holds, as a bit, and
// rem[k] its digits still to try. It returns to run at each solution and
// every pollEvery nodes, leaving in s.k, s.found and s.left where to go on.
//
// The loop is written as a machine runs it, with gotos: next expands the
// node at depth k and back backs up to the nearest depth with digits left
// to try; both then put a digit at that depth. Written as a loop
// with a flag, the flag takes a register and the scan for the most
// constrained cell then keeps its values on the stack. The arrays are
// indexed directly, every index checked against n, which is at most
// maxCells, so that the compiler drops the bounds checks.
func (s *search) dfs() pause {
	n := s.nEmpty
	if uint(n) > maxCells {
		return exhausted
	}
	k, left := s.k, s.left
	var m uint32 // the candidates of a cell
	var c int    // their number
	var r uint32 // m without its lowest bit
next:
	if uint(k) >= uint(n) {
		// Every empty cell holds a digit: a solution, which run
		// visits; when it calls dfs again, dfs goes on from here.
		if s.found {
			s.found = false
			goto back
		}
		s.k, s.left, s.found = k, left, true
		return solved
	}
	if left--; left < 0 {
		// The node is counted again when dfs goes on.
		s.k, s.left = k, left
		return counted
	}
	{
		// Find the first cell from k on with the fewest candidates:
		// best is its index, bestM its candidates and bestN their
		// number. A cell with one candidate or none ends the scan:
		// nothing beats it. r, m without its lowest bit, tells one
		// candidate or none (r == 0) and two (r&(r-1) == 0) without a
		// count: only cells with more are counted. The first cell
		// sets best, bestM and bestN without a comparison.
		var best, bestN = uint(0), 0 // set before their first use: no instruction
		var bestM uint32
		j := uint(k) // unsigned, so that the compiler knows j >= 0 in the loops
		m = s.free[s.row[j]] & s.free[s.col[j]] & s.free[s.reg[j]]
		if r = m & (m - 1); r == 0 {
			goto chosen
		}
		best, bestM = j, m
		j++
		if r&(r-1) == 0 {
			goto two
		}
		if m < uint32(len(s.ones)) {
			bestN = int(s.ones[m])
		} else {
			bestN = onesCount(m)
		}
		for ; j < uint(n); j++ {
			m = s.free[s.row[j]] & s.free[s.col[j]] & s.free[s.reg[j]]
			if r = m & (m - 1); r == 0 {
				goto chosen
			}
			if r&(r-1) == 0 {
				goto better
			}
			if m < uint32(len(s.ones)) {
				c = int(s.ones[m])
			} else {
				c = onesCount(m)
			}
			if c < bestN {
				best, bestM, bestN = j, m, c
			}
		}
		// No cell has fewer than two candidates: a guess.
		s.t.Stats.Guesses++
		j, m = best, bestM
		goto chosen
	better:
		// A cell with two candidates: only a cell with one or none can
		// beat it.
		best, bestM = j, m
		j++
	two:
		// Once a cell with two candidates is found only a cell with
		// one or none can beat it: the rest of the scan skips the count,
		// four cells a round (fewer rounds, fewer jumps: 1.6% fewer
		// instructions than two a round). The last round may look at
		// up to three cells past the empty ones, whose units miss every
		// digit: they never end the scan, and need no tests of their own.
		for ; j < uint(n); j += 4 {
			m = s.free[s.row[j]] & s.free[s.col[j]] & s.free[s.reg[j]]
			if m&(m-1) == 0 {
				goto chosen
			}
			m = s.free[s.row[j+1]] & s.free[s.col[j+1]] & s.free[s.reg[j+1]]
			if m&(m-1) == 0 {
				j++
				goto chosen
			}
			m = s.free[s.row[j+2]] & s.free[s.col[j+2]] & s.free[s.reg[j+2]]
			if m&(m-1) == 0 {
				j += 2
				goto chosen
			}
			m = s.free[s.row[j+3]] & s.free[s.col[j+3]] & s.free[s.reg[j+3]]
			if m&(m-1) == 0 {
				j += 3
				goto chosen
			}
		}
		s.t.Stats.Guesses++
		j, m = best, bestM
		goto chosen
	chosen:
		// The cell at j, with candidates m, is the one, or m == 0: a
		// dead end, for the back-up below. (Written as a test for the
		// common case, the compiler lays its code out straight after.)
		if m != 0 {
			// Swap the cell to depth k. (The guesses above move best
			// and bestM to j and m, so that the forced cells, far
			// more, go on without moves.) Its units stay in registers
			// for the placement below: read back from row[k] and the
			// others, they would wait for the swap's stores.
			var row, col, reg uint8
			if j != uint(k) && j < uint(n) {
				row, col, reg = s.row[j], s.col[j], s.reg[j]
				s.row[j], s.col[j], s.reg[j] = s.row[k], s.col[k], s.reg[k]
				s.row[k], s.col[k], s.reg[k] = row, col, reg
			} else {
				row, col, reg = s.row[k], s.col[k], s.reg[k]
			}
			// Put the first of the digits m, bit, at depth k and leave
			// the others, rem, to try. The digit is missing from each
			// of the cell's units, so bit is set in their free masks
			// and an exclusive or clears it without a complement.
			// (This and its twin in back are written out: as a
			// function inlined twice, each copy would cost a no-op
			// instruction the compiler adds to mark where it was
			// inlined.)
			rem := m & (m - 1)
			bit := m ^ rem
			s.rem[k] = rem
			s.digit[k] = bit
			s.free[row] ^= bit
			s.free[col] ^= bit
			s.free[reg] ^= bit
			k++
			goto next
		}
	}
back:
	// Back up to the nearest cell with digits left to try. (With k--
	// at the top of the loop's body instead, the compiler kept k and
	// k-1 in two registers and copied one to the other every round.
	// The units are read once: the stores to free would make the
	// compiler read them again.)
	for k--; uint(k) < uint(n); k-- {
		row, col, reg := s.row[k], s.col[k], s.reg[k]
		bit := s.digit[k]
		s.free[row] |= bit
		s.free[col] |= bit
		s.free[reg] |= bit
		if m := s.rem[k]; m != 0 {
			rem := m & (m - 1)
			bit = m ^ rem
			s.rem[k] = rem
			s.digit[k] = bit
			s.free[row] ^= bit
			s.free[col] ^= bit
			s.free[reg] ^= bit
			k++
			goto next
		}
	}
	s.left = left
	return exhausted // k < 0: the tree is done
}

// dfsExtra is dfs for puzzles with extra units, whose masks it keeps up
// to date as it places and removes digits.
func (s *search) dfsExtra() {
	n := s.nEmpty
	cell, row, col, reg := s.cell[:n], s.row[:n], s.col[:n], s.reg[:n]
	rem, digit := s.rem[:n], s.digit[:n]
	for j, u := range s.empty[:n] {
		cell[j], row[j], col[j], reg[j] = u.cell, u.row, u.col, u.reg
	}
	free := &s.free
	x := s.extra
	k := 0
	for {
		branch := false
		if k >= n {
			for j, c := range cell {
				s.grid[c] = uint8(bits.TrailingZeros32(digit[j]) + 1)
			}
			s.visit()
		} else if s.t.Node() {
			return
		} else {
			// Find the first cell from k on with the fewest candidates:
			// best is its offset from k, bestM its candidates and bestN
			// their number.
			best, bestM, bestN := s.mostConstrained(k)
			if bestN > 0 {
				if bestN > 1 {
					s.t.Stats.Guesses++
				}
				if best != 0 {
					j := k + best
					cell[k], cell[j] = cell[j], cell[k]
					row[k], row[j] = row[j], row[k]
					col[k], col[j] = col[j], col[k]
					reg[k], reg[j] = reg[j], reg[k]
				}
				rem[k] = bestM
				branch = true
			}
		}
		if !branch {
			// Back up to the nearest cell with digits left to try.
			for {
				if s.t.Stop {
					return
				}
				k--
				if k < 0 {
					return
				}
				bit := digit[k]
				free[row[k]] |= bit
				free[col[k]] |= bit
				free[reg[k]] |= bit
				x.Put(int(cell[k]), bit)
				if rem[k] != 0 {
					break
				}
			}
		}
		m := rem[k]
		bit := m & -m
		rem[k] = m &^ bit
		digit[k] = bit
		free[row[k]] &^= bit
		free[col[k]] &^= bit
		free[reg[k]] &^= bit
		x.Take(int(cell[k]), bit)
		k++
	}
}

// mostConstrained is dfsExtra's scan: it returns
// the offset from k of the first cell from depth k on with the fewest
// candidates, its candidates and their number (0 for a dead end, 1 for a
// forced move, where it stops looking).
func (s *search) mostConstrained(k int) (best int, bestM uint32, bestN int) {
	bestN = 99
	n := s.nEmpty
	for j := k; j < n; j++ {
		m := s.free[s.row[j]] & s.free[s.col[j]] & s.free[s.reg[j]] & s.extra.Free(int(s.cell[j]))
		if m&(m-1) == 0 {
			if m != 0 {
				return j - k, m, 1
			}
			return j - k, m, 0
		}
		if c := onesCount(m); c < bestN {
			best, bestM, bestN = j-k, m, c
		}
	}
	return best, bestM, bestN
}
