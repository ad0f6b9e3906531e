package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/internal/oracle"
	"github.com/sudoku-judge/sudoku-judge/problems/poj2676"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3074"
	"github.com/sudoku-judge/sudoku-judge/problems/poj3076"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

func main() {
	from := flag.String("from", "", "directory holding <id>/sample.in, 1.in, ...: the public files the problem's SOURCE.md names (required)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: mkdata -from dir problem-id\n(ids: %s)\n", strings.Join(ids(), ", "))
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *from == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *from); err != nil {
		fmt.Fprintf(os.Stderr, "mkdata: %v\n", err)
		os.Exit(1)
	}
}

// A plan says how to make one problem's tests.
type plan struct {
	prob  problems.Problem
	write func(io.Writer, []*solvers.Puzzle) error // the problem's input format
	tests []test
}

// A test is one .in/.ans pair to write.
type test struct {
	name string // "sample/1", "secret/2-top1465-a"
	// Exactly one of the following says where the input comes from.
	real     string // file of the -from directory
	set      string // puzzle set of testdata/, cases from..to (from 1)
	from, to int
	gen      *problems.GenOptions
	// official names the expected output in the -from directory, if there is one.
	official string
}

func plans() map[string]plan {
	return map[string]plan{
		poj2676.ID: {poj2676.New(), poj2676.WriteInput, []test{
			{name: "sample/1", real: "sample.in", official: "sample.out"},
			{name: "secret/1", real: "1.in", official: "1.ref.out"}, // one valid answer among many
			{name: "secret/2-17clue", set: "17clue", from: 1, to: 200},
			{name: "secret/3-top1465", set: "top1465", from: 1001, to: 1200},
			{name: "secret/4-serg-multiple", set: "serg", from: 1, to: 200},
			{name: "secret/5-gen-unique", gen: &problems.GenOptions{Count: 50, Seed: 2676}},
			{name: "secret/6-gen-multiple", gen: &problems.GenOptions{Count: 50, Seed: 2677, Kind: "multiple"}},
		}},
		poj3074.ID: {poj3074.New(), poj3074.WriteInput, []test{
			{name: "sample/1", real: "sample.in", official: "sample.out"},
			{name: "secret/1", real: "1.in", official: "1.out"},
			{name: "secret/2-top1465-a", set: "top1465", from: 1, to: 200},
			{name: "secret/3-top1465-b", set: "top1465", from: 201, to: 400},
			{name: "secret/4-hardest1106-a", set: "hardest1106", from: 1, to: 188},
			{name: "secret/5-hardest1106-b", set: "hardest1106", from: 189, to: 375},
			{name: "secret/6-gen", gen: &problems.GenOptions{Count: 100, Seed: 3074}},
		}},
		poj3076.ID: {poj3076.New(), poj3076.WriteInput, []test{
			{name: "sample/1", real: "sample.in", official: "sample.out"},
			{name: "secret/1", real: "1.in", official: "1.out"},
			{name: "secret/2-gen", gen: &problems.GenOptions{Count: 10, Seed: 3076}},
			{name: "secret/3-gen-sparse", gen: &problems.GenOptions{Count: 5, Seed: 3077, Givens: 100}},
		}},
	}
}

func ids() []string { return []string{poj2676.ID, poj3074.ID, poj3076.ID} }

func run(id, from string) error {
	pl, ok := plans()[id]
	if !ok {
		return fmt.Errorf("no data plan for problem %q (have %s)", id, strings.Join(ids(), ", "))
	}
	testdata, err := puzzleset.Dir()
	if err != nil {
		return err
	}
	dataDir := filepath.Join(filepath.Dir(testdata), "problems", id, "data")
	for _, group := range []string{"sample", "secret"} {
		old, _ := filepath.Glob(filepath.Join(dataDir, group, "*.in"))
		more, _ := filepath.Glob(filepath.Join(dataDir, group, "*.ans"))
		for _, f := range append(old, more...) {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
		if err := os.MkdirAll(filepath.Join(dataDir, group), 0o755); err != nil {
			return err
		}
	}
	for _, t := range pl.tests {
		in, err := input(pl, t, filepath.Join(from, id), testdata)
		if err != nil {
			return fmt.Errorf("%s: %w", t.name, err)
		}
		ans, err := answer(pl.prob, t, in, filepath.Join(from, id))
		if err != nil {
			return fmt.Errorf("%s: %w", t.name, err)
		}
		base := filepath.Join(dataDir, filepath.FromSlash(t.name))
		if err := os.WriteFile(base+".in", in, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(base+".ans", ans, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s/%s: %d bytes in, %d bytes out\n", id, t.name, len(in), len(ans))
	}
	return nil
}

// input returns the input file of test t.
func input(pl plan, t test, from, testdata string) ([]byte, error) {
	var b bytes.Buffer
	switch {
	case t.real != "":
		return os.ReadFile(filepath.Join(from, t.real))
	case t.set != "":
		ps, err := puzzleset.Load(testdata, t.set, t.to)
		if err != nil {
			return nil, err
		}
		if len(ps) < t.to {
			return nil, fmt.Errorf("set %s has %d puzzles, want %d", t.set, len(ps), t.to)
		}
		err = pl.write(&b, ps[t.from-1:t.to])
		return b.Bytes(), err
	case t.gen != nil:
		err := pl.prob.Generate(context.Background(), &b, *t.gen)
		return b.Bytes(), err
	}
	return nil, fmt.Errorf("no input source")
}

// answer solves in with the problem's reference strategy, checks that the
// output of the second strategy oracle.Second chooses is accepted against
// it and that it is accepted against the judge's own output, if any, and
// returns it.
func answer(prob problems.Problem, t test, in []byte, from string) ([]byte, error) {
	ctx := context.Background()
	ref := prob.Reference()
	var want bytes.Buffer
	if err := problems.Solve(ctx, prob, ref, t.name, in, &want); err != nil {
		return nil, fmt.Errorf("reference %s: %w", ref.Name(), err)
	}
	other := oracle.Second(ref)
	var got bytes.Buffer
	err := solveWithin(ctx, prob, other, t.name, in, &got)
	switch {
	case err != nil && t.official == "":
		return nil, fmt.Errorf("second strategy %s: %w", other.Name(), err)
	case err != nil:
		// The judge's own output, compared below, is the second opinion.
		fmt.Fprintf(os.Stderr, "%s: second strategy %s: %v; relying on %s\n", t.name, other.Name(), err, t.official)
	default:
		if r := contest.Run(context.Background(), prob.Checker(), in, got.Bytes(), want.Bytes()); r.Verdict != contest.AC {
			return nil, fmt.Errorf("%s's output against %s's: %s %s\n%s", other.Name(), ref.Name(), r.Verdict, r.Message, r.Diff)
		}
	}
	if t.official != "" {
		off, err := os.ReadFile(filepath.Join(from, t.official))
		if err != nil {
			return nil, err
		}
		if r := contest.Run(context.Background(), prob.Checker(), in, off, want.Bytes()); r.Verdict != contest.AC {
			return nil, fmt.Errorf("official output against %s's: %s %s\n%s", ref.Name(), r.Verdict, r.Message, r.Diff)
		}
		// Exact problems must reproduce the judge's output line for line.
		if prob.Config().Validation == "default" {
			if r := contest.Run(context.Background(), contest.Lines{}, in, off, want.Bytes()); r.Verdict != contest.AC {
				return nil, fmt.Errorf("official output differs from %s's: %s", ref.Name(), r.Message)
			}
		}
	}
	return want.Bytes(), nil
}

// secondTimeLimit bounds the second strategy on one test.
const secondTimeLimit = time.Minute

func solveWithin(ctx context.Context, prob problems.Problem, s solvers.Strategy, name string, in []byte, w io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, secondTimeLimit)
	defer cancel()
	return problems.Solve(ctx, prob, s, name, in, w)
}
