package poj2676

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers/dlx"
	"github.com/sudoku-judge/sudoku-judge/solvers/mrv"
)

// TestData re-solves every test with the reference strategy and with two
// independent ones, dlx (mkdata's second opinion) and mrv: every output must
// pass the checker against the stored answer.
func TestData(t *testing.T) { problemtest.CheckData(t, New(), dlx.New(), mrv.New()) }
