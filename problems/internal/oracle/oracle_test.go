package oracle

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
	"github.com/sudoku-judge/sudoku-judge/solvers/mrv"
)

func TestSecond(t *testing.T) {
	for _, tc := range []struct {
		ref  solvers.Strategy
		want string
	}{
		{fast.New(), "dlx"},
		{mrv.New(), "dlx"},
		{dlx.New(), "propagate"},
	} {
		if got := Second(tc.ref).Name(); got != tc.want {
			t.Errorf("Second(%s) = %s, want %s", tc.ref.Name(), got, tc.want)
		}
	}
}
