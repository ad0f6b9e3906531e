package dlx_test

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve counts up to two solutions of every puzzle of a set per
// op, the uniqueness check a judge runs.
func BenchmarkSolve(b *testing.B) {
	solverstest.BenchSets(b, dlx.New(), "hardest1106", "17clue", "top1465", "unbiased", "hardest11plus", "serg")
}
