package solverstest

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Solved returns a solved 9x9 grid: the solution of the first top95
// puzzle, found with s. Fuzz targets derive their puzzles from it.
func Solved(t testing.TB, s solvers.Strategy) solvers.Grid {
	t.Helper()
	p := LoadSet(t, "top95", 1)[0]
	g, _, err := solvers.First(context.Background(), s, p)
	if err != nil || g == nil {
		t.Fatalf("no solution for the first top95 puzzle: %v", err)
	}
	return g
}

// FuzzPuzzle builds a 9x9 puzzle from a fuzz target's bytes and sol, a
// solved grid. Byte i decides cell i: below 96 it keeps sol's digit, below
// 104 it puts any digit there (which may clash), else it leaves the cell
// empty; without data a fixed pattern decides. Pairs of bytes after the
// first 81 swap equal digits of sol between regions, making jigsaw
// puzzles that sol still solves. With diagonals, an odd count of those
// bytes adds the diagonals of X-sudoku.
func FuzzPuzzle(sol solvers.Grid, data []byte, diagonals bool) (*solvers.Puzzle, error) {
	cells := make([]uint8, 81)
	for i := range cells {
		b := byte(i * 7)
		if i < len(data) {
			b = data[i]
		}
		switch {
		case b < 96:
			cells[i] = sol[i]
		case b < 104:
			cells[i] = b - 96 + 1
		}
	}
	regions := solvers.StandardRegions(9)
	for i := 81; i+1 < len(data); i += 2 {
		a, b := int(data[i])%81, int(data[i+1])%81
		if sol[a] == sol[b] {
			regions[a], regions[b] = regions[b], regions[a]
		}
	}
	var extra []solvers.Unit
	if diagonals && len(data) > 81 && (len(data)-81)%2 == 1 {
		extra = solvers.Diagonals(9)
	}
	return solvers.NewWithUnits(9, cells, regions, extra)
}
