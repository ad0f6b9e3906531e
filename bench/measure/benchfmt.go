package measure

import (
	"fmt"
	"io"
	"runtime"

	"golang.org/x/perf/benchfmt"
)

// CPUWaitKey is the file configuration key of Results.CPUWait, as a
// percentage ("12.5%"); compare reads it under the same name.
const CPUWaitKey = "cpu-wait"

// Write writes every pass of r as one result in Go's benchmark format,
// after h and r's CPU wait as file configuration: one op is one pass over the workload, and
// each result has ns/op and ns/puzzle, and for strategies guesses/puzzle,
// B/op and allocs/op, like `go test -bench ./bench`. A counted
// instructions/puzzle is on the first pass's line only: it was measured
// once, and repeating it would pass one count off as many. Names end in
// -GOMAXPROCS as go test's do, so that results of either line up. A
// measurement with a failed pass (a wrong answer, a crash) is left out.
func Write(w io.Writer, h Header, r *Results) error {
	bw := benchfmt.NewWriter(w)
	suffix := ""
	if procs := runtime.GOMAXPROCS(0); procs > 1 {
		suffix = fmt.Sprintf("-%d", procs)
	}
	var cfg []benchfmt.Config
	for _, kv := range h.config() {
		cfg = append(cfg, benchfmt.Config{Key: kv[0], Value: []byte(kv[1]), File: true})
	}
	if share, ok := r.CPUWait(); ok {
		// The machine's load while measuring: compare will not gate on
		// times a busier machine could have moved by more than its
		// threshold.
		cfg = append(cfg, benchfmt.Config{Key: CPUWaitKey, Value: []byte(fmt.Sprintf("%.1f%%", 100*share)), File: true})
	}
	for _, m := range r.Measurements {
		if len(m.Failures) > 0 {
			continue // a wrong answer's time is not a result
		}
		for i, p := range m.Passes {
			ns := float64(p.Elapsed.Nanoseconds())
			vals := []benchfmt.Value{
				{Value: ns, Unit: "ns/op"},
				{Value: ns / float64(max(m.Puzzles, 1)), Unit: "ns/puzzle"},
			}
			if !m.Program {
				vals = append(vals,
					benchfmt.Value{Value: float64(p.Guesses) / float64(max(m.Puzzles, 1)), Unit: "guesses/puzzle"},
					benchfmt.Value{Value: float64(p.Bytes), Unit: "B/op"},
					benchfmt.Value{Value: float64(p.Allocs), Unit: "allocs/op"},
				)
			}
			if i == 0 && m.Instructions > 0 {
				vals = append(vals, benchfmt.Value{Value: m.Instructions, Unit: "instructions/puzzle"})
			}
			res := &benchfmt.Result{Config: cfg, Name: benchfmt.Name(m.Name + suffix), Iters: 1, Values: vals}
			if err := bw.Write(res); err != nil {
				return fmt.Errorf("measure: write results: %w", err)
			}
		}
	}
	return nil
}
