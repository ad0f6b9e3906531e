package exactcover

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

// build returns a matrix with the given rows, failing the test on error.
func build(t testing.TB, primary, secondary int, rows [][]int) *Matrix {
	t.Helper()
	m, err := New(primary, secondary)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if _, err := m.AddRow(r...); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// solutions returns every solution of m, each sorted, in the order found.
func solutions(t testing.TB, m *Matrix) ([][]int, Stats) {
	t.Helper()
	var sols [][]int
	st, err := m.Search(context.Background(), func(rows []int) bool {
		sols = append(sols, slices.Sorted(slices.Values(rows)))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions != len(sols) {
		t.Errorf("Stats.Solutions = %d, visitor saw %d", st.Solutions, len(sols))
	}
	return sols, st
}

// knuth is the example of Knuth's "Dancing Links" paper: columns A..G are
// 0..6 and its only exact cover is rows 0, 3 and 4 (CEF, AD, BG).
var knuth = [][]int{
	{2, 4, 5}, // C E F
	{0, 3, 6}, // A D G
	{1, 2, 5}, // B C F
	{0, 3},    // A D
	{1, 6},    // B G
	{3, 4, 6}, // D E G
}

func TestKnuthExample(t *testing.T) {
	m := build(t, 7, 0, knuth)
	sols, st := solutions(t, m)
	if want := [][]int{{0, 3, 4}}; !slices.EqualFunc(sols, want, slices.Equal) {
		t.Errorf("solutions %v, want %v", sols, want)
	}
	// A is the lowest numbered of the columns with the fewest (two) rows,
	// and the only guess. After ADG, B and E have one row each and taking
	// either empties the other: two nodes. After AD the last two rows are
	// forced: two nodes. Five in all.
	if st.Nodes != 5 || st.Guesses != 1 {
		t.Errorf("Nodes %d, Guesses %d; want 5 and 1", st.Nodes, st.Guesses)
	}
}

func TestCounts(t *testing.T) {
	tests := []struct {
		name               string
		primary, secondary int
		rows               [][]int
		want               int
	}{
		{"no rows", 3, 0, nil, 0},
		{"no columns", 0, 0, nil, 1},
		{"uncoverable column", 3, 0, [][]int{{0, 1}, {1, 2}}, 0},
		{"overlapping only", 3, 0, [][]int{{0, 1}, {1, 2}, {0, 2}}, 0},
		{"one row covers all", 3, 0, [][]int{{0, 1, 2}}, 1},
		{"duplicate rows", 2, 0, [][]int{{0, 1}, {0, 1}}, 2},
		{"secondary may stay uncovered", 1, 1, [][]int{{0}}, 1},
		{"secondary at most once", 2, 1, [][]int{{0, 2}, {1, 2}}, 0},
		{"secondary either way", 2, 1, [][]int{{0, 2}, {1}, {0}, {1, 2}}, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := build(t, tc.primary, tc.secondary, tc.rows)
			sols, _ := solutions(t, m)
			if len(sols) != tc.want {
				t.Errorf("%d solutions %v, want %d", len(sols), sols, tc.want)
			}
		})
	}
}

// TestPartitions counts the exact covers of n columns by all their
// non-empty subsets: the set partitions, counted by the Bell numbers.
func TestPartitions(t *testing.T) {
	bell := []int{1, 1, 2, 5, 15, 52, 203, 877}
	for n, want := range bell {
		var rows [][]int
		for mask := 1; mask < 1<<n; mask++ {
			var r []int
			for c := 0; c < n; c++ {
				if mask&(1<<c) != 0 {
					r = append(r, c)
				}
			}
			rows = append(rows, r)
		}
		sols, _ := solutions(t, build(t, n, 0, rows))
		if len(sols) != want {
			t.Errorf("partitions of %d: %d, want %d", n, len(sols), want)
		}
	}
}

// queens encodes n queens: primary columns for the n ranks and n files,
// secondary ones for the 2n-1 diagonals and 2n-1 anti-diagonals. Row r*n+f
// puts a queen on rank r, file f.
func queens(t testing.TB, n int) *Matrix {
	var rows [][]int
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			rows = append(rows, []int{r, n + f, 2*n + r + f, 4*n - 1 + r - f + n - 1})
		}
	}
	return build(t, 2*n, 4*n-2, rows)
}

func TestQueens(t *testing.T) {
	// OEIS A000170.
	want := []int{1, 0, 0, 2, 10, 4, 40, 92}
	for i, w := range want {
		n := i + 1
		sols, _ := solutions(t, queens(t, n))
		if len(sols) != w {
			t.Errorf("%d queens: %d solutions, want %d", n, len(sols), w)
		}
		for _, s := range sols {
			if err := checkQueens(n, s); err != nil {
				t.Fatalf("%d queens: %v: %v", n, s, err)
			}
		}
	}
}

func checkQueens(n int, rows []int) error {
	if len(rows) != n {
		return fmt.Errorf("%d queens, want %d", len(rows), n)
	}
	for i, a := range rows {
		for _, b := range rows[i+1:] {
			ra, fa, rb, fb := a/n, a%n, b/n, b%n
			if ra == rb || fa == fb || ra-fa == rb-fb || ra+fa == rb+fb {
				return fmt.Errorf("queens %d and %d attack each other", a, b)
			}
		}
	}
	return nil
}

func TestSelect(t *testing.T) {
	tests := []struct {
		name   string
		rows   []int
		errAt  int // index into rows of the Select that must fail, or -1
		want   [][]int
		wantSt Stats
	}{
		{"part of the answer", []int{3}, -1, [][]int{{0, 3, 4}}, Stats{Nodes: 2, Solutions: 1}},
		{"the whole answer", []int{0, 3, 4}, -1, [][]int{{0, 3, 4}}, Stats{Solutions: 1}},
		{"not in the answer", []int{1}, -1, nil, Stats{Nodes: 2}},
		{"clash", []int{0, 2}, 1, [][]int{{0, 3, 4}}, Stats{Nodes: 2, Solutions: 1}},
		{"twice", []int{4, 4}, 1, [][]int{{0, 3, 4}}, Stats{Nodes: 2, Solutions: 1}},
		{"out of range", []int{6}, 0, [][]int{{0, 3, 4}}, Stats{Nodes: 5, Guesses: 1, Solutions: 1}},
		{"negative", []int{-1}, 0, [][]int{{0, 3, 4}}, Stats{Nodes: 5, Guesses: 1, Solutions: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := build(t, 7, 0, knuth)
			for k, r := range tc.rows {
				err := m.Select(r)
				if (err != nil) != (k == tc.errAt) {
					t.Fatalf("Select(%d): error %v, want error %v", r, err, k == tc.errAt)
				}
			}
			sols, st := solutions(t, m)
			if !slices.EqualFunc(sols, tc.want, slices.Equal) {
				t.Errorf("solutions %v, want %v", sols, tc.want)
			}
			if st != tc.wantSt {
				t.Errorf("stats %+v, want %+v", st, tc.wantSt)
			}
		})
	}
}

func TestSelectedRowsComeFirst(t *testing.T) {
	m := build(t, 7, 0, knuth)
	if err := m.Select(4); err != nil {
		t.Fatal(err)
	}
	var got []int
	if _, err := m.Search(context.Background(), func(rows []int) bool {
		got = slices.Clone(rows)
		return true
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0] != 4 {
		t.Errorf("solution %v, want the selected row 4 first", got)
	}
	if sel := m.Selected(); !slices.Equal(sel, []int{4}) {
		t.Errorf("Selected() = %v, want [4]", sel)
	}
}

// TestDeselect searches one matrix with one selection after another, as
// dlx does with each puzzle's givens, and wants what a fresh matrix with
// the same selection finds: the same solutions in the same order, the
// same nodes and guesses. Knuth's matrix is searched on its links, the
// queens on the compact copy, which each search must leave as it found it.
func TestDeselect(t *testing.T) {
	tests := []struct {
		name  string
		fresh func() *Matrix
	}{
		{"knuth", func() *Matrix { return build(t, 7, 0, knuth) }},
		{"queens 6", func() *Matrix { return queens(t, 6) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.fresh()
			rows := m.NumRows()
			// Every row alone, then every pair, after whatever the
			// previous search selected; a stop at the first solution
			// every third search.
			var sels [][]int
			for a := range rows {
				sels = append(sels, []int{a})
				for b := range rows {
					sels = append(sels, []int{a, b})
				}
			}
			for k, sel := range sels {
				if err := m.Deselect(); err != nil {
					t.Fatal(err)
				}
				want := tc.fresh()
				for _, r := range sel {
					errM, errW := m.Select(r), want.Select(r)
					if (errM != nil) != (errW != nil) {
						t.Fatalf("select %v: Select(%d) error %v, fresh matrix %v", sel, r, errM, errW)
					}
				}
				if sel := m.Selected(); !slices.Equal(sel, want.Selected()) {
					t.Fatalf("Selected() = %v, fresh matrix %v", sel, want.Selected())
				}
				if k%3 == 2 {
					_, err := m.Search(context.Background(), func([]int) bool { return false })
					if err != nil {
						t.Fatal(err)
					}
					continue
				}
				got, gotSt := solutions(t, m)
				wantSols, wantSt := solutions(t, want)
				if !slices.EqualFunc(got, wantSols, slices.Equal) || gotSt != wantSt {
					t.Fatalf("select %v after reuse: %v %+v, fresh matrix %v %+v", sel, got, gotSt, wantSols, wantSt)
				}
			}
		})
	}
}

func TestAddRowErrors(t *testing.T) {
	tests := []struct {
		name string
		cols []int
	}{
		{"empty", nil},
		{"negative", []int{0, -1}},
		{"past the end", []int{3}},
		{"repeated", []int{0, 1, 0}},
		{"only secondary", []int{2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := build(t, 2, 1, [][]int{{0}, {1, 2}})
			if _, err := m.AddRow(tc.cols...); err == nil {
				t.Errorf("AddRow(%v) succeeded", tc.cols)
			}
			// A rejected row leaves the matrix as it was and does not
			// get in the way of the next row.
			if m.NumRows() != 2 {
				t.Errorf("NumRows() = %d after a rejected row, want 2", m.NumRows())
			}
			if r, err := m.AddRow(0, 1); r != 2 || err != nil {
				t.Fatalf("AddRow(0, 1) after a rejected row = %d, %v; want 2, nil", r, err)
			}
			if sols, _ := solutions(t, m); len(sols) != 2 {
				t.Errorf("%d solutions, want 2", len(sols))
			}
		})
	}
	m := build(t, 2, 0, [][]int{{0}})
	if err := m.Select(0); err != nil {
		t.Fatal(err)
	}
	if _, err := m.AddRow(1); err == nil {
		t.Error("AddRow after Select succeeded")
	}
}

// TestAddRows mixes AddRows batches with AddRow rows of other widths: the
// rows keep their numbers and columns, and a rejected batch, whatever its
// fault and wherever it lies, adds nothing.
func TestAddRows(t *testing.T) {
	m, err := New(6, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0, 1}, {2, 3}, {4}, {5, 6}, {0, 2, 4}, {1, 3}, {5, 0}, {6, 5}}
	add := func(rows [][]int) {
		t.Helper()
		if len(rows) == 1 {
			if _, err := m.AddRow(rows[0]...); err != nil {
				t.Fatal(err)
			}
			return
		}
		var flat []int
		for _, r := range rows {
			flat = append(flat, r...)
		}
		if _, err := m.AddRows(len(rows[0]), flat); err != nil {
			t.Fatal(err)
		}
	}
	add(want[0:2])
	add(want[2:3])
	add(want[3:4])
	add(want[4:5])
	add(want[5:8])
	bad := [][]int{
		{0, 1, 2},          // not whole rows
		{0, 1, 2, 7},       // out of range
		{0, 1, 3, 3},       // repeated in the second row
		{0, 1, 6, 6, 2, 3}, // no primary in the second row
	}
	for _, cols := range bad {
		if _, err := m.AddRows(2, cols); err == nil {
			t.Errorf("AddRows(2, %v) succeeded", cols)
		}
	}
	if m.NumRows() != len(want) {
		t.Fatalf("NumRows() = %d, want %d", m.NumRows(), len(want))
	}
	for r, cols := range want {
		if got := m.Row(r); !slices.Equal(got, cols) {
			t.Errorf("Row(%d) = %v, want %v", r, got, cols)
		}
	}
	// Rows 3 and 7 cover the same columns, 5 and the secondary 6.
	sols, _ := solutions(t, m)
	slices.SortFunc(sols, slices.Compare)
	if w := [][]int{{0, 1, 2, 3}, {0, 1, 2, 7}, {3, 4, 5}, {4, 5, 7}}; !slices.EqualFunc(sols, w, slices.Equal) {
		t.Errorf("solutions %v, want %v", sols, w)
	}
}

func TestNewErrors(t *testing.T) {
	for _, c := range [][2]int{{-1, 0}, {0, -1}, {1 << 30, 0}} {
		if _, err := New(c[0], c[1]); err == nil {
			t.Errorf("New(%d, %d) succeeded", c[0], c[1])
		}
	}
}

func TestRow(t *testing.T) {
	m := build(t, 7, 0, knuth)
	for r, want := range knuth {
		if got := m.Row(r); !slices.Equal(got, want) {
			t.Errorf("Row(%d) = %v, want %v", r, got, want)
		}
	}
	if got := m.Row(len(knuth)); got != nil {
		t.Errorf("Row past the end = %v, want nil", got)
	}
	if m.NumRows() != 6 || m.NumColumns() != 7 || m.NumPrimary() != 7 {
		t.Errorf("NumRows %d, NumColumns %d, NumPrimary %d; want 6, 7, 7", m.NumRows(), m.NumColumns(), m.NumPrimary())
	}
}

func TestZeroMatrix(t *testing.T) {
	var m Matrix
	sols, _ := solutions(t, &m)
	if len(sols) != 1 || len(sols[0]) != 0 {
		t.Errorf("zero matrix: solutions %v, want one empty solution", sols)
	}
	if _, err := m.AddRow(0); err == nil {
		t.Error("AddRow(0) on a matrix without columns succeeded")
	}
}

// TestStopRestores checks that a search stopped by its visitor leaves the
// matrix whole: searching again finds everything.
func TestStopRestores(t *testing.T) {
	m := queens(t, 8)
	for stopAt := 1; stopAt <= 3; stopAt++ {
		seen := 0
		st, err := m.Search(context.Background(), func([]int) bool {
			seen++
			return seen < stopAt
		})
		if err != nil {
			t.Fatal(err)
		}
		if seen != stopAt || st.Solutions != stopAt {
			t.Errorf("stop at %d: visitor saw %d, Stats.Solutions %d", stopAt, seen, st.Solutions)
		}
		if sols, _ := solutions(t, m); len(sols) != 92 {
			t.Fatalf("after stopping at %d: %d solutions, want 92", stopAt, len(sols))
		}
	}
}

func TestReset(t *testing.T) {
	m := queens(t, 8)
	if err := m.Select(0); err != nil {
		t.Fatal(err)
	}
	if err := m.Reset(7, 0); err != nil {
		t.Fatal(err)
	}
	if m.NumRows() != 0 || m.NumColumns() != 7 {
		t.Fatalf("after Reset: %d rows, %d columns", m.NumRows(), m.NumColumns())
	}
	for _, r := range knuth {
		if _, err := m.AddRow(r...); err != nil {
			t.Fatal(err)
		}
	}
	sols, _ := solutions(t, m)
	if want := [][]int{{0, 3, 4}}; !slices.EqualFunc(sols, want, slices.Equal) {
		t.Errorf("reused matrix: solutions %v, want %v", sols, want)
	}
}

func TestChangeDuringSearch(t *testing.T) {
	m := build(t, 7, 0, knuth)
	var errs []error
	if _, err := m.Search(context.Background(), func([]int) bool {
		_, err := m.AddRow(0)
		errs = append(errs, err, m.Select(0), m.Deselect(), m.Reset(1, 0))
		_, err = m.Search(context.Background(), nil)
		errs = append(errs, err)
		return true
	}); err != nil {
		t.Fatal(err)
	}
	for i, err := range errs {
		if err == nil {
			t.Errorf("change %d during Search succeeded", i)
		}
	}
	if sols, _ := solutions(t, m); len(sols) != 1 {
		t.Errorf("%d solutions after refused changes, want 1", len(sols))
	}
}

func TestCancel(t *testing.T) {
	// 20 queens have about 39 billion solutions: only the context stops
	// counting them.
	m := queens(t, 20)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	st, err := m.Search(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want DeadlineExceeded", err)
	}
	if st.Nodes == 0 {
		t.Error("no nodes searched before the deadline")
	}

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if st, err := m.Search(ctx, nil); !errors.Is(err, context.Canceled) || st.Nodes != 0 {
		t.Errorf("cancelled context: %d nodes, error %v; want 0 and Canceled", st.Nodes, err)
	}

	// The cancelled search left the matrix whole.
	found := false
	if _, err := m.Search(context.Background(), func(rows []int) bool {
		found = checkQueens(20, rows) == nil
		return false
	}); err != nil || !found {
		t.Errorf("search after cancellation: found %v, error %v", found, err)
	}
}

// TestSmallCover checks that coverSmall and uncoverSmall change the
// compact copy of a matrix of quads exactly as coverRow and uncoverRow
// change the matrix: links, sizes and the forced list, for every row and
// every row left after it.
func TestSmallCover(t *testing.T) {
	m := queens(t, 6) // 34 columns: the rows start after 2 unused nodes
	if !m.fitsSmall() {
		t.Fatal("queens(6) does not fit the compact copy")
	}
	m.reserve()
	m.small = new(small)
	type state struct {
		forced      []uint32
		live, empty int
	}
	snap := func() state { return state{slices.Clone(m.forced[:m.nforced]), m.live, m.empty} }
	n := len(m.nodes)
	// copyOf copies m.nodes into one of three compact copies: they are
	// too large to allocate at every step.
	copies := [3]*small{new(small), new(small), new(small)}
	copyOf := func(k int) *small {
		copies[k].load(m)
		return copies[k]
	}
	same := func(what string, got, want *small, gotState, wantState state) {
		t.Helper()
		if !slices.Equal(got.up[:n], want.up[:n]) || !slices.Equal(got.down[:n], want.down[:n]) ||
			!slices.Equal(got.col[:n], want.col[:n]) || !slices.Equal(got.size[:m.columns], want.size[:m.columns]) {
			t.Fatalf("%s: the links differ", what)
		}
		if !slices.Equal(gotState.forced, wantState.forced) || gotState.live != wantState.live || gotState.empty != wantState.empty {
			t.Fatalf("%s: forced, live, empty %v, want %v", what, gotState, wantState)
		}
	}
	// check covers row r both ways from the current state and compares.
	check := func(what string, r uint32) {
		t.Helper()
		m.small.load(m)
		before, beforeState := copyOf(0), snap()
		m.coverRow(r)
		after, afterState := copyOf(1), snap()
		m.uncoverRow(r)
		same(what+": uncoverRow", copyOf(2), before, snap(), beforeState)
		m.coverSmall(uint16(r))
		same(what+": coverSmall", m.small, after, snap(), afterState)
		m.uncoverSmall(uint16(r))
		same(what+": uncoverSmall", m.small, before, snap(), beforeState)
	}
	for a := range m.NumRows() {
		first, _ := m.rowNodes(a)
		check(fmt.Sprintf("row %d", a), first)
		m.coverRow(first)
		// Every row still in a live primary column.
		var rest []uint32
		for h := range uint32(m.primary) {
			if m.nodes[h].right < coveredBias {
				for i := m.nodes[h].down; i != h; i = m.nodes[i].down {
					rest = append(rest, i)
				}
			}
		}
		for _, i := range rest {
			check(fmt.Sprintf("row %d then node %d", a, i), i)
		}
		m.uncoverRow(first)
	}
}

// TestSmallSameSearch searches queens on the compact copy and, with a
// private secondary column added to each row so that the rows are no
// longer quads, on the matrix itself: the same solutions in the same
// order, the same nodes and guesses.
func TestSmallSameSearch(t *testing.T) {
	for n := 1; n <= 8; n++ {
		m := queens(t, n)
		if !m.fitsSmall() {
			t.Fatalf("queens(%d) does not fit the compact copy", n)
		}
		// The same rows, each with a column of its own after the others.
		cols := m.NumColumns()
		g, err := New(m.NumPrimary(), cols-m.NumPrimary()+m.NumRows())
		if err != nil {
			t.Fatal(err)
		}
		for r := range m.NumRows() {
			if _, err := g.AddRow(append(m.Row(r), cols+r)...); err != nil {
				t.Fatal(err)
			}
		}
		if g.fitsSmall() {
			t.Fatal("rows of 5 fit the compact copy")
		}
		sols, st := solutions(t, m)
		gsols, gst := solutions(t, g)
		if !slices.EqualFunc(sols, gsols, slices.Equal) || st != gst {
			t.Errorf("queens(%d): compact copy %v %+v, matrix %v %+v", n, sols, st, gsols, gst)
		}
	}
}
