package builtin

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// A limitCtx is the context a strategy runs under for one test: done when
// the parent is, or when the test's time limit is used up, in which case
// Err returns context.DeadlineExceeded as for an ordinary deadline.
type limitCtx struct {
	context.Context // the parent, for Value and Deadline
	done            chan struct{}
	err             atomic.Pointer[error]
	once            sync.Once
	timedOut        atomic.Bool
	stopParent      func() bool
}

func newLimitCtx(parent context.Context) *limitCtx {
	c := &limitCtx{Context: parent, done: make(chan struct{})}
	c.stopParent = context.AfterFunc(parent, func() { c.end(parent.Err()) })
	return c
}

func (c *limitCtx) Done() <-chan struct{} { return c.done }

func (c *limitCtx) Err() error {
	if p := c.err.Load(); p != nil {
		return *p
	}
	return nil
}

// end makes c done with err, once.
func (c *limitCtx) end(err error) {
	c.once.Do(func() {
		c.err.Store(&err)
		close(c.done)
	})
}

// expire ends c because the time limit is used up.
func (c *limitCtx) expire() {
	c.once.Do(func() {
		c.timedOut.Store(true)
		err := context.DeadlineExceeded
		c.err.Store(&err)
		close(c.done)
	})
}

// release frees what c holds once the test is over.
func (c *limitCtx) release() {
	c.stopParent()
	c.end(context.Canceled)
}

// A stopwatch times one run of the pipeline on the goroutine that created
// it and expires its context when the run has used up the limit: CPU time
// of the goroutine's thread where the platform can measure it, else wall
// time.
type stopwatch struct {
	ctx    *limitCtx
	limit  time.Duration
	clock  threadClock // valid when cpu
	cpu    bool
	start  time.Duration // CPU time at start, when cpu
	wall   time.Time
	stop   chan struct{}
	timer  *time.Timer // the wall-time limit, when !cpu
	locked bool
}

// startStopwatch starts timing the calling goroutine. It locks the
// goroutine to its thread, so that the thread's CPU clock measures it
// alone, until Stop.
func startStopwatch(ctx *limitCtx, limit time.Duration, wallOnly bool) *stopwatch {
	sw := &stopwatch{ctx: ctx, limit: limit, stop: make(chan struct{})}
	if !wallOnly {
		runtime.LockOSThread()
		sw.locked = true
		if clk, ok := currentThreadClock(); ok {
			if now, ok := clk.now(); ok {
				sw.clock, sw.cpu, sw.start = clk, true, now
			}
		}
	}
	sw.wall = time.Now()
	if sw.cpu {
		go sw.watch()
	} else {
		sw.timer = time.AfterFunc(limit, ctx.expire)
	}
	return sw
}

// watch polls the thread's CPU clock and expires the context when the
// limit is used up.
func (sw *stopwatch) watch() {
	every := min(max(sw.limit/100, time.Millisecond), 10*time.Millisecond)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-sw.stop:
			return
		case <-sw.ctx.Done():
			return
		case <-tick.C:
			if now, ok := sw.clock.now(); ok && now-sw.start >= sw.limit {
				sw.ctx.expire()
				return
			}
		}
	}
}

// Stop stops the stopwatch and returns the time used. It must be called on
// the goroutine that started it.
func (sw *stopwatch) Stop() time.Duration {
	var used time.Duration
	if sw.cpu {
		now, ok := sw.clock.now()
		if ok {
			used = now - sw.start
		} else {
			used = time.Since(sw.wall)
		}
	} else {
		used = time.Since(sw.wall)
		sw.timer.Stop()
	}
	close(sw.stop)
	if sw.locked {
		runtime.UnlockOSThread()
	}
	return used
}
