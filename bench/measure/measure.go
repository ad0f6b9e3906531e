package measure

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"sort"
	"time"

	"github.com/sudoku-judge/sudoku-judge/bench/workload"
	"github.com/sudoku-judge/sudoku-judge/internal/schedstat"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// A Program is a contest program, built and ready to run: Path and Args
// are its command line. It reads a workload's input on stdin.
type Program struct {
	Name   string // its benchmarks are named program=Name (workload.ProgramName)
	Source string // where it came from, for messages
	Path   string
	Args   []string
}

// Options say what Run measures.
type Options struct {
	Workloads  []*workload.Workload
	Strategies []solvers.Strategy
	Programs   []Program
	// Count is the number of passes of each solver over each workload;
	// zero means one.
	Count int
	// Full measures the pairs that take minutes, which are otherwise
	// skipped (see workload.Workload.Skip).
	Full bool
	// Progress, if not nil, is called after each pass with the passes done
	// and the total.
	Progress func(done, total int)
	// ProgramsPerPuzzle also times each program on each puzzle alone,
	// one process per puzzle (start-up included), after each pass, for
	// per-puzzle comparisons with strategies and other programs.
	ProgramsPerPuzzle bool
	// Probe, if not nil, makes the probe of strategy s on w whose
	// instructions per puzzle are counted with valgrind after the timed
	// passes (see InstructionsPerPuzzle). Programs are not counted.
	Probe func(w *workload.Workload, s solvers.Strategy) Probe
}

// A Measurement is every pass of one solver over one workload.
type Measurement struct {
	Name     string // benchmark name without "Benchmark"
	Problem  string
	Set      string
	Solver   string // strategy or program name (see Label)
	Program  bool   // a contest program, timed as a whole process
	Puzzles  int
	Passes   []Pass
	Failures []error // passes that failed: wrong answers, crashes
	// Instructions is the instructions per puzzle counted with valgrind,
	// or 0 when not counted.
	Instructions float64

	workload *workload.Workload
}

// A Pass is one run of a solver over every puzzle of a workload.
type Pass struct {
	// Elapsed is the pass's wall-clock time less Wait: the time the
	// solver was not waiting for a CPU, which the machine's load moves
	// far less than the wall clock, as the judge's wall-clock limit
	// counts it.
	Elapsed time.Duration
	// Wait is how long the timed thread was runnable but waited for a
	// CPU: of a strategy's pass, the time its thread was not on a CPU (a
	// computation does not block); of a program, its main thread's run
	// delay (package schedstat). 0 where it is not measured (see
	// Results.WaitMeasured).
	Wait time.Duration
	// PerPuzzle are the times of each puzzle: for strategies, and for
	// programs timed puzzle by puzzle, one process each.
	PerPuzzle []time.Duration
	Guesses   int64  // strategies only
	Bytes     uint64 // allocated, strategies only
	Allocs    uint64
}

// A Skipped pair was not measured, for Reason.
type Skipped struct {
	Name   string
	Reason string
}

// Results are what Run measured, in workload then solver order.
type Results struct {
	Measurements []*Measurement
	Skipped      []Skipped
	// WaitMeasured reports whether the passes' CPU wait was measured
	// (Linux): then it was left out of their times.
	WaitMeasured bool
}

// CPUWait returns the share of the passes' wall-clock time that their
// timed threads spent waiting for a CPU, 0 to 1: the machine's load as
// the benchmark felt it. ok is false where it was not measured.
func (r *Results) CPUWait() (share float64, ok bool) {
	if !r.WaitMeasured {
		return 0, false
	}
	var wait, wall time.Duration
	for _, m := range r.Measurements {
		for _, p := range m.Passes {
			wait += p.Wait
			wall += p.Elapsed + p.Wait
		}
	}
	if wall <= 0 {
		return 0, false
	}
	return float64(wait) / float64(wall), true
}

// Failed reports whether any pass failed.
func (r *Results) Failed() bool {
	for _, m := range r.Measurements {
		if len(m.Failures) > 0 {
			return true
		}
	}
	return false
}

// JudgeFailure returns an error naming the first measurement the judge
// failed on (its Verdict is IE: no verdict on the program), or nil.
func (r *Results) JudgeFailure() error {
	for _, m := range r.Measurements {
		if m.Verdict() == string(contest.IE) {
			return fmt.Errorf("%s: internal error (the judge failed, not the program: no verdict)", m.Name)
		}
	}
	return nil
}

// Run measures every strategy and program on every workload, opts.Count
// times, interleaved. A wrong answer or a failing program is recorded in
// the measurement's Failures and does not stop the run; Run returns an
// error when ctx is done, or before measuring anything when two of its
// inputs would share a benchmark name (the same strategy, set or program
// twice, or two programs whose names are alike as benchmark names), which
// would mix two things under one name.
func Run(ctx context.Context, opts Options) (*Results, error) {
	_, err := schedstat.ThreadRun()
	res := &Results{WaitMeasured: err == nil}
	jobs, err := plan(opts, res)
	if err != nil {
		return nil, err
	}
	perPuzzle := make(map[*workload.Workload][]workload.Input)
	if opts.ProgramsPerPuzzle {
		for _, j := range jobs {
			if _, ok := perPuzzle[j.w]; ok || j.prog == nil {
				continue
			}
			ins, err := j.w.PuzzleInputs()
			if err != nil {
				res.Skipped = append(res.Skipped, Skipped{j.m.Name + " puzzle by puzzle", err.Error()})
			}
			perPuzzle[j.w] = ins
		}
	}
	count := max(opts.Count, 1)
	total, done := count*len(jobs), 0
	for range count {
		for _, j := range jobs {
			if err := ctx.Err(); err != nil {
				return res, fmt.Errorf("measure: %w", err)
			}
			var p Pass
			var err error
			if j.prog != nil {
				p, err = runProgram(ctx, j.prog, j.w, perPuzzle[j.w])
			} else {
				p, err = runStrategy(ctx, j.s, j.w)
			}
			switch {
			case err != nil && ctx.Err() != nil:
				return res, fmt.Errorf("measure: %w", ctx.Err())
			case err != nil:
				j.m.Failures = append(j.m.Failures, err)
			default:
				j.m.Passes = append(j.m.Passes, p)
			}
			done++
			if opts.Progress != nil {
				opts.Progress(done, total)
			}
		}
	}
	if opts.Probe == nil {
		return res, nil
	}
	return res, probeJobs(ctx, jobs, opts.Probe)
}

// A job is one measurement to take: a strategy's (s) or a program's
// (prog) passes over a workload.
type job struct {
	m    *Measurement
	w    *workload.Workload
	s    solvers.Strategy
	prog *Program
}

// plan returns the jobs of opts, their measurements added to res, and the
// pairs that are skipped listed there: those that take minutes (unless
// opts.Full) and programs on a workload without an input format. It is an
// error when two would share a benchmark name.
func plan(opts Options, res *Results) ([]job, error) {
	var jobs []job
	named := make(map[string]string) // benchmark name -> what has it
	claim := func(name, what string) error {
		switch other, ok := named[name]; {
		case ok && other == what:
			return fmt.Errorf("measure: %s is given twice: both would be named %s", what, name)
		case ok:
			return fmt.Errorf("measure: %s and %s would both be named %s: give them different names", other, what, name)
		}
		named[name] = what
		return nil
	}
	for _, w := range opts.Workloads {
		for _, s := range opts.Strategies {
			name := w.Name(s.Name())
			if err := claim(name, "strategy "+s.Name()); err != nil {
				return nil, err
			}
			if why := w.Skip(s, opts.Full); why != "" {
				res.Skipped = append(res.Skipped, Skipped{name, why})
				continue
			}
			m := &Measurement{Name: name, Problem: w.Problem, Set: w.Set, Solver: s.Name(), Puzzles: w.Len(), workload: w}
			res.Measurements = append(res.Measurements, m)
			jobs = append(jobs, job{m: m, w: w, s: s})
		}
		for i := range opts.Programs {
			p := &opts.Programs[i]
			name := w.ProgramName(p.Name)
			what := "program " + p.Name
			if p.Source != "" {
				what += " (" + p.Source + ")"
			}
			if err := claim(name, what); err != nil {
				return nil, err
			}
			if w.Inputs == nil {
				res.Skipped = append(res.Skipped, Skipped{name, "programs read a problem's input format, and " + w.Problem + " has none: pass --problem"})
				continue
			}
			m := &Measurement{Name: name, Problem: w.Problem, Set: w.Set, Solver: workload.NameValue(p.Name), Program: true, Puzzles: w.Len(), workload: w}
			res.Measurements = append(res.Measurements, m)
			jobs = append(jobs, job{m: m, w: w, prog: p})
		}
	}
	return jobs, nil
}

// probeJobs counts the instructions per puzzle of each strategy's
// job that had no failure, with probe.
func probeJobs(ctx context.Context, jobs []job, probe func(*workload.Workload, solvers.Strategy) Probe) error {
	for _, j := range jobs {
		if j.s == nil || len(j.m.Failures) > 0 || j.w.Len() == 0 {
			continue
		}
		n, err := InstructionsPerPuzzle(ctx, probe(j.w, j.s), j.w.Len())
		if err != nil {
			return fmt.Errorf("measure: %s: %w", j.m.Name, err)
		}
		j.m.Instructions = n
	}
	return nil
}

// runStrategy solves every puzzle of w once with s. The pass runs on one
// thread, whose wait for a CPU is left out of its time: its time is the
// thread's time on a CPU, read by its CPU clock as tightly around the pass
// as the wall clock. The per-puzzle times are by the wall clock.
func runStrategy(ctx context.Context, s solvers.Strategy, w *workload.Workload) (Pass, error) {
	p := Pass{PerPuzzle: make([]time.Duration, w.Len())}
	answers := make([]problems.Answer, w.Len())
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	run0, runErr := schedstat.ThreadRun()
	// One read of the monotonic clock a puzzle, the end of one puzzle
	// being the start of the next: in a VM a read takes about 0.1 µs, and
	// time.Now reads two clocks, so the two calls a puzzle used to take
	// cost 3-6% of an easy puzzle's few µs.
	start := time.Now()
	var last time.Duration
	for i := range w.Len() {
		a, err := w.Solve(ctx, s, i)
		now := time.Since(start)
		p.PerPuzzle[i], last = now-last, now
		if err != nil {
			return p, err
		}
		answers[i] = a
		p.Guesses += a.Stats.Guesses
	}
	p.Elapsed = last
	if run1, err := schedstat.ThreadRun(); runErr == nil && err == nil {
		// What of the pass the thread was not on a CPU: computing, it
		// never blocks, so it waited for one.
		p.Wait = max(p.Elapsed-(run1-run0), 0)
		p.Elapsed -= p.Wait
	}
	runtime.ReadMemStats(&m1)
	p.Bytes = m1.TotalAlloc - m0.TotalAlloc
	p.Allocs = m1.Mallocs - m0.Mallocs
	// Checked after the clock stops: a fast wrong answer is no result.
	if err := w.CheckAnswers(ctx, answers); err != nil {
		return p, err
	}
	return p, nil
}

// runProgram runs prog once on each input of w, timing whole processes by
// the wall clock less their main thread's wait for a CPU, then once on
// each of perPuzzle (if any), timing each.
func runProgram(ctx context.Context, prog *Program, w *workload.Workload, perPuzzle []workload.Input) (Pass, error) {
	var p Pass
	for _, in := range w.Inputs {
		d, wait, err := runOnce(ctx, prog, w, in)
		p.Elapsed += d
		p.Wait += wait
		if err != nil {
			return p, err
		}
	}
	for _, in := range perPuzzle {
		d, _, err := runOnce(ctx, prog, w, in)
		if err != nil {
			return p, err
		}
		p.PerPuzzle = append(p.PerPuzzle, d)
	}
	return p, nil
}

// runOnce runs prog on in and checks its output. It returns the process's
// wall-clock time less what its main thread waited for a CPU, read after
// its end and before it is reaped, and that wait.
func runOnce(ctx context.Context, prog *Program, w *workload.Workload, in workload.Input) (time.Duration, time.Duration, error) {
	cmd := exec.CommandContext(ctx, prog.Path, prog.Args...)
	cmd.Stdin = bytes.NewReader(in.Data)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	start := time.Now()
	err := cmd.Start()
	var d, wait time.Duration
	if err == nil {
		st, waitErr := schedstat.WaitExited(cmd.Process.Pid)
		d = time.Since(start)
		err = cmd.Wait()
		if waitErr != nil {
			d = time.Since(start) // not measured: the time until reaped
		}
		wait = min(st.Wait, d)
		d -= wait
	}
	if err != nil {
		msg := contest.Message(firstLine(stderr.String())) // the program's words: made safe
		var ee *exec.ExitError
		if errors.As(err, &ee) && msg != "" {
			err = fmt.Errorf("%w: %s", err, msg)
		}
		return d, wait, fmt.Errorf("%s: %w", prog.Name, &workload.CheckError{Verdict: "RE", Err: fmt.Errorf("%s/%s input %s: %w", w.Problem, w.Set, in.Name, err)})
	}
	if err := w.Check(ctx, in, out.Bytes()); err != nil {
		return d, wait, fmt.Errorf("%s: %w", prog.Name, err)
	}
	return d, wait, nil
}

func firstLine(s string) string {
	if i := bytes.IndexByte([]byte(s), '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// Verdict is "OK" when every pass was right, else the verdict of the
// first failure: "WA" (or another checker verdict) for a wrong answer,
// "RE" for a crash.
func (m *Measurement) Verdict() string {
	if len(m.Failures) == 0 {
		return "OK"
	}
	var ce *workload.CheckError
	if errors.As(m.Failures[0], &ce) {
		return ce.Verdict
	}
	return "RE"
}

// Label names m's solver in tables: a strategy by its name, a program as
// program=NAME (workload.Label).
func (m *Measurement) Label() string { return workload.Label(m.Solver, m.Program) }

// NsPerPuzzle returns the median over passes of the time per puzzle, in
// nanoseconds, or 0 without passes.
func (m *Measurement) NsPerPuzzle() float64 {
	if len(m.Passes) == 0 || m.Puzzles == 0 {
		return 0
	}
	xs := make([]float64, len(m.Passes))
	for i, p := range m.Passes {
		xs[i] = float64(p.Elapsed.Nanoseconds()) / float64(m.Puzzles)
	}
	return median(xs)
}

// GuessesPerPuzzle returns the mean guesses per puzzle, or -1 for a
// program, which does not tell.
func (m *Measurement) GuessesPerPuzzle() float64 {
	if m.Program || len(m.Passes) == 0 || m.Puzzles == 0 {
		return -1
	}
	var g int64
	for _, p := range m.Passes {
		g += p.Guesses
	}
	return float64(g) / float64(len(m.Passes)*m.Puzzles)
}

// PuzzleTimes returns the median over passes of each puzzle's time, or nil
// for a program not timed puzzle by puzzle.
func (m *Measurement) PuzzleTimes() []time.Duration {
	if len(m.Passes) == 0 || len(m.Passes[0].PerPuzzle) == 0 {
		return nil
	}
	out := make([]time.Duration, len(m.Passes[0].PerPuzzle))
	xs := make([]float64, len(m.Passes))
	for i := range out {
		for k, p := range m.Passes {
			xs[k] = float64(p.PerPuzzle[i])
		}
		out[i] = time.Duration(median(xs))
	}
	return out
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
