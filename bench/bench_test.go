package bench

import (
	"context"
	"os"
	"testing"

	sudokujudge "github.com/sudoku-judge/sudoku-judge"
	"github.com/sudoku-judge/sudoku-judge/bench/workload"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

// shortPuzzles is how many puzzles of each set -short keeps.
const shortPuzzles = 3

// BenchmarkSolve measures every strategy on every public set (problem
// sudoku) and on every problem's own tests.
func BenchmarkSolve(b *testing.B) {
	dir := sudokujudge.Testdata()
	max := 0
	if testing.Short() {
		max = shortPuzzles
	}
	full := os.Getenv("BENCH_FULL") == "1"
	type pair struct{ problem, set string }
	var pairs []pair
	for _, s := range puzzleset.Sets() {
		pairs = append(pairs, pair{workload.Sudoku, s.Name})
	}
	for _, id := range catalog.IDs() {
		pairs = append(pairs, pair{id, workload.Tests})
	}
	for _, pr := range pairs {
		w, err := workload.Load(dir, pr.problem, pr.set, max)
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range strategies.All() {
			b.Run(w.Name(s.Name())[len("Solve/"):], func(b *testing.B) {
				if why := w.Skip(s, full); why != "" {
					b.Skip(why)
				}
				ctx := context.Background()
				var guesses int64
				b.ReportAllocs()
				for b.Loop() {
					for i := range w.Len() {
						a, err := w.Solve(ctx, s, i)
						if err != nil {
							b.Fatal(err)
						}
						guesses += a.Stats.Guesses
					}
				}
				n := float64(b.N) * float64(w.Len())
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
				b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
			})
		}
	}
}
