package fast_test

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve runs the uniqueness check (count up to 2) over every
// puzzle of a set per op.
func BenchmarkSolve(b *testing.B) {
	for _, set := range []string{"hardest1106", "17clue", "top1465"} {
		b.Run("set="+set, func(b *testing.B) {
			ps, err := puzzleset.Load(solverstest.Dir(b), set, 0)
			if err != nil {
				b.Fatal(err)
			}
			s := fast.New()
			ctx := context.Background()
			var guesses int64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, p := range ps {
					st, err := s.Search(ctx, p, solvers.Options{Limit: 2})
					if err != nil || st.Solutions != 1 {
						b.Fatalf("%d solutions, error %v", st.Solutions, err)
					}
					guesses += st.Guesses
				}
			}
			n := float64(b.N) * float64(len(ps))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
			b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
		})
	}
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
