package naive

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
	"github.com/sudoku-judge/sudoku-judge/solvers/solverstest"
)

// BenchmarkSolve counts up to 2 solutions of every puzzle of a set per op.
// Naive backtracking needs about half a minute for hardest1106 (one op) but
// minutes for top1465 and over 15 s for the very first 17-clue puzzle
// (measured on a loaded 2-core machine), so those two sets are skipped.
func BenchmarkSolve(b *testing.B) {
	for _, tc := range []struct {
		set  string
		skip string
	}{
		{"hardest1106", ""},
		{"17clue", "too slow: the first 17-clue puzzle alone was unfinished after 15 s and 5.8e8 nodes"},
		{"top1465", "takes minutes: the first 232 puzzles alone took 15 s and 1.2e9 nodes"},
	} {
		b.Run("set="+tc.set, func(b *testing.B) {
			if tc.skip != "" {
				b.Skip(tc.skip)
			}
			ps, err := puzzleset.Load(solverstest.Dir(b), tc.set, 0)
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
