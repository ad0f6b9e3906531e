package fast_test

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve runs the uniqueness check (count up to 2) over every
// puzzle of a set per op.
func BenchmarkSolve(b *testing.B) {
	solverstest.BenchSets(b, fast.New(), "hardest1106", "17clue", "top1465", "unbiased", "hardest11plus", "serg")
}

// BenchmarkTarget solves the 20 official NOIP 2009 target tests (the file's
// first 20 puzzles) per op, maximising the ring-weighted score.
func BenchmarkTarget(b *testing.B) {
	ps, _, want := solverstest.Target(b)
	ps, want = ps[:20], want[:20]
	obj := solverstest.RingWeights()
	s := fast.New()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, p := range ps {
			g, score, _, err := solvers.Maximize(ctx, s, p, obj)
			if err != nil {
				b.Fatal(err)
			}
			if g == nil {
				score = -1
			}
			if score != want[k] {
				b.Fatalf("test %d: score %d, want %d", k+1, score, want[k])
			}
		}
	}
}
