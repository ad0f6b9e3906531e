package report

import (
	"fmt"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"
)

// key names one benchmark by its name's keys.
type key struct{ problem, strategy, set string }

func (k key) workload() string { return k.problem + "/" + k.set }

// A namer reads problem, strategy and set from benchmark names such as
// "Solve/problem=sudoku/strategy=dlx/set=top95-2" with benchproc, as
// benchstat reads them.
type namer struct {
	proj                   *benchproc.Projection
	problem, strategy, set *benchproc.Field
}

func newNamer() (*namer, error) {
	var parser benchproc.ProjectionParser
	proj, err := parser.Parse("/problem,/strategy,/set", nil)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	f := proj.Fields()
	return &namer{proj: proj, problem: f[0], strategy: f[1], set: f[2]}, nil
}

// key returns r's keys, and false when its name lacks one of them.
func (n *namer) key(r *benchfmt.Result) (key, bool) {
	pk := n.proj.Project(r)
	k := key{problem: pk.Get(n.problem), strategy: pk.Get(n.strategy), set: pk.Get(n.set)}
	return k, k.problem != "" && k.strategy != "" && k.set != ""
}
