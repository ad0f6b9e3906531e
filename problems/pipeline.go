package problems

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// pipeCases is how many cases of a Streamer make one batch when several
// jobs solve: small enough that the first batch is read, and the last
// formatted, in a moment while the other jobs wait.
const pipeCases = 256

// A pipeBatch is a run of consecutive cases that every job takes cases
// from, in order, as solveBatch hands them out, until none is left; the
// last job to leave it formats its answers.
type pipeBatch struct {
	seq     int // batches before it
	first   int // cases before it
	cases   []*solvers.Puzzle
	answers []Answer
	errs    []error
	next    atomic.Int64 // the next case to hand out
	failed  atomic.Int64 // the case that failed first in time + 1, or 0
	left    atomic.Int64 // jobs still at it
	out     []byte       // the cases' output, once formatted
	err     error        // the first case's in the input that failed, or formatting's
}

// solvePipeline is solveStream with jobs > 1: reading, solving and
// formatting overlap, so that every job has work while the input is read
// and the output written. The caller's goroutine reads batches of
// pipeCases cases; the jobs solve their cases, handed out in order, and
// the last job to leave a batch formats it; a collector appends the
// batches' outputs in input order. At most 2*jobs batches are in flight,
// and their memory is reused. The output and the error are solveStream's:
// when cases fail, the first in the input, once every case before it is
// solved; a malformed line after the cases before it.
func solvePipeline(ctx context.Context, prob Problem, stream Streamer, s solvers.Strategy, name string, input []byte, w io.Writer, jobs int) error {
	var (
		work   = make(chan *pipeBatch, 2*jobs*jobs) // each batch once per job
		done   = make(chan *pipeBatch, 2*jobs)
		free   = make(chan *pipeBatch, 2*jobs)
		made   int // batches allocated, at most 2*jobs
		failed atomic.Int64
		wg     sync.WaitGroup
	)
	failed.Store(-1) // the first batch that failed, in input order, or -1
	// failedBefore reports whether a batch before seq failed: seq and the
	// batches after it need not be solved.
	failedBefore := func(seq int) bool { f := failed.Load(); return f >= 0 && int(f) < seq }
	for range jobs {
		wg.Go(func() {
			for b := range work {
				if !failedBefore(b.seq) {
					solvePipeCases(ctx, prob, s, name, b)
				}
				if b.left.Add(-1) == 0 {
					if !failedBefore(b.seq) {
						formatPipeBatch(stream, b)
						if b.err != nil {
							lower(&failed, int64(b.seq))
						}
					}
					done <- b
				}
			}
		})
	}
	// The collector appends the outputs in order and hands the batches
	// back; it stops at the first that failed.
	var (
		out      = make([]byte, 0, len(input)) // about as long as the input; untouched pages cost nothing
		firstErr error
		collect  = make(chan struct{})
	)
	go func() {
		defer close(collect)
		pending := make(map[int]*pipeBatch)
		next := 0
		for b := range done {
			pending[b.seq] = b
			for b := pending[next]; b != nil; b = pending[next] {
				delete(pending, next)
				next++
				if firstErr == nil {
					if b.err != nil {
						firstErr = b.err
					} else {
						out = append(out, b.out...)
					}
				}
				free <- b
			}
		}
	}()

	var parseErr error
	var cur *pipeBatch
	seq, cases := 0, 0
	send := func() {
		cur.left.Store(int64(jobs))
		for range jobs {
			work <- cur
		}
		seq++
		cur = nil
	}
	for p, err := range stream.Cases(name, input) {
		if err != nil {
			parseErr = err
			break
		}
		if cur == nil {
			if failedBefore(seq) {
				break // a case before this batch failed: its error wins
			}
			select {
			case cur = <-free:
			default:
				if made < 2*jobs {
					cur = new(pipeBatch)
					made++
				} else {
					cur = <-free
				}
			}
			cur.seq, cur.first, cur.cases, cur.out, cur.err = seq, cases, cur.cases[:0], cur.out[:0], nil
			if cur.answers == nil {
				cur.answers, cur.errs = make([]Answer, pipeCases), make([]error, pipeCases)
			}
			clear(cur.answers) // a batch left unformatted after a failure keeps them
			clear(cur.errs)
			cur.next.Store(0)
			cur.failed.Store(0)
		}
		cur.cases = append(cur.cases, p)
		cases++
		if len(cur.cases) == pipeCases {
			send()
		}
	}
	if cur != nil {
		send()
	}
	close(work)
	wg.Wait()
	close(done)
	<-collect
	if firstErr != nil {
		return firstErr
	}
	if parseErr != nil {
		return parseErr
	}
	_, err := w.Write(out)
	return err
}

// lower sets x to v unless x holds a smaller value other than -1.
func lower(x *atomic.Int64, v int64) {
	for {
		old := x.Load()
		if old >= 0 && old <= v || x.CompareAndSwap(old, v) {
			return
		}
	}
}

// solvePipeCases solves cases of b as solveBatch's jobs do: handed out in
// order, none after the case that failed first in time, so that the first
// failure in the input is among the errors.
func solvePipeCases(ctx context.Context, prob Problem, s solvers.Strategy, name string, b *pipeBatch) {
	for {
		i := int(b.next.Add(1)) - 1
		if i >= len(b.cases) {
			return
		}
		if f := b.failed.Load(); f != 0 && i >= int(f) {
			return
		}
		a, err := prob.SolveCase(ctx, s, b.cases[i])
		b.cases[i] = nil // solved: let the collector take it
		if err != nil {
			b.errs[i] = fmt.Errorf("%s: case %d: %w", name, b.first+i+1, err)
			b.failed.CompareAndSwap(0, int64(i+1))
			return
		}
		b.answers[i] = a
	}
}

// formatPipeBatch sets b's output, or its error: the first in the input
// of its cases' errors, or formatting's.
func formatPipeBatch(stream Streamer, b *pipeBatch) {
	defer func() {
		clear(b.answers)
		clear(b.errs)
	}()
	for i := range b.cases {
		if b.errs[i] != nil {
			b.err = b.errs[i]
			return
		}
		var err error
		if b.out, err = stream.AppendAnswer(b.out, b.first+i, b.answers[i]); err != nil {
			b.err = err
			return
		}
	}
}
