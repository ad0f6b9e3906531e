package gen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Cases makes the cases of a Generate call: opts.Count puzzles (at least
// one), each made by one(rng, kind), as long as ctx is not done. opts.Kind is one of kinds ("" means
// the first) or "mixed", which draws each case's kind from mix in turn
// (repeat a kind in mix to weight it). Count must be at most maxCases.
func Cases(ctx context.Context, opts problems.GenOptions, kinds, mix []string, maxCases int, one func(rng *rand.Rand, kind string) (*solvers.Puzzle, error)) ([]*solvers.Puzzle, error) {
	kind := opts.Kind
	if kind == "" {
		kind = kinds[0]
	}
	if kind != "mixed" && !slices.Contains(kinds, kind) {
		return nil, fmt.Errorf("unknown kind %q (want %s or mixed)", opts.Kind, strings.Join(kinds, ", "))
	}
	if opts.Count < 0 || opts.Count > maxCases {
		return nil, fmt.Errorf("count %d out of range 0-%d", opts.Count, maxCases)
	}
	rng := opts.Rand()
	ps := make([]*solvers.Puzzle, 0, max(opts.Count, 1))
	for k := range max(opts.Count, 1) {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("case %d: %w", k+1, err)
		}
		caseKind := kind
		if kind == "mixed" {
			caseKind = mix[rng.IntN(len(mix))]
		}
		pz, err := one(rng, caseKind)
		if err != nil {
			return nil, fmt.Errorf("case %d: %w", k+1, err)
		}
		ps = append(ps, pz)
	}
	return ps, nil
}
