package fast

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// dropCandidates removes candidates from st as data says: each pair of
// bytes names a cell and a digit; solved cells keep theirs unless all
// is set. The state may then hold contradictions of every kind: cells
// without a candidate, boxes without a digit.
func dropCandidates(st *state, data []byte, all bool) {
	for i := 0; i+1 < len(data); i += 2 {
		c, d := int(data[i])%numCell, int(data[i+1])%9
		if all || !st.todo.and(cellBoard(c)).isZero() {
			st.cand[d] = st.cand[d].andNot(cellBoard(c))
		}
	}
	st.dirty = touched(1<<9 - 1)
}

// checkSingles9 runs the singles on copies of st in three ways, propagate
// (the deduction loop of the other grids, with its bookkeeping; unless
// ref is false), singles9Go and, where the processor has it,
// singles9AVX2, and fails unless all reach the same fixed point or all
// find a contradiction. The two singles9 must also agree on the digits
// they changed. propagate takes a state without cells to solve as
// settled: ref must be false when a solved cell may have lost its digit.
func checkSingles9(t *testing.T, sv *solver, st state, ref bool) {
	t.Helper()
	g := st
	gChanged, gOK := singles9Go(&g.cand, &g.todo, &sv.topo.peers, st.dirty&singlesDirty)
	if ref {
		checkPropagate(t, sv, st, g, gOK)
	}
	if !haveSingles9 {
		return
	}
	a := st
	aChanged, aOK := singles9AVX2(&a.cand, &a.todo, &sv.topo.peers, st.dirty&singlesDirty)
	if aOK != gOK {
		t.Fatalf("singles9AVX2 says %v, singles9Go %v", aOK, gOK)
	}
	if aOK && (a.cand != g.cand || a.todo != g.todo || aChanged != gChanged) {
		t.Fatalf("singles9AVX2 reached\n%v %v changed %#x\nsingles9Go\n%v %v changed %#x",
			a.cand, a.todo, aChanged, g.cand, g.todo, gChanged)
	}
}

// checkPropagate fails unless propagate, from st, agrees with g, what
// singles9Go reached (ok: without a contradiction).
func checkPropagate(t *testing.T, sv *solver, st, g state, gOK bool) {
	t.Helper()
	ref := st
	refOK := sv.propagate(&ref)
	if gOK != refOK {
		t.Fatalf("singles9Go says %v, propagate %v", gOK, refOK)
	}
	if gOK && (g.cand != ref.cand || g.todo != ref.todo) {
		t.Fatalf("singles9Go reached\n%v\npropagate\n%v", g.cand, ref.cand)
	}
}

// TestSingles9 starts from the givens of hard puzzles, and from the same
// states with candidates taken away, solutions' included.
func TestSingles9(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 30
	}
	sv := solver{topo: standardTopology()}
	for _, set := range []string{"17clue", "top1465", "hardest1106"} {
		for i, p := range solverstest.LoadSet(t, set, n) {
			var st state
			ok := sv.start(p, &st)
			if !ok {
				t.Fatalf("%s #%d: start finds a clash in a solvable puzzle", set, i)
			}
			checkSingles9(t, &sv, st, true)
			data := make([]byte, 2*(i%12))
			for k := range data {
				data[k] = byte(k*37 + i*11)
			}
			some := st
			dropCandidates(&some, data, false)
			checkSingles9(t, &sv, some, true)
			dropCandidates(&st, data, true)
			checkSingles9(t, &sv, st, false)
		}
	}
}

// FuzzSingles9 checks singles9AVX2 against singles9Go, and both against
// propagate, on the givens of a fuzzed puzzle (solverstest.FuzzPuzzle)
// with candidates taken away by the bytes after its first 81.
func FuzzSingles9(f *testing.F) {
	f.Add([]byte{})
	f.Add(make([]byte, 100))
	f.Add([]byte("\x60\x61\x62\x63\x64\x65\x66\x67\x68\x69\x6a\x6b"))
	sol := solverstest.Solved(f, New())
	sv := solver{topo: standardTopology()}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := solverstest.FuzzPuzzle(sol, data, false)
		if err != nil {
			t.Fatal(err)
		}
		if p.Features() != 0 {
			t.Skip("not a standard grid")
		}
		var st state
		ok := sv.start(p, &st)
		if ok != (p.Clash() == nil) {
			t.Fatalf("start says the givens fit: %v; the puzzle's clash: %v", ok, p.Clash())
		}
		if !ok {
			return
		}
		checkSingles9(t, &sv, st, true)
		if len(data) > numCell {
			some := st
			dropCandidates(&some, data[numCell:], false)
			checkSingles9(t, &sv, some, true)
			dropCandidates(&st, data[numCell:], true)
			checkSingles9(t, &sv, st, false)
		}
	})
}

// TestGivenCells checks the word-at-a-time scan of the givens against a
// test per cell, on grids with every digit in every position.
func TestGivenCells(t *testing.T) {
	tests := []struct {
		name string
		cell func(c int) uint8
	}{
		{"empty", func(int) uint8 { return 0 }},
		{"full of nines", func(int) uint8 { return 9 }},
		{"full of ones", func(int) uint8 { return 1 }},
		{"every digit in turn", func(c int) uint8 { return uint8(c % 10) }},
		{"every third cell", func(c int) uint8 { return uint8(c%3/2) * uint8(1+c%9) }},
		{"last cell only", func(c int) uint8 { return uint8(c/80) * 5 }},
		{"first cell only", func(c int) uint8 {
			if c == 0 {
				return 7
			}
			return 0
		}},
	}
	for _, tt := range tests {
		var buf [88]uint8
		var want board
		for c := 0; c < numCell; c++ {
			buf[c] = tt.cell(c)
			if buf[c] != 0 {
				want = want.or(cellBoard(c))
			}
		}
		if got := givenCells(&buf); got != want {
			t.Errorf("%s: givenCells = %x, want %x", tt.name, got, want)
		}
	}
}

// TestFillGrid checks the eight-cells-at-a-time grid of a solved state
// against the cells read one by one, on solutions of every digit in
// every cell (a solution and its digits rotated).
func TestFillGrid(t *testing.T) {
	sol := solverstest.Solved(t, New())
	for shift := 0; shift < 9; shift++ {
		var cand [9]board
		want := make([]uint8, numCell)
		for c, v := range sol {
			d := (int(v) - 1 + shift) % 9
			want[c] = uint8(d + 1)
			cand[d] = cand[d].or(cellBoard(c))
		}
		got := make([]uint8, numCell)
		spread := spreadTable()
		fillGrid(&cand, got, &spread)
		for c := range want {
			if got[c] != want[c] {
				t.Fatalf("shift %d: cell %d holds %d, want %d", shift, c, got[c], want[c])
			}
		}
	}
}
