package checker

import "github.com/sudoku-judge/sudoku-judge/problems/contest"

// The checker contract and the stock checkers live in problems/contest, the
// bottom layer every part imports; these names keep older callers building.
type (
	// Checker is contest.Checker.
	Checker = contest.Checker
	// Result is contest.Result.
	Result = contest.Result
	// Func is contest.Func.
	Func = contest.Func
	// Lines is contest.Lines.
	Lines = contest.Lines
	// Tokens is contest.Tokens.
	Tokens = contest.Tokens
)
