package gen

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Clash returns p with one more given: a copy of a random given of p in an
// empty cell of one of its units (a row, column, region or extra unit), so
// the puzzle has no solution and says why. It keeps p's regions and units.
func Clash(rng *rand.Rand, p *solvers.Puzzle) (*solvers.Puzzle, error) {
	g := p.Givens()
	type move struct{ from, to int }
	var moves []move
	for _, unit := range p.Units() {
		for _, i := range unit {
			for _, j := range unit {
				if g[i] != 0 && g[j] == 0 {
					moves = append(moves, move{i, j})
				}
			}
		}
	}
	if len(moves) == 0 {
		return nil, fmt.Errorf("gen: no empty cell shares a unit with a given")
	}
	m := moves[rng.IntN(len(moves))]
	g[m.to] = g[m.from]
	return solvers.NewWithUnits(p.Size(), g, p.Regions(), p.ExtraUnits())
}
