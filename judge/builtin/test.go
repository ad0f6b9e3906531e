package builtin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// minGrace is the least time Run waits for a strategy past its deadline.
const minGrace = 100 * time.Millisecond

// wallFactor bounds the wall time of a test timed by CPU time: a strategy
// that has not used up its CPU time after wallFactor times the limit (it is
// sleeping, blocked or starved of CPU) is stopped all the same.
const wallFactor = 10

// outcome is what one call of the pipeline produced.
type outcome struct {
	output []byte
	err    error
	used   time.Duration // CPU or wall time, as the stopwatch measured
	panic  string        // the panic message and where it happened, if it panicked
}

// judgeTest runs strategy s on test t of prob under the time limit and
// judges the output. It returns the test's result and the output, nil
// unless the strategy finished.
func judgeTest(ctx context.Context, prob problems.Problem, s solvers.Strategy, t problems.Test, limit time.Duration, opts Options) (judge.TestResult, []byte) {
	tr := judge.TestResult{Name: t.Name}
	grace := opts.Grace
	if grace <= 0 {
		grace = max(limit, minGrace)
	}
	lctx := newLimitCtx(ctx)
	defer lctx.release()
	done := make(chan outcome, 1) // buffered: an abandoned run must not block forever
	go func() { done <- solve(lctx, prob, s, t, limit, opts.WallClock) }()

	wallLimit := limit
	if !opts.WallClock {
		wallLimit = wallFactor * limit
	}
	backstop := time.NewTimer(wallLimit)
	defer backstop.Stop()
	wallStopped := false
	var o outcome
	select {
	case o = <-done:
	case <-backstop.C:
		// The stopwatch's own deadline did not stop it: CPU time not used
		// up (sleeping, blocked, starved), or a strategy deaf to its
		// context. Expire the context and give it a grace period.
		wallStopped = !opts.WallClock && lctx.Err() == nil
		lctx.expire()
		abandon := time.NewTimer(grace)
		defer abandon.Stop()
		select {
		case o = <-done:
		case <-abandon.C:
			tr.Verdict, tr.TimeMS = contest.TLE, judge.Millis(limit)
			tr.Message = fmt.Sprintf("did not stop within %s of its deadline; abandoned", grace)
			return tr, nil
		}
	}

	tr.TimeMS = judge.Millis(o.used.Round(time.Microsecond))
	errMsg := ""
	if o.err != nil {
		// problems.Solve prefixes the test's name, which the result has.
		errMsg = oneLine(strings.TrimPrefix(o.err.Error(), t.Name+": "))
	}
	var parseErr *problems.ParseError
	switch {
	case o.panic != "":
		tr.Verdict, tr.Message = contest.RE, oneLine("panic: "+o.panic)
		return tr, nil
	case o.err == nil:
	case errors.Is(o.err, solvers.ErrUnsupported):
		tr.Verdict, tr.Message, tr.TimeMS = contest.NA, errMsg, 0
		return tr, nil
	case errors.Is(o.err, context.DeadlineExceeded) && lctx.timedOut.Load() && ctx.Err() == nil:
		tr.Verdict, tr.TimeMS = contest.TLE, judge.Millis(limit)
		tr.Message = fmt.Sprintf("stopped at the time limit of %s", limit)
		if wallStopped {
			tr.Message = fmt.Sprintf("stopped at the wall-clock limit of %s after %s of CPU time", wallLimit, o.used.Round(time.Millisecond))
		}
		return tr, nil
	case errors.As(o.err, &parseErr):
		// The test's own input does not parse: the data is at fault.
		tr.Verdict, tr.Message = contest.IE, oneLine("test input: "+o.err.Error())
		return tr, nil
	default:
		tr.Verdict, tr.Message = contest.RE, errMsg
		return tr, nil
	}

	if o.used > limit {
		// It finished between two looks at its clock, but too late.
		tr.Verdict, tr.TimeMS = contest.TLE, judge.Millis(limit)
		tr.Message = fmt.Sprintf("finished after %s, over the time limit of %s", o.used.Round(time.Millisecond), limit)
		return tr, o.output
	}
	c := contest.Run(ctx, prob.Checker(), t.Input, o.output, t.Answer)
	tr.Verdict, tr.Message, tr.Diff = c.Verdict, c.Message, c.Diff
	return tr, o.output
}

// solve runs the problem's pipeline on t with s under a stopwatch, turning
// a panic into the outcome's panic message.
func solve(ctx *limitCtx, prob problems.Problem, s solvers.Strategy, t problems.Test, limit time.Duration, wallOnly bool) (o outcome) {
	var out bytes.Buffer
	sw := startStopwatch(ctx, limit, wallOnly)
	defer func() {
		if r := recover(); r != nil {
			o.used = sw.Stop()
			o.panic = fmt.Sprint(r)
			if at := panicSite(); at != "" {
				o.panic += " (at " + at + ")"
			}
		}
	}()
	err := problems.Solve(ctx, prob, s, t.Name, t.Input, &out)
	return outcome{output: out.Bytes(), err: err, used: sw.Stop()}
}

// panicSite returns file:line of the function that panicked: the innermost
// frame outside the runtime and this package. It must be called from the
// deferred function that recovered.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	const self = "github.com/sudoku-judge/sudoku-judge/judge/builtin."
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") && !strings.HasPrefix(f.Function, self) {
			return fmt.Sprintf("%s:%d", filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// oneLine folds s onto one safe, short line (contest.Message).
func oneLine(s string) string { return contest.Message(s) }
