package solverstest

import (
	"context"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

// BenchSets runs one sub-benchmark "set=NAME" per named set of testdata/.
// An op counts up to 2 solutions of every puzzle of the set with s, the
// uniqueness check a judge runs, and fails unless each puzzle has exactly
// one, or, in a set whose puzzles are not unique (serg), at least two. It reports ns, guesses and nodes per puzzle, cpu-ns per puzzle where
// [CPUTime] is measured, and allocations.
func BenchSets(b *testing.B, s solvers.Strategy, sets ...string) {
	for _, set := range sets {
		b.Run("set="+set, func(b *testing.B) {
			want := 2
			if info, err := puzzleset.Lookup(set); err == nil && info.Unique {
				want = 1
			}
			benchCount(b, s, LoadSet(b, set, 0), want)
		})
	}
}

func benchCount(b *testing.B, s solvers.Strategy, ps []*solvers.Puzzle, want int) {
	ctx := context.Background()
	b.ReportAllocs()
	var guesses, nodes int64
	cpu0 := CPUTime()
	for b.Loop() {
		for _, p := range ps {
			n, st, err := solvers.Count(ctx, s, p, 2)
			if err != nil || n != want {
				b.Fatalf("%s: %d solutions, error %v, want %d, for %s", s.Name(), n, err, want, oneLine(p))
			}
			guesses += st.Guesses
			nodes += st.Nodes
		}
	}
	cpu := CPUTime() - cpu0
	per := float64(b.N) * float64(len(ps))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/puzzle")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/per, "cpu-ns/puzzle")
	}
	b.ReportMetric(float64(guesses)/per, "guesses/puzzle")
	b.ReportMetric(float64(nodes)/per, "nodes/puzzle")
}
