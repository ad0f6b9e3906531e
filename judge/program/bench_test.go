package program

import (
	"bytes"
	"context"
	"os/exec"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// The judge's overhead per test is BenchmarkJudge minus BenchmarkBare:
// the same trivial program (testdata/echo.c) judged in the sandbox with
// full isolation, one test at a time, versus started bare. Measure with
//
//	go test -run '^$' -bench . -benchtime 200x ./judge/program

var echoTest = problems.Test{Name: "echo", Input: []byte("42\n"), Answer: []byte("42\n")}

// BenchmarkJudge judges with full isolation, then without parts of it to
// show what each costs, sequentially (-j 1) and two at a time (-j 2).
func BenchmarkJudge(b *testing.B) {
	sandboxtest.Full(b) // skips without full isolation
	for _, bb := range []struct {
		name     string
		opts     sandbox.Options
		parallel int
	}{
		{"full/j1", sandbox.Options{}, 1},
		{"full/j2", sandbox.Options{}, 2},
		{"no-namespaces/j1", sandbox.Options{NoNamespaces: true}, 1},
		{"no-cgroups/j1", sandbox.Options{NoCgroups: true}, 1},
		{"rlimits-only/j1", sandbox.Options{NoNamespaces: true, NoCgroups: true, NoSetuid: true}, 1},
	} {
		b.Run(bb.name, func(b *testing.B) {
			sb, err := sandbox.New(bb.opts)
			if err != nil {
				b.Fatal(err)
			}
			defer sb.Close()
			exe := build(b, "echo.c")
			j := &Judge{Runner: sb, Limits: LimitsFor(nil), Parallel: bb.parallel}
			tests := make([]problems.Test, b.N)
			for i := range tests {
				tests[i] = echoTest
			}
			b.ResetTimer()
			res := j.Judge(context.Background(), exe, nil, tests)
			b.StopTimer()
			if res.Passed != b.N {
				b.Fatalf("%d of %d passed: %s %s", res.Passed, b.N, res.Verdict, res.Tests[0].Message)
			}
		})
	}
}

func BenchmarkBare(b *testing.B) {
	exe := build(b, "echo.c")
	b.ResetTimer()
	for range b.N {
		cmd := exec.Command(exe.Path)
		cmd.Stdin = bytes.NewReader(echoTest.Input)
		out, err := cmd.Output()
		if err != nil || !bytes.Equal(out, echoTest.Answer) {
			b.Fatalf("%q, %v", out, err)
		}
	}
}
