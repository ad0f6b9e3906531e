package problems

import (
	"context"
	"fmt"
	"io"
	"iter"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A Streamer is a problem that reads its input and writes its output a case
// at a time. [SolveJobs] then holds a batch of cases at once rather than
// all of them: an input of tens of thousands of puzzles touches a few
// megabytes of fresh memory, not tens, and the memory of one batch serves
// the next. A problem declares it by having the methods.
type Streamer interface {
	// Cases yields the cases of input in order, as Parse returns them,
	// with a nil error. In place of a malformed case it yields a nil
	// puzzle with the *ParseError Parse returns, and then stops.
	Cases(name string, input []byte) iter.Seq2[*solvers.Puzzle, error]
	// AppendAnswer appends to b the output of case i (from 0), as Format
	// writes it among the others, or returns the error Format returns
	// for it.
	AppendAnswer(b []byte, i int, a Answer) ([]byte, error)
}

// batchCases is how many cases of a Streamer are solved between reading
// and writing: enough to keep every job busy, few enough that their
// puzzles and answers stay in memory the collector hands back.
const batchCases = 1024

// Solve runs the whole pipeline on one input: parse, solve every case with
// s, format. It stops at the first error.
func Solve(ctx context.Context, prob Problem, s solvers.Strategy, name string, input []byte, w io.Writer) error {
	return SolveJobs(ctx, prob, s, name, input, w, 1)
}

// SolveJobs is [Solve] with up to jobs cases solved at once (jobs < 1:
// one). The output is Solve's, and so is the error: when cases fail, or the
// input is malformed, the first fault in the input, as Solve would have
// stopped there. Nothing is written unless every case is solved. Every
// built-in strategy and problem allows searches at once; a strategy that
// does not must be given jobs 1.
func SolveJobs(ctx context.Context, prob Problem, s solvers.Strategy, name string, input []byte, w io.Writer, jobs int) error {
	if stream, ok := prob.(Streamer); ok {
		return solveStream(ctx, prob, stream, s, name, input, w, jobs)
	}
	cases, err := prob.Parse(name, input)
	if err != nil {
		return err
	}
	answers := make([]Answer, len(cases))
	if err := solveBatch(ctx, prob, s, name, 0, cases, answers, jobs); err != nil {
		return err
	}
	return prob.Format(w, answers)
}

// solveStream is SolveJobs for a Streamer: it reads, solves and formats
// batchCases cases at a time, and writes the whole output at the end.
// Several jobs overlap the three (see solvePipeline).
func solveStream(ctx context.Context, prob Problem, stream Streamer, s solvers.Strategy, name string, input []byte, w io.Writer, jobs int) error {
	if jobs > 1 {
		return solvePipeline(ctx, prob, stream, s, name, input, w, jobs)
	}
	var (
		batch   []*solvers.Puzzle // grown to batchCases at most: most inputs are short
		answers []Answer
		solved  int // cases before batch
		// The outputs of these problems are about as long as their
		// inputs; the pages of what is not used are never touched.
		out = make([]byte, 0, len(input))
	)
	flush := func() error {
		answers = slices.Grow(answers[:0], len(batch))[:len(batch)]
		if err := solveBatch(ctx, prob, s, name, solved, batch, answers, jobs); err != nil {
			return err
		}
		for i, a := range answers {
			var err error
			if out, err = stream.AppendAnswer(out, solved+i, a); err != nil {
				return err
			}
		}
		// solveBatch let go of the solved puzzles; the answers go too.
		solved += len(batch)
		clear(answers)
		batch = batch[:0]
		return nil
	}
	for p, err := range stream.Cases(name, input) {
		if err != nil {
			// The cases before the malformed one come first.
			if ferr := flush(); ferr != nil {
				return ferr
			}
			return err
		}
		if batch = append(batch, p); len(batch) == batchCases {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	_, err := w.Write(out)
	return err
}

// solveBatch fills answers with the answers of cases, the cases numbered
// from first+1 in the input, with up to jobs of them at once. When cases
// fail, it returns the error of the first of them in the input.
func solveBatch(ctx context.Context, prob Problem, s solvers.Strategy, name string, first int, cases []*solvers.Puzzle, answers []Answer, jobs int) error {
	solve := func(i int) error {
		a, err := prob.SolveCase(ctx, s, cases[i])
		if err != nil {
			return fmt.Errorf("%s: case %d: %w", name, first+i+1, err)
		}
		answers[i] = a
		cases[i] = nil // solved: let the collector take it rather than scan it again
		return nil
	}
	if jobs = min(jobs, len(cases)); jobs <= 1 {
		for i := range cases {
			if err := solve(i); err != nil {
				return err
			}
		}
		return nil
	}
	// Cases are handed out in order, and none after the case that failed
	// first in time: every case before it was handed out already and is
	// solved, so the first failure in the input is among the errors, as
	// Solve would report it, whatever the timing. (A stop flag would not
	// do: a worker could see it with an earlier case in hand.)
	var (
		next   atomic.Int64
		failed atomic.Int64 // the case that failed first in time + 1, or 0
		errs   = make([]error, len(cases))
		wg     sync.WaitGroup
	)
	for range jobs {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(cases) {
					return
				}
				if f := failed.Load(); f != 0 && i >= int(f) {
					return
				}
				if errs[i] = solve(i); errs[i] != nil {
					failed.CompareAndSwap(0, int64(i+1))
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
