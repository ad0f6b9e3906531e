package propagate

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve counts up to 2 solutions of every puzzle of a set per op,
// the uniqueness check a judge runs.
func BenchmarkSolve(b *testing.B) {
	for _, set := range []string{"hardest1106", "17clue", "top1465"} {
		b.Run("set="+set, func(b *testing.B) {
			ps, err := puzzleset.Load(solverstest.Dir(b), set, 0)
			if err != nil {
				b.Fatal(err)
			}
			benchCount(b, New(), ps)
		})
	}
}

func benchCount(b *testing.B, s solvers.Strategy, ps []*solvers.Puzzle) {
	ctx := context.Background()
	b.ReportAllocs()
	var guesses, nodes int64
	cpu0 := cpuTime()
	for b.Loop() {
		for _, p := range ps {
			n, st, err := solvers.Count(ctx, s, p, 2)
			if err != nil || n != 1 {
				b.Fatalf("%d solutions, error %v", n, err)
			}
			guesses += st.Guesses
			nodes += st.Nodes
		}
	}
	cpu := cpuTime() - cpu0
	per := float64(b.N * len(ps))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/puzzle")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/per, "cpu-ns/puzzle")
	}
	b.ReportMetric(float64(guesses)/per, "guesses/puzzle")
	b.ReportMetric(float64(nodes)/per, "nodes/puzzle")
}
