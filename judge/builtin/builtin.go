package builtin

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// Options tune [Run]. The zero value judges every test with each problem's
// own strategy time limit, one pair per CPU at a time.
type Options struct {
	// Parallel is how many (problem, strategy) pairs are judged at once;
	// 0 means runtime.GOMAXPROCS(0). Use 1 for the steadiest times.
	Parallel int

	// TimeLimit, if positive, replaces every problem's
	// Config().StrategyTimeLimit().
	TimeLimit time.Duration

	// RunAfterTLE runs every test of a problem even after the strategy
	// exceeded the time limit on one of them. By default the remaining
	// tests are skipped and marked TLE.
	RunAfterTLE bool

	// WallClock times tests by the wall clock. By default, on Linux, a test
	// is timed by the CPU time of the thread running the strategy, so that
	// other work on the machine neither slows the figures nor causes TLEs;
	// a test then also stops after ten times its limit in wall time.
	// Elsewhere tests are always timed by the wall clock.
	WallClock bool

	// Grace is how long after its deadline a strategy may take to return
	// before Run stops waiting for it, marks the test TLE and abandons the
	// goroutine. 0 means the time limit itself, at least 100ms.
	Grace time.Duration

	// OnResult, if not nil, is called with each pair's result as soon as it
	// is judged, never concurrently; useful for progress. The pair's results
	// are also in the Report, in their stable order.
	OnResult func(judge.Result)
}

// A Report is what [Run] found.
type Report struct {
	// Results holds one result per (problem, strategy) pair: problems in
	// the order given, and for each the strategies in the order given.
	// Solution is the strategy's name.
	Results []judge.Result

	// Disagreements lists the tests on which a strategy's output was not
	// accepted with another strategy's output as the answer.
	Disagreements []Disagreement

	// Elapsed is the wall time of the whole run.
	Elapsed time.Duration
}

// Failed reports whether any test failed (see contest.Verdict.Failed) or
// any two strategies disagreed.
func (r *Report) Failed() bool {
	if len(r.Disagreements) > 0 {
		return true
	}
	for i := range r.Results {
		if r.Results[i].Failed() {
			return true
		}
	}
	return false
}

// Summary returns a one-line account of the report, such as
// "25 runs in 12.3 s: 19 AC, 4 TLE, 2 N/A; no disagreements".
func (r *Report) Summary() string {
	count := map[contest.Verdict]int{}
	for _, res := range r.Results {
		count[res.Verdict]++
	}
	vs := make([]contest.Verdict, 0, len(count))
	for v := range count {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return rank(vs[i]) < rank(vs[j]) })
	parts := make([]string, 0, len(vs))
	for _, v := range vs {
		parts = append(parts, fmt.Sprintf("%d %s", count[v], v))
	}
	s := fmt.Sprintf("%d %s in %s", len(r.Results), plural(len(r.Results), "run", "runs"), seconds(r.Elapsed))
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	switch n := len(r.Disagreements); n {
	case 0:
		s += "; no disagreements"
	default:
		s += fmt.Sprintf("; %d %s", n, plural(n, "disagreement", "disagreements"))
	}
	if r.Failed() {
		s += "; FAILED"
	}
	return s
}

// rank orders verdicts in summaries: passes first, then the resource
// limits, then N/A and SKIPPED (not judged), then the failures, each group
// in contest's severity order.
func rank(v contest.Verdict) int {
	group := 1
	switch {
	case v.Passed():
		group = 0
	case v == contest.NA || v == contest.Skipped:
		group = 2
	case v.Failed():
		group = 3
	}
	return group*100 + v.Severity()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// pair is one (problem, strategy) job of a run.
type pair struct {
	index int // in Report.Results
	prob  problems.Problem
	tests []problems.Test
	strat solvers.Strategy
	limit time.Duration
}

// Run judges every strategy on every test of every problem. It returns an
// error only when ctx is cancelled, with the results judged so far.
func Run(ctx context.Context, probs []problems.Problem, strats []solvers.Strategy, opts Options) (*Report, error) {
	start := time.Now()
	rep := &Report{Results: make([]judge.Result, len(probs)*len(strats))}
	outputs := make([][][]byte, len(rep.Results)) // per pair, per test; nil when the strategy did not finish
	var pairs []pair
	testsOf := make([][]problems.Test, len(probs))
	for pi, prob := range probs {
		tests, err := prob.Tests()
		for si, s := range strats {
			i := pi*len(strats) + si
			rep.Results[i] = judge.Result{Problem: prob.ID(), Solution: s.Name(), Strategy: s.Name()}
			if err != nil {
				// The problem's data cannot be read: a judge failure,
				// reported on every pair so no run of it looks clean.
				rep.Results[i].Tests = []judge.TestResult{{Name: "tests", Verdict: contest.IE,
					Message: oneLine(fmt.Sprintf("loading the tests of %s: %v", prob.ID(), err))}}
				rep.Results[i].Summarize()
				continue
			}
			pairs = append(pairs, pair{index: i, prob: prob, tests: tests, strat: s, limit: timeLimit(prob, opts)})
		}
		testsOf[pi] = tests
	}

	workers := opts.Parallel
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, max(len(pairs), 1))
	jobs := make(chan pair)
	var mu sync.Mutex // serializes OnResult
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				res, outs := judgePair(ctx, p, opts)
				rep.Results[p.index] = res
				outputs[p.index] = outs
				if opts.OnResult != nil && ctx.Err() == nil {
					mu.Lock()
					opts.OnResult(res)
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for _, p := range pairs {
		select {
		case jobs <- p:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()

	for pi, prob := range probs {
		if ctx.Err() != nil {
			break // an interrupted run compares nothing: its outputs are partial
		}
		rep.Disagreements = append(rep.Disagreements,
			compare(ctx, prob, strats, testsOf[pi], outputs[pi*len(strats):(pi+1)*len(strats)])...)
	}
	rep.Elapsed = time.Since(start)
	if err := ctx.Err(); err != nil {
		return rep, fmt.Errorf("builtin: run interrupted: %w", err)
	}
	return rep, nil
}

func timeLimit(prob problems.Problem, opts Options) time.Duration {
	if opts.TimeLimit > 0 {
		return opts.TimeLimit
	}
	if l := prob.Config().StrategyTimeLimit(); l > 0 {
		return l
	}
	return time.Second // a problem.yaml without limits; Load rejects those
}

// judgePair runs one strategy on every test of one problem, in order, and
// returns its result and its outputs (nil where it did not finish).
func judgePair(ctx context.Context, p pair, opts Options) (judge.Result, [][]byte) {
	res := judge.Result{Problem: p.prob.ID(), Solution: p.strat.Name(), Strategy: p.strat.Name()}
	outs := make([][]byte, len(p.tests))
	cfg := p.prob.Config()
	tleOn := ""
	for i, t := range p.tests {
		if ctx.Err() != nil {
			break
		}
		if tleOn != "" {
			res.Tests = append(res.Tests, judge.TestResult{Name: t.Name, Group: cfg.GroupOf(t.Name), Verdict: contest.Skipped,
				Message: "not run: TLE on " + tleOn})
			continue
		}
		tr, out := judgeTest(ctx, p.prob, p.strat, t, p.limit, opts)
		tr.Group = cfg.GroupOf(t.Name)
		if ctx.Err() != nil {
			break // interrupted: the test's verdict says nothing about the strategy
		}
		res.Tests = append(res.Tests, tr)
		outs[i] = out
		if tr.Verdict == contest.TLE && !opts.RunAfterTLE {
			tleOn = t.Name
		}
	}
	res.Summarize()
	return res, outs
}
