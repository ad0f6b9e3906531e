package mrv

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
			cpu0 := cpuTime()
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
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
