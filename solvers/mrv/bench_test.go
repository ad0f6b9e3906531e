package mrv

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve counts up to 2 solutions of every puzzle of a set per op,
// the uniqueness check a judge runs.
func BenchmarkSolve(b *testing.B) {
	solverstest.BenchSets(b, New(), "hardest1106", "17clue", "top1465")
}

// BenchmarkTarget finds the best ring-weighted score of each of the 20
// official NOIP 2009 target sudoku tests per op, with and without the
// objective's branch and bound. Without it the search enumerates all
// 250,000 or so completions.
func BenchmarkTarget(b *testing.B) {
	ps, _, _ := solverstest.Target(b)
	ps = ps[:20] // the file's first 20 puzzles are the official tests; the samples follow
	obj := solverstest.RingWeights()
	ctx := context.Background()
	for _, bound := range []bool{true, false} {
		name := "bound=off"
		if bound {
			name = "bound=on"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			cpu0 := solverstest.CPUTime()
			for b.Loop() {
				for _, p := range ps {
					best := -1
					opts := solvers.Options{Visit: func(g solvers.Grid) bool {
						best = max(best, obj.Score(g))
						return true
					}}
					if bound {
						opts.Objective = obj
					}
					st, err := New().Search(ctx, p, opts)
					if err != nil {
						b.Fatal(err)
					}
					nodes += st.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			if cpu := solverstest.CPUTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
