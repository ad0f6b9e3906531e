package fast

import (
	"math/rand/v2"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// A refTriad is one triad as the rules define it, for checking the triad
// words: its bit, its cells and the units it lies in (its line, its box).
type refTriad struct {
	bit   uint
	cells board
	line  int // rows 0-8, columns 9-17
	box   int
}

// refTriads lists the 54 triads from their definition: row R's box j is
// bit 9(R/3)+3(R%3)+j, column C's box i (band i) bit 32+9(C/3)+3i+C%3.
func refTriads() []refTriad {
	var ts []refTriad
	for r := 0; r < 9; r++ {
		for j := 0; j < 3; j++ {
			t := refTriad{bit: uint(9*(r/3) + 3*(r%3) + j), line: r, box: r/3*3 + j}
			for k := 0; k < 3; k++ {
				t.cells = t.cells.or(cellBoard(9*r + 3*j + k))
			}
			ts = append(ts, t)
		}
	}
	for c := 0; c < 9; c++ {
		for i := 0; i < 3; i++ {
			t := refTriad{bit: uint(32 + 9*(c/3) + 3*i + c%3), line: 9 + c, box: 3*i + c/3}
			for k := 0; k < 3; k++ {
				t.cells = t.cells.or(cellBoard(9*(3*i+k) + c))
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// randomBoard returns a board of random cells, dense or sparse.
func randomBoard(rng *rand.Rand, sparse bool) board {
	b := board{rng.Uint64() & full.lo, rng.Uint64() & full.hi}
	if sparse {
		b = b.and(board{rng.Uint64() & rng.Uint64(), rng.Uint64() & rng.Uint64()})
	}
	return b
}

// TestTriadWord checks triadWord and triadCells against the
// triads' definitions on random boards.
func TestTriadWord(t *testing.T) {
	ts := refTriads()
	topo := standardTopology()
	for _, x := range ts {
		if got := topo.triadCells(1 << x.bit); got != x.cells {
			t.Fatalf("triadCells(bit %d) = %#x %#x, want %#x %#x", x.bit, got.lo, got.hi, x.cells.lo, x.cells.hi)
		}
	}
	rng := rand.New(rand.NewPCG(7, 13))
	for i := 0; i < 20000; i++ {
		b := randomBoard(rng, i%2 == 0)
		var want uint64
		for _, x := range ts {
			if !b.and(x.cells).isZero() {
				want |= 1 << x.bit
			}
		}
		w := triadWord(b)
		if w != want {
			t.Fatalf("board %#x %#x: triadWord %#x, want %#x", b.lo, b.hi, w, want)
		}
	}
}

// TestConfigTable checks each entry against the permutations of a band's
// boxes over its rows.
func TestConfigTable(t *testing.T) {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	table := configTable()
	for i, got := range table {
		var keep, must uint64 = 0, 511
		for _, p := range perms {
			var c uint64
			for r, j := range p {
				c |= 1 << (3*r + j)
			}
			if uint64(i)&c == c {
				keep |= c
				must &= c
			}
		}
		if keep == 0 {
			must = 0
		}
		if want := keep | must<<32; got != want {
			t.Errorf("configTable[%#o] = %#x, want %#x", i, got, want)
		}
	}
}

// TestTriadsKeepSolutions settles hard puzzles with every deduction,
// triads included, and checks that no digit of the solution leaves its
// cell.
func TestTriadsKeepSolutions(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	for _, set := range []string{"top1465", "hardest1106"} {
		for i, p := range solverstest.LoadSet(t, set, n) {
			_, sol := solverstest.CheckSolve(t, New(), p, 1)
			sv := solver{topo: standardTopology()}
			var root state
			ok := sv.start(p, &root)
			if !ok {
				t.Fatalf("%s #%d: start finds a clash in a solvable puzzle", set, i)
			}
			st := bandState{state: root}
			if !sv.settleBands(&st) {
				t.Fatalf("%s #%d: settle finds a contradiction in a solvable puzzle", set, i)
			}
			for c, v := range sol {
				if st.cand[v-1].and(cellBoard(c)).isZero() {
					t.Fatalf("%s #%d: digit %d left cell %d, its solution", set, i, v, c)
				}
			}
		}
	}
}
