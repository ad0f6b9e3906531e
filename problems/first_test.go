package problems_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
)

func TestSolveFirst(t *testing.T) {
	ctx := context.Background()
	// Row 1 holds 1-15 and leaves r1c16 only 16, which column 16 already
	// holds in row 2: no clash, yet no solution.
	g := make([]uint8, 256)
	for i := range 15 {
		g[i] = uint8(i + 1)
	}
	g[16+15] = 16
	dead, err := solvers.NewStandard(16, g)
	if err != nil {
		t.Fatal(err)
	}
	_, err = problems.SolveFirst(ctx, "x", 16, dlx.New(), dead)
	if err == nil || err.Error() != "x: puzzle with 16 givens has no solution" {
		t.Errorf("dead end: error %v", err)
	}
	g[0] = 0
	open, err := solvers.NewStandard(16, g)
	if err != nil {
		t.Fatal(err)
	}
	a, err := problems.SolveFirst(ctx, "x", 16, dlx.New(), open)
	if err != nil || open.Check(a.Grid) != nil || a.Solutions != 1 {
		t.Errorf("solvable: answer %+v, error %v", a, err)
	}
	if _, err := problems.SolveFirst(ctx, "x", 9, dlx.New(), open); err == nil || !strings.Contains(err.Error(), "want a standard 9x9 puzzle, got side 16") {
		t.Errorf("wrong size: error %v", err)
	}
}
