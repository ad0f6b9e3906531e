package problemtest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

// Tests returns the problem's tests or fails the test.
func Tests(t testing.TB, prob problems.Problem) []problems.Test {
	t.Helper()
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	return tests
}

// Test returns the problem's test of that name, such as "sample/1", or
// fails the test.
func Test(t testing.TB, prob problems.Problem, name string) problems.Test {
	t.Helper()
	for _, tc := range Tests(t, prob) {
		if tc.Name == name {
			return tc
		}
	}
	t.Fatalf("%s: no test %s", prob.ID(), name)
	return problems.Test{}
}

// Limits is what [CheckConfig] wants a problem's problem.yaml to say. It
// is an unnamed struct type, so that the fields may go without their names.
type Limits = struct {
	Time       time.Duration // limits.time_limit
	MemoryMiB  int           // limits.memory
	Validation string        // "default" (exact) or "custom" (special judge)
	Checker    string        // harness.checker
}

// CheckConfig checks the problem's limits, validation and checker against
// want, and that a built-in strategy gets 1 to 2 seconds a test.
func CheckConfig(t *testing.T, prob problems.Problem, want Limits) {
	t.Helper()
	c := prob.Config()
	got := Limits{c.TimeLimit(), c.Limits.Memory, c.Validation, c.Harness.Checker}
	if got != want || c.MemoryLimit() != int64(want.MemoryMiB)<<20 {
		t.Errorf("%s: problem.yaml says %+v, want %+v", prob.ID(), got, want)
	}
	if s := c.StrategyTimeLimit(); s < time.Second || s > 2*time.Second {
		t.Errorf("%s: strategy time limit %v, want 1-2s", prob.ID(), s)
	}
	checkGroups(t, prob)
	for name, why := range c.Harness.Slow {
		if _, err := strategies.Lookup(name); err != nil || why == "" {
			t.Errorf("%s: harness.slow names %q (%v) with reason %q: want a strategy and why it is slow", prob.ID(), name, err, why)
		}
	}
}

// checkGroups checks the problem's test groups: declared, each saying
// where its tests come from, every test in one (prob.Tests checks that),
// and the samples in the headline group, which is what a contestant's
// headline verdict is on.
func checkGroups(t *testing.T, prob problems.Problem) {
	t.Helper()
	c := prob.Config()
	if len(c.Groups) == 0 {
		t.Errorf("%s: problem.yaml declares no test groups: say which tests are the original judge's", prob.ID())
		return
	}
	for _, g := range c.Groups {
		if g.About == "" {
			t.Errorf("%s: group %s: no about: say where its tests come from", prob.ID(), g.Name)
		}
	}
	for _, tc := range Tests(t, prob) {
		if tc.Group() == "sample" && c.GroupOf(tc.Name) != c.Groups[0].Name {
			t.Errorf("%s: sample %s is not in the headline group %s", prob.ID(), tc.Name, c.Groups[0].Name)
		}
	}
}

// CheckTests checks the problem's data files: every input parses, holds
// the number of cases counts gives for the tests it names (which must all
// exist), and is written back byte for byte by write. check, if not nil, is
// then called with each test and its cases.
func CheckTests(t *testing.T, prob problems.Problem, write func(io.Writer, []*solvers.Puzzle) error, counts map[string]int, check func(tc problems.Test, ps []*solvers.Puzzle)) {
	t.Helper()
	seen := map[string]bool{}
	for _, tc := range Tests(t, prob) {
		seen[tc.Name] = true
		ps, err := prob.Parse(tc.Name, tc.Input)
		if err != nil {
			t.Errorf("%s: %v", tc.Name, err)
			continue
		}
		if n, ok := counts[tc.Name]; ok && len(ps) != n {
			t.Errorf("%s: %d cases, want %d", tc.Name, len(ps), n)
		}
		var b bytes.Buffer
		if err := write(&b, ps); err != nil {
			t.Fatal(err)
		}
		if b.String() != string(tc.Input) {
			t.Errorf("%s: writing the parsed input back differs from the input", tc.Name)
		}
		if check != nil {
			check(tc, ps)
		}
	}
	for name := range counts {
		if !seen[name] {
			t.Errorf("test %s is missing", name)
		}
	}
}

// CheckData re-solves every test of the problem with its reference strategy
// and with each of the others, which must be independent of it (another
// name): every output must pass the problem's checker against the stored
// answer.
func CheckData(t *testing.T, prob problems.Problem, others ...solvers.Strategy) {
	t.Helper()
	ref := prob.Reference()
	if len(others) == 0 {
		t.Fatalf("%s: no second strategy to confirm %s", prob.ID(), ref.Name())
	}
	for _, s := range others {
		if s.Name() == ref.Name() {
			t.Fatalf("%s: second strategy %s is the reference itself", prob.ID(), s.Name())
		}
	}
	for _, tc := range Tests(t, prob) {
		for _, s := range append([]solvers.Strategy{ref}, others...) {
			var out bytes.Buffer
			if err := problems.Solve(context.Background(), prob, s, tc.Name, tc.Input, &out); err != nil {
				t.Fatalf("%s: %v", s.Name(), err)
			}
			if r := contest.Run(context.Background(), prob.Checker(), tc.Input, out.Bytes(), tc.Answer); r.Verdict != contest.AC {
				t.Errorf("%s with %s: %s: %s\n%s", tc.Name, s.Name(), r.Verdict, r.Message, r.Diff)
			}
		}
	}
}

// CheckSamples solves the named tests with the reference strategy and
// compares the output with the stored answer byte for byte; no names means
// every test of the sample group.
func CheckSamples(t *testing.T, prob problems.Problem, names ...string) {
	t.Helper()
	var tests []problems.Test
	if len(names) == 0 {
		for _, tc := range Tests(t, prob) {
			if tc.Group() == "sample" {
				tests = append(tests, tc)
			}
		}
		if len(tests) == 0 {
			t.Fatalf("%s: no sample test", prob.ID())
		}
	}
	for _, name := range names {
		tests = append(tests, Test(t, prob, name))
	}
	for _, tc := range tests {
		var out bytes.Buffer
		if err := problems.Solve(context.Background(), prob, prob.Reference(), tc.Name, tc.Input, &out); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(tc.Answer) {
			t.Errorf("%s: output\n%s\nwant\n%s", tc.Name, out.String(), tc.Answer)
		}
	}
}

// Generate writes an input with prob.Generate and parses it with
// prob.Parse, failing the test if either fails or, when opts.Count is
// positive, if the input does not hold opts.Count cases.
func Generate(t testing.TB, prob problems.Problem, opts problems.GenOptions) ([]byte, []*solvers.Puzzle) {
	t.Helper()
	var b bytes.Buffer
	if err := prob.Generate(context.Background(), &b, opts); err != nil {
		t.Fatalf("Generate(%+v): %v", opts, err)
	}
	ps, err := prob.Parse("generated", b.Bytes())
	if err != nil {
		t.Fatalf("%+v: generated input does not parse: %v\n%s", opts, err, b.Bytes())
	}
	if opts.Count > 0 && len(ps) != opts.Count {
		t.Fatalf("%+v: %d puzzles, want %d", opts, len(ps), opts.Count)
	}
	return b.Bytes(), ps
}

// CheckGenerate is [Generate], checking besides that the same options give
// the same input again, that the next seed gives another, and that a
// cancelled context stops the generation ([CheckGenerateStops]).
func CheckGenerate(t testing.TB, prob problems.Problem, opts problems.GenOptions) ([]byte, []*solvers.Puzzle) {
	t.Helper()
	out, ps := Generate(t, prob, opts)
	if again, _ := Generate(t, prob, opts); !bytes.Equal(again, out) {
		t.Errorf("%+v: the same seed generated a different input", opts)
	}
	next := opts
	next.Seed++
	if other, _ := Generate(t, prob, next); bytes.Equal(other, out) {
		t.Errorf("%+v: another seed generated the same input", opts)
	}
	CheckGenerateStops(t, prob, opts)
	return out, ps
}

// CheckGenerateStops checks that Generate stops when its context is done:
// cancelled before it starts, and cancelled halfway, at the middle one of
// the looks a whole generation takes at its context (the same place on
// every run, whatever the machine's speed). Either way it returns an
// error wrapping context.Canceled, writes nothing, and looks at the
// context no more than a few times once it is done.
func CheckGenerateStops(t testing.TB, prob problems.Problem, opts problems.GenOptions) {
	t.Helper()
	whole := newCountdown(0)
	if err := prob.Generate(whole, io.Discard, opts); err != nil {
		t.Fatalf("Generate(%+v): %v", opts, err)
	}
	for _, at := range []int{1, max(whole.looks()/2, 1)} {
		ctx := newCountdown(at)
		var b bytes.Buffer
		err := prob.Generate(ctx, &b, opts)
		if !errors.Is(err, context.Canceled) || b.Len() > 0 {
			t.Errorf("%+v: cancelled at look %d of %d: %v, %d bytes written; want context.Canceled and nothing", opts, at, whole.looks(), err, b.Len())
		}
		if after := ctx.looks() - at; after > maxLooksAfterCancel {
			t.Errorf("%+v: cancelled at look %d of %d, Generate looked %d more times before it stopped", opts, at, whole.looks(), after)
		}
	}
}

// maxLooksAfterCancel bounds the looks at a context Generate may take
// once it is done: each layer it returns through may look once.
const maxLooksAfterCancel = 8

// A countdown is a context cancelled at its n'th look (a call of Err or
// Done), or never when n is 0, which counts the looks.
type countdown struct {
	context.Context // Background's deadline and values
	mu              sync.Mutex
	n, seen         int
	done            chan struct{}
}

func newCountdown(n int) *countdown {
	return &countdown{Context: context.Background(), n: n, done: make(chan struct{})}
}

func (c *countdown) look() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen++
	if c.seen == c.n {
		close(c.done)
	}
}

func (c *countdown) looks() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seen
}

func (c *countdown) Done() <-chan struct{} {
	c.look()
	return c.done
}

func (c *countdown) Err() error {
	c.look()
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

// CheckCounts counts the solutions of each puzzle with s, up to limit, and
// fails the test unless every count lies in lo..hi. It returns the counts.
func CheckCounts(t testing.TB, s solvers.Strategy, ps []*solvers.Puzzle, limit, lo, hi int) []int {
	t.Helper()
	counts := make([]int, len(ps))
	for i, p := range ps {
		n, _, err := solvers.Count(context.Background(), s, p, limit)
		if err != nil {
			t.Fatalf("puzzle %d: %s: %v", i+1, s.Name(), err)
		}
		if n < lo || n > hi {
			t.Errorf("puzzle %d: %d solutions (%s, limit %d), want %d-%d", i+1, n, s.Name(), limit, lo, hi)
		}
		counts[i] = n
	}
	return counts
}

// A ParseErrorCase is a malformed input and where and why parsing it fails.
// It is an unnamed struct type, so that tables of cases may list the fields
// without their names.
type ParseErrorCase = struct {
	Name  string
	Input string
	Line  int    // from 1
	Col   int    // from 1; 0 when the whole line is at fault
	Msg   string // the start of the error's message
}

// CheckParseErrors parses each case's input, named "in", with prob.Parse:
// the error must be a *problems.ParseError at the case's line and column
// whose message starts with the case's.
func CheckParseErrors(t *testing.T, prob problems.Problem, cases []ParseErrorCase) {
	t.Helper()
	for _, tc := range cases {
		_, err := prob.Parse("in", []byte(tc.Input))
		pe, ok := err.(*problems.ParseError)
		if !ok {
			t.Errorf("%s: error %v, want a *problems.ParseError", tc.Name, err)
			continue
		}
		if pe.File != "in" || pe.Line != tc.Line || pe.Col != tc.Col || !strings.HasPrefix(pe.Msg, tc.Msg) {
			t.Errorf("%s: error %q at %s:%d:%d, want %q at in:%d:%d", tc.Name, pe.Msg, pe.File, pe.Line, pe.Col, tc.Msg, tc.Line, tc.Col)
		}
	}
}

// FuzzParse fuzzes parse from the seeds already added to f: it never
// panics, it fails only with a *problems.ParseError located on a line, and
// what it accepts, written back by write, parses to the same puzzles (the
// same givens and regions).
func FuzzParse(f *testing.F, parse func(name string, input []byte) ([]*solvers.Puzzle, error), write func(io.Writer, []*solvers.Puzzle) error) {
	f.Fuzz(func(t *testing.T, input []byte) {
		ps, err := parse("fuzz", input)
		if err != nil {
			if pe, ok := err.(*problems.ParseError); !ok || pe.Line < 1 {
				t.Fatalf("error %T %v is not a located *problems.ParseError", err, err)
			}
			return
		}
		// Accepted input has a canonical form that parses to the same puzzles.
		var b bytes.Buffer
		if err := write(&b, ps); err != nil {
			t.Fatal(err)
		}
		again, err := parse("canonical", b.Bytes())
		if err != nil {
			t.Fatalf("canonical form does not parse: %v\n%s", err, b.Bytes())
		}
		if len(again) != len(ps) {
			t.Fatalf("%d puzzles, then %d", len(ps), len(again))
		}
		for i := range ps {
			if !samePuzzle(ps[i], again[i]) {
				t.Fatalf("puzzle %d changed: %s then %s", i+1, ps[i], again[i])
			}
		}
	})
}

// SamePuzzles reports whether a and b hold as many puzzles, each with the
// same givens and regions as its counterpart.
func SamePuzzles(a, b []*solvers.Puzzle) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !samePuzzle(a[i], b[i]) {
			return false
		}
	}
	return true
}

func samePuzzle(a, b *solvers.Puzzle) bool {
	return string(a.Givens()) == string(b.Givens()) && string(a.Regions()) == string(b.Regions())
}
