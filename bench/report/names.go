package report

import (
	"fmt"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"github.com/sudoku-judge/sudoku-judge/bench/measure"
	"github.com/sudoku-judge/sudoku-judge/bench/workload"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// key names one benchmark by its name's keys; solver is a label: a
// strategy's name, or program=NAME for a contest program.
type key struct{ problem, solver, set string }

func (k key) workload() string { return k.problem + "/" + k.set }

// A namer reads problem, strategy or program, and set from benchmark names
// such as "Solve/problem=sudoku/strategy=dlx/set=top95-2" or
// "Solve/problem=poj3074/program=fast/set=tests-2" with benchproc, as
// benchstat reads them.
type namer struct {
	proj                            *benchproc.Projection
	problem, strategy, program, set *benchproc.Field
}

func newNamer() (*namer, error) {
	var parser benchproc.ProjectionParser
	proj, err := parser.Parse("/problem,/strategy,/program,/set", nil)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	f := proj.Fields()
	return &namer{proj: proj, problem: f[0], strategy: f[1], program: f[2], set: f[3]}, nil
}

// key returns r's keys, made safe to show, and false when its name lacks
// one of them, or names both a strategy and a program.
func (n *namer) key(r *benchfmt.Result) (key, bool) {
	pk := n.proj.Project(r)
	strategy, program := pk.Get(n.strategy), pk.Get(n.program)
	solver := workload.Label(strategy, false)
	if program != "" {
		solver = workload.Label(program, true)
	}
	k := key{problem: contest.Safe(pk.Get(n.problem)), solver: contest.Safe(solver), set: contest.Safe(pk.Get(n.set))}
	return k, k.problem != "" && (strategy == "") != (program == "") && k.set != ""
}

// label names the solver of s as key does, made safe to show.
func label(s measure.TimeSeries) string { return contest.Safe(s.Label()) }
