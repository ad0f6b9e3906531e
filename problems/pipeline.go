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
	p := &pipeline{ctx: ctx, prob: prob, stream: stream, s: s, name: name, jobs: jobs,
		work: make(chan *pipeBatch, 2*jobs*jobs), // each batch once per job
		done: make(chan *pipeBatch, 2*jobs),
		free: make(chan *pipeBatch, 2*jobs),
		out:  make([]byte, 0, len(input)), // about as long as the input; untouched pages cost nothing
	}
	p.failed.Store(-1)
	for range jobs {
		p.wg.Go(p.solve)
	}
	collected := make(chan struct{})
	go func() { defer close(collected); p.collect() }()
	parseErr := p.read(input)
	close(p.work)
	p.wg.Wait()
	close(p.done)
	<-collected
	if p.firstErr != nil {
		return p.firstErr
	}
	if parseErr != nil {
		return parseErr
	}
	_, err := w.Write(p.out)
	return err
}

// A pipeline is solvePipeline's state, shared by the reader, the jobs and
// the collector.
type pipeline struct {
	ctx    context.Context
	prob   Problem
	stream Streamer
	s      solvers.Strategy
	name   string
	jobs   int

	work   chan *pipeBatch // batches to solve, each once per job
	done   chan *pipeBatch // batches solved and formatted, for the collector
	free   chan *pipeBatch // batches collected, for the reader to reuse
	made   int             // batches allocated, at most 2*jobs (the reader's)
	failed atomic.Int64    // the first batch that failed, in input order, or -1
	wg     sync.WaitGroup  // the jobs

	// The collector's: the output in input order, and the first error.
	out      []byte
	firstErr error
}

// failedBefore reports whether a batch before seq failed: seq and the
// batches after it need not be solved.
func (p *pipeline) failedBefore(seq int) bool {
	f := p.failed.Load()
	return f >= 0 && int(f) < seq
}

// solve is a job: it solves its share of each batch, and formats the
// batches it is the last to leave.
func (p *pipeline) solve() {
	for b := range p.work {
		if !p.failedBefore(b.seq) {
			solvePipeCases(p.ctx, p.prob, p.s, p.name, b)
		}
		if b.left.Add(-1) == 0 {
			if !p.failedBefore(b.seq) {
				formatPipeBatch(p.stream, b)
				if b.err != nil {
					lower(&p.failed, int64(b.seq))
				}
			}
			p.done <- b
		}
	}
}

// collect appends the batches' outputs in input order and hands the
// batches back; it stops appending at the first that failed.
func (p *pipeline) collect() {
	pending := make(map[int]*pipeBatch)
	next := 0
	for b := range p.done {
		pending[b.seq] = b
		for b := pending[next]; b != nil; b = pending[next] {
			delete(pending, next)
			next++
			if p.firstErr == nil {
				if b.err != nil {
					p.firstErr = b.err
				} else {
					p.out = append(p.out, b.out...)
				}
			}
			p.free <- b
		}
	}
}

// read parses input into batches and sends each to every job, until the
// input ends, a line is malformed (its error returned, once the cases
// before it are sent) or a batch before the next one failed.
func (p *pipeline) read(input []byte) error {
	var cur *pipeBatch
	var parseErr error
	seq, cases := 0, 0
	send := func() {
		cur.left.Store(int64(p.jobs))
		for range p.jobs {
			p.work <- cur
		}
		seq++
		cur = nil
	}
	for pz, err := range p.stream.Cases(p.name, input) {
		if err != nil {
			parseErr = err
			break
		}
		if cur == nil {
			if p.failedBefore(seq) {
				break // a case before this batch failed: its error wins
			}
			cur = p.batch(seq, cases)
		}
		cur.cases = append(cur.cases, pz)
		cases++
		if len(cur.cases) == pipeCases {
			send()
		}
	}
	if cur != nil {
		send()
	}
	return parseErr
}

// batch returns an empty batch, the seq'th, after cases cases: one the
// collector handed back, or a new one while fewer than 2*jobs exist.
func (p *pipeline) batch(seq, cases int) *pipeBatch {
	var b *pipeBatch
	select {
	case b = <-p.free:
	default:
		if p.made < 2*p.jobs {
			b = new(pipeBatch)
			p.made++
		} else {
			b = <-p.free
		}
	}
	b.seq, b.first, b.cases, b.out, b.err = seq, cases, b.cases[:0], b.out[:0], nil
	if b.answers == nil {
		b.answers, b.errs = make([]Answer, pipeCases), make([]error, pipeCases)
	}
	clear(b.answers) // a batch left unformatted after a failure keeps them
	clear(b.errs)
	b.next.Store(0)
	b.failed.Store(0)
	return b
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
