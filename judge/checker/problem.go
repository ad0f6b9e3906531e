package checker

import (
	"context"
	"fmt"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/variant"
)

// WithBuilt returns prob judged by its checker built in runner's sandbox
// (For), when that checker is a program of its package: a variant problem
// whose Kattis package has an output validator. A judge that takes a
// problem rather than a checker (stress, the built-in strategies) then
// uses it. Any other problem is returned as it is. close removes the
// build.
func WithBuilt(ctx context.Context, runner Runner, prob problems.Problem) (problems.Problem, func(), error) {
	v, ok := prob.(*variant.Problem)
	if !ok {
		return prob, func() {}, nil
	}
	if _, ok := v.CheckerFile(); !ok {
		return prob, func() {}, nil
	}
	c, close, err := For(ctx, runner, v)
	if err != nil {
		return nil, nil, err
	}
	return v.WithChecker(c), close, nil
}

// Tried returns the checker program at path (Program), tried first on
// every test's own answer, parallel at a time (Try): a checker that does
// not build or rejects an answer is an error, never a verdict on a
// program. close removes the build.
func Tried(ctx context.Context, runner Runner, path string, tests []problems.Test, parallel int) (contest.Checker, func(), error) {
	c, close, err := Program(ctx, runner, path)
	if err != nil {
		return nil, nil, err
	}
	if err := Try(ctx, c, tests, parallel); err != nil {
		close()
		return nil, nil, fmt.Errorf("%s %w", path, err)
	}
	return c, close, nil
}
