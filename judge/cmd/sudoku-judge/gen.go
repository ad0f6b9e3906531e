package main

import (
	"bytes"
	"fmt"
	"io"
	"math"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func newGenCmd(e *env) *cobra.Command {
	var (
		problem string
		opts    problems.GenOptions
	)
	cmd := &cobra.Command{
		Use:   "gen --problem ID [--count N] [--seed S] [--givens K] [--kind KIND]",
		Short: "Write a random valid input for a problem",
		Long: `Gen writes a valid input of the problem holding N random puzzles to standard
output. The same seed gives the same output. --kind asks for puzzles with one
solution (unique), several (multiple), none, or a mix (mixed), where the
problem's output tells them apart; a problem may add its own kinds (uva10957:
illegal), and its generator refuses a kind it cannot make. Problems that take
one puzzle per input ignore --count.

--givens asks for K filled cells (0 lets the generator choose). Givens are
removed from a random solution one at a time while the puzzle keeps its one
solution, so a puzzle may stop above K: most 9x9 puzzles cannot lose a given
below 22 to 26 without a second solution, and 17 is the fewest any has. Gen
then still writes the puzzles and says on standard error how many givens they
have. More givens than the grid has cells is an error.`,
		Example: `  sudoku-judge gen --problem poj2676 --count 10 --seed 7 > poj2676-7.in
  sudoku-judge gen --problem poj3074 --kind mixed --givens 22`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			prob, err := catalog.OpenProblem(problem)
			if err != nil {
				return fmt.Errorf("gen: --problem: %w", err)
			}
			var out bytes.Buffer
			if err := prob.Generate(cmd.Context(), &out, opts); err != nil {
				return fmt.Errorf("gen: %w", err)
			}
			if opts.Givens > 0 {
				if err := reportGivens(e.stderr, prob, out.Bytes(), opts.Givens); err != nil {
					return fmt.Errorf("gen: --givens %d: %w", opts.Givens, err)
				}
			}
			if _, err := e.stdout.Write(out.Bytes()); err != nil {
				return fmt.Errorf("gen: writing the output: %w", err)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&problem, "problem", "", "the problem ID (see sudoku-judge list), or a Kattis package that declares a sudoku topology")
	opts.Count = 1
	f.VarP(flagval.NewCount(&opts.Count, 1, math.MaxInt), "count", "n", "number of puzzles")
	f.Uint64Var(&opts.Seed, "seed", 1, "random seed: the same seed gives the same output")
	f.Var(flagval.NewCount(&opts.Givens, 0, 1<<16), "givens", "number of givens per puzzle (0: the generator's choice); gen says so when a puzzle cannot get there")
	f.StringVar(&opts.Kind, "kind", "", "puzzle kind: unique, multiple, none, mixed, or one of the problem's own (default: unique)")
	_ = cmd.MarkFlagRequired("problem")
	return cmd
}

// reportGivens reads back the input gen made for --givens want and, when
// not every puzzle has want givens, says on w how many they have. More
// givens than a grid has cells is an error: no puzzle can have them.
func reportGivens(w io.Writer, prob problems.Problem, input []byte, want int) error {
	cases, err := prob.Parse("gen", input)
	if err != nil {
		return fmt.Errorf("internal error: gen wrote an input it cannot read: %w", err)
	}
	if len(cases) == 0 {
		return nil
	}
	if cells := cases[0].Size() * cases[0].Size(); want > cells {
		return fmt.Errorf("a %s grid has %d cells", prob.ID(), cells)
	}
	lo, hi, off := cases[0].NumGivens(), cases[0].NumGivens(), 0
	for _, p := range cases {
		n := p.NumGivens()
		lo, hi = min(lo, n), max(hi, n)
		if n != want {
			off++
		}
	}
	if off == 0 {
		return nil
	}
	reached := fmt.Sprint(lo)
	if hi != lo {
		reached = fmt.Sprintf("%d to %d", lo, hi)
	}
	if lo > want {
		_, err = fmt.Fprintf(w, "sudoku-judge: gen: --givens %d not reached: the puzzles have %s givens; removing any more would give one a second solution\n", want, reached)
		return err
	}
	_, err = fmt.Fprintf(w, "sudoku-judge: gen: --givens %d: %d of %d puzzles have other counts (%s givens): kinds other than unique take a given away or add one\n",
		want, off, len(cases), reached)
	return err
}
