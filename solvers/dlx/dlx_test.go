package dlx_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

func TestConformance(t *testing.T) {
	solverstest.Run(t, dlx.New(), solverstest.Config{})
}

// countFills counts the completions of g, a 4x4 grid with the given
// regions, by trying every digit in every empty cell: slow, but too simple
// to share a mistake with the exact cover encoding.
func countFills(g []uint8, regions []uint8) int {
	const n = 4
	i := 0
	for i < n*n && g[i] != 0 {
		i++
	}
	if i == n*n {
		return 1
	}
	count := 0
	for v := uint8(1); v <= n; v++ {
		ok := true
		for j := 0; j < n*n && ok; j++ {
			if g[j] == v && (j/n == i/n || j%n == i%n || regions[j] == regions[i]) {
				ok = false
			}
		}
		if ok {
			g[i] = v
			count += countFills(g, regions)
			g[i] = 0
		}
	}
	return count
}

func TestJigsaw4x4(t *testing.T) {
	regions := []uint8{
		0, 0, 0, 1,
		2, 0, 1, 1,
		2, 2, 3, 1,
		2, 3, 3, 3,
	}
	tests := []struct {
		name   string
		givens []uint8
	}{
		{"empty", make([]uint8, 16)},
		{"one given", []uint8{0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
		{"two givens", []uint8{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}},
		{"four givens", []uint8{0, 2, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 4, 0}},
	}
	s := dlx.New()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := solvers.New(4, tc.givens, regions)
			if err != nil {
				t.Fatal(err)
			}
			want := countFills(append([]uint8(nil), tc.givens...), regions)
			got, _ := solverstest.CheckSolve(t, s, p, 0)
			if got != want {
				t.Errorf("%d completions, want %d", got, want)
			}
		})
	}
}

func TestSolvedGrid(t *testing.T) {
	g := []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	p, err := solvers.NewStandard(4, g)
	if err != nil {
		t.Fatal(err)
	}
	var got solvers.Grid
	st, err := dlx.New().Search(context.Background(), p, solvers.Options{Visit: func(s solvers.Grid) bool {
		got = append(solvers.Grid(nil), s...)
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions != 1 || st.Nodes != 0 || string(got) != string(g) {
		t.Errorf("full grid: %d solutions, %d nodes, solution %v; want 1, 0 and the grid", st.Solutions, st.Nodes, got)
	}
}

func TestZeroPuzzle(t *testing.T) {
	_, err := dlx.New().Search(context.Background(), new(solvers.Puzzle), solvers.Options{})
	if !errors.Is(err, solvers.ErrUnsupported) {
		t.Errorf("zero puzzle: error %v, want ErrUnsupported", err)
	}
}

// TestConcurrentSearches shares one strategy value between goroutines, as
// the judge does: each search must get its own matrix.
func TestConcurrentSearches(t *testing.T) {
	s := dlx.New()
	ps := solverstest.LoadSet(t, "top95", 20)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			for _, p := range ps {
				g, n, _, err := solvers.Solve(context.Background(), s, p, 2)
				if err == nil && n != 1 {
					err = fmt.Errorf("%d solutions for a unique puzzle", n)
				}
				if err == nil {
					err = p.Check(g)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
