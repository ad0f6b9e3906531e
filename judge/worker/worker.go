package worker

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/program"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// A Worker judges jobs from a queue, one at a time.
type Worker struct {
	Name     string
	Conn     *queue.Conn
	Runner   program.Runner // the sandbox
	Problems map[string]problems.Task
	DataHash string       // of Problems, see DataHash
	Log      *slog.Logger // nil: slog.Default()
	// Busy, if not nil, is called with true when a job starts and false when it ends.
	Busy func(bool)

	// checkers are the problems' checkers that are programs of their
	// packages, built in the sandbox when a job first needs one.
	mu       sync.Mutex
	checkers map[string]builtChecker
}

// A builtChecker is a problem's checker program built for this worker.
type builtChecker struct {
	c     contest.Checker
	close func()
}

// Run judges jobs until ctx is cancelled; a job being judged then is
// finished first (a graceful drain), unless hard is cancelled too.
func (w *Worker) Run(ctx, hard context.Context) error {
	defer w.closeCheckers()
	log := w.log()
	jobs, err := w.Conn.Jobs(ctx)
	if err != nil {
		return err
	}
	var busy atomic.Bool
	beat, stopBeating := context.WithCancel(hard)
	beaten := make(chan struct{})
	go func() {
		defer close(beaten)
		w.heartbeat(beat, &busy)
	}()
	defer func() { stopBeating(); <-beaten }()
	for ctx.Err() == nil {
		d, err := jobs.Next(ctx, 2*time.Second)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			log.Warn("fetching a job", "worker", w.Name, "err", err)
			time.Sleep(time.Second)
			continue
		}
		if d == nil {
			continue
		}
		if d.Job.DataHash != w.DataHash {
			log.Error("refusing a job: this machine's problem data differs from the server's",
				"worker", w.Name, "submission", d.Job.ID, "server_hash", d.Job.DataHash, "worker_hash", w.DataHash)
			d.Refuse(10 * time.Second)
			continue
		}
		busy.Store(true)
		if w.Busy != nil {
			w.Busy(true)
		}
		err = w.handle(hard, d)
		if w.Busy != nil {
			w.Busy(false)
		}
		busy.Store(false)
		if err != nil {
			log.Error("judging", "worker", w.Name, "submission", d.Job.ID, "err", err)
			d.Refuse(2 * time.Second)
		}
	}
	return nil
}

// heartbeat tells the server every queue.HeartbeatInterval that this
// worker is alive, and whether it is judging, until ctx ends; then that
// it stops.
func (w *Worker) heartbeat(ctx context.Context, busy *atomic.Bool) {
	t := time.NewTicker(queue.HeartbeatInterval)
	defer t.Stop()
	for {
		w.Conn.PublishHeartbeat(queue.Heartbeat{Worker: w.Name, Busy: busy.Load()})
		select {
		case <-ctx.Done():
			w.Conn.PublishHeartbeat(queue.Heartbeat{Worker: w.Name, Stop: true})
			return
		case <-t.C:
		}
	}
}

// newRun returns a fresh run id: one handling of one delivery.
func newRun() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// handle judges one delivery, publishes its result and acknowledges it.
func (w *Worker) handle(ctx context.Context, d *queue.Delivery) error {
	// Keep the job ours while judging: without this JetStream would
	// redeliver a long judging after AckWait.
	alive, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		t := time.NewTicker(queue.AckWait / 4)
		defer t.Stop()
		for {
			select {
			case <-alive.Done():
				return
			case <-t.C:
				d.InProgress()
			}
		}
	}()
	job := d.Job
	run, seq := newRun(), 0
	w.Conn.PublishProgress(queue.Progress{ID: job.ID, Attempt: job.Attempt, Secret: job.Secret, Worker: w.Name, Run: run})
	res, err := w.Judge(ctx, job, func(t judge.TestResult) {
		seq++
		w.Conn.PublishProgress(queue.Progress{ID: job.ID, Attempt: job.Attempt, Secret: job.Secret, Worker: w.Name, Run: run, Seq: seq, Test: &t})
	})
	if err != nil {
		return err
	}
	r := queue.Result{ID: job.ID, Attempt: job.Attempt, Secret: job.Secret, Worker: w.Name, Verdict: string(res.Verdict), Groups: res.Groups,
		Tests: res.Tests, JudgedAt: time.Now().UTC(), Compiled: res.Compiled}
	// While the server is away (restarting after a crash, say) keep
	// trying rather than throw the judging away: the job stays ours
	// meanwhile, and a result sent twice is stored once.
	if err := w.retry(ctx, "publishing the result of "+job.ID, func() error { return w.Conn.PublishResult(ctx, r) }); err != nil {
		return err
	}
	// The ack only spares a redelivery, and a delivery can outlive its
	// server: after a restart an ack of it may never be confirmed. Try for
	// one ack wait (after which JetStream redelivers anyway), then leave
	// the job to the redelivery, whose result is stored once, rather than
	// hold this worker forever.
	actx, cancel := context.WithTimeout(ctx, queue.AckWait)
	defer cancel()
	if err := w.retry(actx, "acknowledging "+job.ID, d.Ack); err != nil {
		if ctx.Err() != nil {
			return err
		}
		w.log().Warn("acknowledging "+job.ID+" failed; left to redelivery", "worker", w.Name, "err", err)
	}
	return nil
}

// retry calls f until it succeeds or ctx ends, waiting longer each time.
func (w *Worker) retry(ctx context.Context, what string, f func() error) error {
	wait := 100 * time.Millisecond
	for {
		err := f()
		if err == nil {
			return nil
		}
		w.log().Warn(what+"; trying again", "worker", w.Name, "err", err)
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: %w", what, err)
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
	}
}

func (w *Worker) log() *slog.Logger {
	if w.Log == nil {
		return slog.Default()
	}
	return w.Log
}

// Judge builds job's source in the sandbox and runs it on every test of
// its problem, calling each with every test's result, its group set, as
// it comes. The result's verdict is the headline verdict, as test
// computes it (program.Group), with the groups' beside it. A problem or
// language this worker does not know is one IE row: the submission was
// accepted by a server that knows it, so it is the judge's fault, said
// plainly. An error means the job could not be tried (the context ended,
// the disk failed) and should go to another worker.
func (w *Worker) Judge(ctx context.Context, job queue.Job, each func(judge.TestResult)) (*judge.Result, error) {
	fail := func(msg string) *judge.Result {
		t := judge.TestResult{Name: "setup", Verdict: contest.IE, Message: msg}
		each(t)
		res := &judge.Result{Problem: job.Problem, Tests: []judge.TestResult{t}}
		res.Summarize()
		return res
	}
	prob, ok := w.Problems[job.Problem]
	if !ok {
		return fail("this worker has no problem " + job.Problem), nil
	}
	lg, err := lang.Lookup(job.Language)
	if err != nil {
		return fail(err.Error()), nil
	}
	tests, err := prob.Tests()
	if err != nil {
		return nil, fmt.Errorf("problem %s: %w", prob.ID(), err)
	}
	cfg := prob.Config()
	if job.Headline && len(cfg.Groups) > 0 {
		if tests, err = cfg.SelectGroups(tests, []string{cfg.Groups[0].Name}); err != nil {
			return fail(fmt.Sprintf("problem %s: %v", prob.ID(), err)), nil
		}
	}
	dir, err := os.MkdirTemp("", "sudoku-judge-src-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	name := "Main"
	if len(lg.Extensions) > 0 {
		name += lg.Extensions[0]
	}
	src := filepath.Join(dir, name)
	if err := os.WriteFile(src, []byte(job.Source), 0o644); err != nil {
		return nil, err
	}
	limits := program.LimitsFor(&cfg)
	if job.TimeLimitMS > 0 {
		limits.CPUTime = time.Duration(job.TimeLimitMS) * time.Millisecond
	}
	c, err := w.checker(ctx, prob)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err() // interrupted: the job goes back
		}
		return fail(err.Error()), nil
	}
	j := &program.Judge{Runner: w.Runner, Limits: limits, Checker: c, Parallel: 1}
	originals, err := program.Originals(cfg)
	if err != nil {
		return fail(fmt.Sprintf("problem %s: %v", prob.ID(), err)), nil
	}
	exe, err := lang.Build(ctx, src, lang.Options{Language: lg, Sandbox: w.Runner, RunMemory: limits.Memory, Originals: originals})
	var ce *lang.CompileError
	if errors.As(err, &ce) {
		res := program.CompileFailed(ce, tests)
		res.Problem = prob.ID()
		program.Group(res, cfg)
		for _, t := range res.Tests {
			each(t)
		}
		return res, nil
	}
	if lang.IsToolchainError(err) {
		return fail(err.Error()), nil
	}
	if err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	defer exe.Close()
	res := &judge.Result{Problem: prob.ID(), Compiled: exe.Compiled, Tests: make([]judge.TestResult, 0, len(tests))}
	for _, t := range tests {
		o := j.Test(ctx, exe, nil, t)
		if ctx.Err() != nil {
			return nil, ctx.Err() // interrupted: not a verdict; the job goes back
		}
		o.TestResult.Group = cfg.GroupOf(t.Name)
		each(o.TestResult)
		res.Tests = append(res.Tests, o.TestResult)
	}
	program.Group(res, cfg)
	return res, nil
}

// checker returns prob's checker: its own, or its package's checker
// program, built in the sandbox the first time a job needs it and kept
// until Run ends.
func (w *Worker) checker(ctx context.Context, prob problems.Task) (contest.Checker, error) {
	if _, ok := prob.(problems.CheckerProgram); !ok {
		return prob.Checker(), nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if b, ok := w.checkers[prob.ID()]; ok {
		return b.c, nil
	}
	c, closeChecker, err := checker.For(ctx, w.Runner, prob)
	if err != nil {
		return nil, err
	}
	if w.checkers == nil {
		w.checkers = map[string]builtChecker{}
	}
	w.checkers[prob.ID()] = builtChecker{c, closeChecker}
	return c, nil
}

// closeCheckers removes the checker programs' builds.
func (w *Worker) closeCheckers() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for id, b := range w.checkers {
		b.close()
		delete(w.checkers, id)
	}
}
