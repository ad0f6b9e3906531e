package dlx_test

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve counts up to two solutions of every puzzle of a set per
// op, the uniqueness check a judge runs.
func BenchmarkSolve(b *testing.B) {
	for _, set := range []string{"hardest1106", "17clue", "top1465"} {
		b.Run("set="+set, func(b *testing.B) {
			ps, err := puzzleset.Load(solverstest.Dir(b), set, 0)
			if err != nil {
				b.Fatal(err)
			}
			s := dlx.New()
			ctx := context.Background()
			b.ReportAllocs()
			var nodes, guesses int64
			for b.Loop() {
				for _, p := range ps {
					n, st, err := solvers.Count(ctx, s, p, 2)
					if err != nil || n != 1 {
						b.Fatalf("%d solutions, error %v, for unique puzzle\n%s", n, err, p)
					}
					nodes += st.Nodes
					guesses += st.Guesses
				}
			}
			puzzles := float64(b.N) * float64(len(ps))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/puzzles, "ns/puzzle")
			b.ReportMetric(float64(nodes)/puzzles, "nodes/puzzle")
			b.ReportMetric(float64(guesses)/puzzles, "guesses/puzzle")
		})
	}
}
