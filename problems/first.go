package problems

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// SolveFirst is SolveCase for the problems whose inputs are always solvable
// and whose answer is any one solution: it answers a standard puzzle of side
// size with the first solution s finds. A case without one is an error that
// shows the puzzle (on one line, up to 9x9; by its number of givens when
// larger) and its clashing givens, if any. Errors start with the problem's
// id.
func SolveFirst(ctx context.Context, id string, size int, s solvers.Strategy, p *solvers.Puzzle) (Answer, error) {
	if p.Size() != size || !p.Standard() {
		return Answer{}, fmt.Errorf("%s: want a standard %dx%d puzzle, got side %d", id, size, size, p.Size())
	}
	g, st, err := solvers.First(ctx, s, p)
	if err != nil {
		return Answer{Stats: st}, fmt.Errorf("%s: %w", id, err) // err names the strategy
	}
	if g == nil {
		what := "puzzle " + strings.ReplaceAll(p.String(), "\n", "")
		if size > 9 {
			what = fmt.Sprintf("puzzle with %d givens", p.NumGivens())
		}
		if c := p.Clash(); c != nil {
			return Answer{Stats: st}, fmt.Errorf("%s: %s has no solution: %v", id, what, c)
		}
		return Answer{Stats: st}, fmt.Errorf("%s: %s has no solution", id, what)
	}
	return Answer{Grid: g, Solutions: st.Solutions, Stats: st}, nil
}
