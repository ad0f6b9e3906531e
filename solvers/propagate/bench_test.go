package propagate

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve counts up to 2 solutions of every puzzle of a set per op,
// the uniqueness check a judge runs.
func BenchmarkSolve(b *testing.B) {
	solverstest.BenchSets(b, New(), "hardest1106", "17clue", "top1465")
}
