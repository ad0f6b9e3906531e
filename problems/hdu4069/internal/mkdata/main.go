package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/hdu4069"
	"github.com/sudoku-judge/sudoku-judge/problems/internal/oracle"
)

// A spec is one generated test file.
type spec struct {
	name string
	opts problems.GenOptions
}

// Specs lists the generated tests; SOURCE.md describes the same list.
var specs = []spec{
	{"1-unique", problems.GenOptions{Count: 100, Seed: 406901, Kind: "unique"}},
	{"2-multiple", problems.GenOptions{Count: 60, Seed: 406902, Kind: "multiple"}},
	{"3-none", problems.GenOptions{Count: 60, Seed: 406903, Kind: "none"}},
	{"4-mixed", problems.GenOptions{Count: 100, Seed: 406904, Kind: "mixed"}},
	{"5-mixed", problems.GenOptions{Count: 100, Seed: 406905, Kind: "mixed"}},
	{"6-mixed-30", problems.GenOptions{Count: 100, Seed: 406906, Kind: "mixed", Givens: 30}},
}

func main() {
	dir := flag.String("dir", filepath.Join("problems", "hdu4069", "data", "secret"), "directory to write the tests into")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintf(os.Stderr, "mkdata: %v\n", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	prob := hdu4069.New()
	second := oracle.Second(prob.Reference())
	for _, sp := range specs {
		start := time.Now()
		ctx := context.Background()
		var in bytes.Buffer
		if err := prob.Generate(ctx, &in, sp.opts); err != nil {
			return fmt.Errorf("%s: %w", sp.name, err)
		}
		var ans, check bytes.Buffer
		if err := problems.Solve(ctx, prob, prob.Reference(), sp.name, in.Bytes(), &ans); err != nil {
			return err
		}
		if err := problems.Solve(ctx, prob, second, sp.name, in.Bytes(), &check); err != nil {
			return err
		}
		if r := contest.Run(context.Background(), prob.Checker(), in.Bytes(), check.Bytes(), ans.Bytes()); r.Verdict != contest.AC {
			return fmt.Errorf("%s: %s disagrees with %s: %s\n%s", sp.name, second.Name(), prob.Reference().Name(), r.Message, r.Diff)
		}
		for ext, b := range map[string][]byte{".in": in.Bytes(), ".ans": ans.Bytes()} {
			if err := os.WriteFile(filepath.Join(dir, sp.name+ext), b, 0o644); err != nil {
				return err
			}
		}
		fmt.Printf("%s: %d cases in %v\n", sp.name, sp.opts.Count, time.Since(start).Round(time.Millisecond))
	}
	return nil
}
