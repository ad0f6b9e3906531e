package oracle

import (
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/propagate"
)

// Second returns a strategy independent of ref that handles every grid
// size and region layout quickly: dlx, or propagate when ref is dlx (mrv
// takes minutes on some 16x16 puzzles and on minimal jigsaw ones).
func Second(ref solvers.Strategy) solvers.Strategy {
	if s := dlx.New(); s.Name() != ref.Name() {
		return s
	}
	return propagate.New()
}
