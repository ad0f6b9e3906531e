package poj3076

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/problemtest"
	"github.com/sudoku-judge/sudoku-judge/solvers/propagate"
)

// TestData re-solves every test with the reference strategy and with a
// second, independent one: both outputs must pass the checker against the
// stored answer.
func TestData(t *testing.T) { problemtest.CheckData(t, New(), propagate.New()) }
