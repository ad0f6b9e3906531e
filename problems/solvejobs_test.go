package problems_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3074"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/fast"
)

// failing is a strategy that searches with fast, except on the puzzles it
// names, where it fails; a puzzle of waitFor fails only once every puzzle
// of that list has failed, so that a later case fails first in time.
type failing struct {
	solvers.Strategy
	fail    map[string]bool
	waitFor map[string]chan struct{} // closed when the named puzzle has failed
	blocked map[string][]string      // puzzle -> the puzzles it waits for
}

var errFailing = errors.New("failing on purpose")

func (f *failing) Search(ctx context.Context, p *solvers.Puzzle, opts solvers.Options) (solvers.Stats, error) {
	key := strings.ReplaceAll(p.String(), "\n", "")
	if !f.fail[key] {
		return f.Strategy.Search(ctx, p, opts)
	}
	for _, other := range f.blocked[key] {
		<-f.waitFor[other]
	}
	if c, ok := f.waitFor[key]; ok {
		close(c)
	}
	return solvers.Stats{}, fmt.Errorf("%w: %.9s", errFailing, key)
}

// TestSolveJobs checks that solving cases at once writes what Solve
// writes, and fails as Solve fails: on the first failing case of the
// input, even when a later one fails first.
func TestSolveJobs(t *testing.T) {
	prob := poj3074.New()
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	var in []byte
	for _, tc := range tests {
		if tc.Name == "secret/2-top1465-a" {
			in = tc.Input
		}
	}
	lines := strings.Split(strings.TrimSpace(string(in)), "\n")
	if len(lines) < 12 {
		t.Fatalf("%d lines in the test input", len(lines))
	}
	ctx := context.Background()
	var want bytes.Buffer
	if err := problems.Solve(ctx, prob, fast.New(), "in", in, &want); err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{0, 1, 2, 4, 64} {
		var got bytes.Buffer
		if err := problems.SolveJobs(ctx, prob, fast.New(), "in", in, &got, jobs); err != nil {
			t.Fatalf("jobs %d: %v", jobs, err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("jobs %d: output differs from Solve's", jobs)
		}
	}

	// Cases 4 and 9 fail; 4 only after 9 has, when cases run at once.
	fourth, ninth := lines[3], lines[8]
	for _, jobs := range []int{1, 2, 4} {
		s := &failing{
			Strategy: fast.New(),
			fail:     map[string]bool{fourth: true, ninth: true},
			waitFor:  map[string]chan struct{}{ninth: make(chan struct{})},
		}
		if jobs > 1 {
			s.blocked = map[string][]string{fourth: {ninth}}
		}
		var out bytes.Buffer
		err := problems.SolveJobs(ctx, prob, s, "in", in, &out, jobs)
		if !errors.Is(err, errFailing) || !strings.Contains(err.Error(), "in: case 4: ") {
			t.Errorf("jobs %d: error %v, want case 4's", jobs, err)
		}
		if out.Len() > 0 {
			t.Errorf("jobs %d: %d bytes written with an error", jobs, out.Len())
		}
	}
}

// streamInput returns a POJ 3074 input of n distinct puzzles, more than
// one batch of a Streamer: the puzzles of the problem's first secret test
// with their digits relabelled, one relabelling after another.
func streamInput(t *testing.T, n int) []string {
	t.Helper()
	tests, err := poj3074.New().Tests()
	if err != nil {
		t.Fatal(err)
	}
	var base []string
	for _, tc := range tests {
		if tc.Name == "secret/1" {
			base = strings.Fields(string(tc.Input))
			base = base[:len(base)-1] // "end"
		}
	}
	if len(base) == 0 {
		t.Fatal("no test secret/1")
	}
	var lines []string
	for k := 0; len(lines) < n; k++ {
		// Relabelling k: add k%9 to each digit, then swap 1 with 1+k/9.
		for _, line := range base[:min(len(base), n-len(lines))] {
			b := []byte(line)
			for i, c := range b {
				if c == '.' {
					continue
				}
				c = '1' + (c-'1'+byte(k%9))%9
				switch other := '1' + byte(k/9%9); c {
				case '1':
					c = other
				case other:
					c = '1'
				}
				b[i] = c
			}
			lines = append(lines, string(b))
		}
	}
	if len(lines) != len(slices.Compact(slices.Sorted(slices.Values(lines)))) {
		t.Fatal("streamInput: puzzles repeat")
	}
	return lines
}

// whole is a problem without its Streamer methods: SolveJobs parses all of
// its input before it solves.
type whole struct{ problems.Problem }

// TestSolveStream checks that a Streamer's input, read a batch at a time,
// gives the output and the errors of the input read at once: across
// batches, with a case failing in a later batch, and with a malformed line
// after a failing case.
func TestSolveStream(t *testing.T) {
	prob := poj3074.New()
	if _, ok := prob.(problems.Streamer); !ok {
		t.Fatal("poj3074 is not a Streamer")
	}
	ctx := context.Background()
	lines := streamInput(t, 2500)
	in := []byte(strings.Join(lines, "\n") + "\nend\n")
	var want bytes.Buffer
	if err := problems.SolveJobs(ctx, whole{prob}, fast.New(), "in", in, &want, 1); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(want.Bytes(), []byte("\n")); n != len(lines) {
		t.Fatalf("%d lines written for %d puzzles", n, len(lines))
	}
	for _, jobs := range []int{1, 2, 3, 8} {
		var got bytes.Buffer
		if err := problems.SolveJobs(ctx, prob, fast.New(), "in", in, &got, jobs); err != nil {
			t.Fatalf("jobs %d: %v", jobs, err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("jobs %d: output differs from the whole input's", jobs)
		}
	}

	malformed := slices.Clone(lines)
	malformed[2400] = "end of the puzzles"
	tests := []struct {
		name    string
		lines   []string
		fail    []int  // cases (from 0) the strategy fails on
		wantErr string // in the error
		stream  bool   // only when read a batch at a time
	}{
		{"fails in a later batch", lines, []int{2100, 1500}, "in: case 1501: ", false},
		{"malformed after a failing case", malformed, []int{2300}, "in: case 2301: ", true},
		// Case 2351 is in the batch the malformed line ends (cases 2304
		// to 2399): that batch is solved all the same.
		{"malformed after a failing case of its batch", malformed, []int{2350}, "in: case 2351: ", true},
		{"malformed", malformed, nil, "in:2401:1: unexpected", false},
	}
	for _, tt := range tests {
		in := []byte(strings.Join(tt.lines, "\n") + "\nend\n")
		for _, p := range []problems.Problem{prob, whole{prob}} {
			if _, ok := p.(whole); ok && tt.stream {
				continue // read at once, the malformed line comes first
			}
			for _, jobs := range []int{1, 2, 5} {
				s := &failing{Strategy: fast.New(), fail: map[string]bool{}}
				for _, i := range tt.fail {
					s.fail[tt.lines[i]] = true
				}
				var out bytes.Buffer
				err := problems.SolveJobs(ctx, p, s, "in", in, &out, jobs)
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("%s (%T, jobs %d): error %v, want %q", tt.name, p, jobs, err, tt.wantErr)
				}
				if out.Len() > 0 {
					t.Errorf("%s (%T, jobs %d): %d bytes written with an error", tt.name, p, jobs, out.Len())
				}
			}
		}
	}
}

// TestSolveStreamLaterBatchFailsFirst checks that several jobs report the
// first failing case in the input when a case of a later batch fails
// first in time, while an earlier batch is still being solved: case 301
// fails only after case 701 has.
func TestSolveStreamLaterBatchFailsFirst(t *testing.T) {
	lines := streamInput(t, 1200)
	in := []byte(strings.Join(lines, "\n") + "\nend\n")
	early, late := lines[300], lines[700]
	for _, jobs := range []int{2, 3, 8} {
		s := &failing{
			Strategy: fast.New(),
			fail:     map[string]bool{early: true, late: true},
			waitFor:  map[string]chan struct{}{late: make(chan struct{})},
			blocked:  map[string][]string{early: {late}},
		}
		var out bytes.Buffer
		err := problems.SolveJobs(context.Background(), poj3074.New(), s, "in", in, &out, jobs)
		if !errors.Is(err, errFailing) || !strings.Contains(err.Error(), "in: case 301: ") {
			t.Errorf("jobs %d: error %v, want case 301's", jobs, err)
		}
		if out.Len() > 0 {
			t.Errorf("jobs %d: %d bytes written with an error", jobs, out.Len())
		}
	}
}
