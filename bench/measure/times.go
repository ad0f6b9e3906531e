package measure

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sudoku-judge/sudoku-judge/bench/workload"
)

// TimesSuffix is added to the name of a benchmark file to name the file of
// its per-puzzle times: results.txt and results.txt.puzzles.json.
const TimesSuffix = ".puzzles.json"

// Times are the per-puzzle times of a run, for the distribution charts of
// `sudoku-judge report`. They live beside the benchmark file rather than in
// it, so that benchstat's tables stay one row per benchmark.
type Times struct {
	Version int          `json:"version"`
	Unit    string       `json:"unit"` // "ns"
	Series  []TimeSeries `json:"series"`
	// Puzzles are the puzzles of each workload ("sudoku/top95"), one line
	// each, in the order of the series' times: the report shows those
	// where two strategies differ most. Older files have none.
	Puzzles map[string][]string `json:"puzzles,omitempty"`
}

// Workload returns the key of s's workload in Puzzles: "sudoku/top95".
func (s TimeSeries) Workload() string { return s.Problem + "/" + s.Set }

// Puzzle returns puzzle i of s's workload, or "" when the file does not
// record it.
func (t *Times) Puzzle(s TimeSeries, i int) string {
	ps := t.Puzzles[s.Workload()]
	if i < 0 || i >= len(ps) {
		return ""
	}
	return ps[i]
}

// A TimeSeries holds the median over passes of each puzzle's time, in
// puzzle order, for one benchmark.
type TimeSeries struct {
	Name     string `json:"name"` // benchmark name without "Benchmark"
	Problem  string `json:"problem"`
	Set      string `json:"set"`
	Strategy string `json:"strategy"`
	// Program marks a contest program: each time is a whole process,
	// start-up included.
	Program bool    `json:"program,omitempty"`
	Ns      []int64 `json:"ns"`
}

// PuzzleTimes collects the per-puzzle times of the strategies in r.
func PuzzleTimes(r *Results) *Times {
	t := &Times{Version: 1, Unit: "ns"}
	for _, m := range r.Measurements {
		if len(m.Failures) > 0 {
			continue // a wrong answer's times are not results
		}
		pt := m.PuzzleTimes()
		if pt == nil {
			continue
		}
		s := TimeSeries{Name: m.Name, Problem: m.Problem, Set: m.Set, Strategy: m.Solver, Program: m.Program, Ns: make([]int64, len(pt))}
		for i, d := range pt {
			s.Ns[i] = d.Nanoseconds()
		}
		t.Series = append(t.Series, s)
		if w := m.workload; w != nil && t.Puzzles[s.Workload()] == nil {
			if t.Puzzles == nil {
				t.Puzzles = make(map[string][]string)
			}
			ps := make([]string, w.Len())
			for i := range ps {
				ps[i] = w.Puzzle(i)
			}
			t.Puzzles[s.Workload()] = ps
		}
	}
	return t
}

// WriteTimes writes t as JSON.
func WriteTimes(w io.Writer, t *Times) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(t); err != nil {
		return fmt.Errorf("measure: write puzzle times: %w", err)
	}
	return nil
}

// ReadTimes reads what WriteTimes wrote; name is used in errors.
func ReadTimes(r io.Reader, name string) (*Times, error) {
	var t Times
	dec := json.NewDecoder(r)
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if t.Version != 1 || t.Unit != "ns" {
		return nil, fmt.Errorf("%s: puzzle times version %d in %q, want version 1 in ns", name, t.Version, t.Unit)
	}
	for _, s := range t.Series {
		for _, ns := range s.Ns {
			if ns < 0 {
				return nil, fmt.Errorf("%s: %s: negative time %d", name, s.Name, ns)
			}
		}
	}
	return &t, nil
}

// ReadTimesFile reads the per-puzzle times beside the benchmark file
// bench. It returns nil, nil when there are none.
func ReadTimesFile(bench string) (*Times, error) {
	f, err := os.Open(bench + TimesSuffix)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("measure: %w", err)
	}
	defer f.Close()
	return ReadTimes(f, f.Name())
}

// Label names s's solver: a strategy by its name, a program as
// program=NAME (workload.Label).
func (s TimeSeries) Label() string { return workload.Label(s.Strategy, s.Program) }

// Duration turns a time in ns back into a duration.
func (s TimeSeries) Duration(i int) time.Duration { return time.Duration(s.Ns[i]) }
