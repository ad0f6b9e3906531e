package measure

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	sudokujudge "github.com/sudoku-judge/sudoku-judge"
	"github.com/sudoku-judge/sudoku-judge/bench/workload"
	"github.com/sudoku-judge/sudoku-judge/solvers"
	"github.com/sudoku-judge/sudoku-judge/solvers/strategies"
)

func load(t *testing.T, problem, set string, max int) *workload.Workload {
	t.Helper()
	dir := sudokujudge.Testdata()
	w, err := workload.Load(dir, problem, set, max)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func strats(t *testing.T, names string) []solvers.Strategy {
	t.Helper()
	s, err := strategies.Select(names)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// shell writes an executable script and returns it as a Program.
func shell(t *testing.T, name, script string) Program {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return Program{Name: name, Path: path}
}

func TestRunAndWrite(t *testing.T) {
	ws := []*workload.Workload{
		load(t, workload.Sudoku, "top95", 4),
		load(t, "poj3074", "top95", 4),
	}
	answer := filepath.Join(t.TempDir(), "answer")
	if err := os.WriteFile(answer, ws[1].Inputs[0].Answer, 0o644); err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Workloads:  ws,
		Strategies: strats(t, "dlx,fast,naive"),
		Programs: []Program{
			shell(t, "right", "cat >/dev/null; cat "+answer),
			shell(t, "echo", "cat"),                         // wrong: echoes the puzzles
			shell(t, "fortytwo", "cat >/dev/null; echo 42"), // issue 10: once ranked fastest
			shell(t, "broken", "echo oops >&2; exit 3"),
		},
		Count: 3,
	}
	var progress []int
	opts.Progress = func(done, total int) { progress = append(progress, done, total) }
	r, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	// naive is skipped on top95 for both problems; the programs do not
	// run on sudoku, which has no input format.
	if len(r.Skipped) != 6 {
		t.Errorf("skipped %v, want naive twice and the four programs on sudoku", r.Skipped)
	}
	// sudoku: dlx, fast; poj3074: dlx, fast and the four programs.
	if len(r.Measurements) != 8 {
		t.Fatalf("%d measurements, want 8", len(r.Measurements))
	}
	if n := len(progress); n != 2*8*3 || progress[n-2] != 24 || progress[n-1] != 24 {
		t.Errorf("progress %v, want 24 calls ending at 24/24", progress)
	}
	for _, m := range r.Measurements {
		switch {
		case m.Solver == "broken":
			if len(m.Failures) != 3 || len(m.Passes) != 0 || !strings.Contains(m.Failures[0].Error(), "oops") || m.Verdict() != "RE" {
				t.Errorf("broken program: %s, %d passes, failures %v", m.Verdict(), len(m.Passes), m.Failures)
			}
		case m.Solver == "echo" || m.Solver == "fortytwo":
			if len(m.Failures) != 3 || len(m.Passes) != 0 || m.Verdict() != "WA" {
				t.Errorf("wrong program %s: %s, %d passes, failures %v", m.Solver, m.Verdict(), len(m.Passes), m.Failures)
			}
		case m.Verdict() != "OK":
			t.Errorf("%s: verdict %s, failures %v", m.Name, m.Verdict(), m.Failures)
		case len(m.Passes) != 3 || len(m.Failures) > 0:
			t.Errorf("%s: %d passes, failures %v", m.Name, len(m.Passes), m.Failures)
		case m.Program:
			if m.PuzzleTimes() != nil || m.GuessesPerPuzzle() != -1 || m.NsPerPuzzle() <= 0 {
				t.Errorf("%s: program with per-puzzle times or guesses", m.Name)
			}
		default:
			if pt := m.PuzzleTimes(); len(pt) != 4 || m.NsPerPuzzle() <= 0 {
				t.Errorf("%s: %d puzzle times, %v ns/puzzle", m.Name, len(pt), m.NsPerPuzzle())
			}
		}
	}
	if !r.Failed() {
		t.Error("Failed() is false with a broken program")
	}

	h := Header{GOOS: "linux", GOARCH: "amd64", CPU: "Test CPU @ 1GHz", Pkg: Pkg, Commit: "0123abc", Dirty: true}
	var buf bytes.Buffer
	if err := Write(&buf, h, r); err != nil {
		t.Fatal(err)
	}
	br := benchfmt.NewReader(bytes.NewReader(buf.Bytes()), "out.txt")
	n := 0
	for br.Scan() {
		res, ok := br.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("not a result: %v", br.Result())
		}
		n++
		for k, want := range map[string]string{"commit": "0123abc", "dirty": "true", "cpu": "Test CPU @ 1GHz", "goos": "linux", "pkg": Pkg} {
			if got := res.GetConfig(k); got != want {
				t.Errorf("config %s = %q, want %q", k, got, want)
			}
		}
		if !strings.HasPrefix(string(res.Name), "Solve/problem=") {
			t.Errorf("name %q", res.Name)
		}
		if v, ok := res.Value("sec/puzzle"); !ok || v <= 0 {
			t.Errorf("%s: sec/puzzle %v %v", res.Name, v, ok)
		}
		_, hasGuesses := res.Value("guesses/puzzle")
		_, hasAllocs := res.Value("allocs/op")
		if strings.Contains(string(res.Name), "program=echo") || strings.Contains(string(res.Name), "program=fortytwo") {
			t.Errorf("a wrong program's time was written: %s", res.Name)
		}
		if isProg := strings.Contains(string(res.Name), "/program=right/"); hasGuesses == isProg || hasAllocs == isProg {
			t.Errorf("%s: guesses %v allocs %v", res.Name, hasGuesses, hasAllocs)
		}
	}
	if err := br.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 5*3 { // five right measurements, three passes each
		t.Errorf("read back %d results, want 15", n)
	}

	var table bytes.Buffer
	if err := WriteTable(&table, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"µs/puzzle", "1.00x", "0 (3 failed)", "echo", "right", "verdict"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
	// A wrong or crashing program is marked and never ranked.
	for _, line := range strings.Split(table.String(), "\n") {
		for solver, verdict := range map[string]string{"echo": "WA", "fortytwo": "WA", "broken": "RE"} {
			if strings.Contains(line, " "+solver+" ") && (!strings.Contains(line, " "+verdict+" ") || strings.Contains(line, "x ")) {
				t.Errorf("%s's row is not marked %s or is ranked: %s", solver, verdict, line)
			}
		}
	}
}

func TestTimesRoundTrip(t *testing.T) {
	r, err := Run(context.Background(), Options{
		Workloads:  []*workload.Workload{load(t, workload.Sudoku, "unbiased", 5)},
		Strategies: strats(t, "mrv,dlx"),
		Count:      2,
	})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteTimes(&buf, PuzzleTimes(r)); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTimes(&buf, "t.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Series) != 2 || got.Series[1].Strategy != "dlx" || len(got.Series[1].Ns) != 5 || got.Series[0].Set != "unbiased" {
		t.Fatalf("read back %+v", got)
	}
	// The puzzles ride along, in order, for the report to show.
	w := load(t, workload.Sudoku, "unbiased", 5)
	if p := got.Puzzle(got.Series[1], 4); len(p) != 81 || p != w.Puzzle(4) || got.Puzzle(got.Series[1], 5) != "" {
		t.Errorf("puzzle 5 of the series: %q, want %q", p, w.Puzzle(4))
	}
	for _, bad := range []string{"", "{", `{"version":2,"unit":"ns"}`, `{"version":1,"unit":"ns","series":[{"ns":[-1]}]}`} {
		if _, err := ReadTimes(strings.NewReader(bad), "bad.json"); err == nil {
			t.Errorf("ReadTimes(%q) succeeded", bad)
		}
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, Options{Workloads: []*workload.Workload{load(t, workload.Sudoku, "top95", 2)}, Strategies: strats(t, "dlx")})
	if err == nil {
		t.Fatal("Run with a cancelled context succeeded")
	}
}

func TestDescribe(t *testing.T) {
	h, warnings := Describe(context.Background(), t.TempDir()) // not a git tree
	if h.GOOS == "" || h.Pkg != Pkg || h.Commit != "" || len(warnings) != 1 {
		t.Errorf("outside git: %+v, warnings %v", h, warnings)
	}
	for _, kv := range h.config() {
		if kv[0] == "commit" || kv[0] == "dirty" {
			t.Errorf("config %v without a commit", kv)
		}
	}
}

func TestDescribeBuild(t *testing.T) {
	tests := []struct {
		name        string
		info        *debug.BuildInfo
		wantVersion string
		wantCommit  string
		wantDirty   bool
	}{
		{"installed release", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "false"}}}, "v1.2.0", "abc123", false},
		{"dirty build", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "def456"}, {Key: "vcs.modified", Value: "true"}}}, "(devel)", "def456", true},
		{"go run outside git", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)", "", false},
		{"no build info", nil, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := describe(context.Background(), t.TempDir(), tt.info)
			if h.Version != tt.wantVersion || h.Commit != tt.wantCommit || h.Dirty != tt.wantDirty {
				t.Errorf("header %+v, want version %q commit %q dirty %v", h, tt.wantVersion, tt.wantCommit, tt.wantDirty)
			}
			cfg := fmt.Sprint(h.config())
			if tt.wantVersion != "" && !strings.Contains(cfg, "version "+tt.wantVersion) {
				t.Errorf("config %s lacks the version", cfg)
			}
		})
	}
}

// TestProgramsPerPuzzle: with ProgramsPerPuzzle a program is also timed
// on each puzzle alone, each output checked, and its per-puzzle times go
// to the times file beside the strategies'.
func TestProgramsPerPuzzle(t *testing.T) {
	w := load(t, "poj3074", "top95", 4)
	ins, err := w.PuzzleInputs()
	if err != nil || len(ins) != 4 {
		t.Fatalf("PuzzleInputs: %d, %v", len(ins), err)
	}
	// A lookup table from each puzzle line to its answer line.
	var table strings.Builder
	for _, in := range ins {
		puzzle, _, _ := strings.Cut(string(in.Data), "\n")
		fmt.Fprintf(&table, "%s %s", puzzle, in.Answer)
	}
	tablePath := filepath.Join(t.TempDir(), "answers")
	os.WriteFile(tablePath, []byte(table.String()), 0o644)
	lookup := shell(t, "lookup", `while read p; do [ "$p" = end ] && break; grep -F "$p " `+tablePath+` | cut -d' ' -f2; done`)
	wrongAlone := shell(t, "wrongalone", `n=0; while read p; do [ "$p" = end ] && break; n=$((n+1)); grep -F "$p " `+tablePath+` | cut -d' ' -f2; done; [ $n -gt 1 ] || echo extra`)
	r, err := Run(context.Background(), Options{
		Workloads:         []*workload.Workload{w},
		Strategies:        strats(t, "dlx"),
		Programs:          []Program{lookup, wrongAlone},
		Count:             2,
		ProgramsPerPuzzle: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Measurements {
		switch m.Solver {
		case "lookup":
			if m.Verdict() != "OK" || len(m.PuzzleTimes()) != 4 {
				t.Errorf("lookup: %s, %d puzzle times, failures %v", m.Verdict(), len(m.PuzzleTimes()), m.Failures)
			}
		case "wrongalone":
			if m.Verdict() != "WA" {
				t.Errorf("a program wrong on single puzzles: %s, failures %v", m.Verdict(), m.Failures)
			}
		}
	}
	times := PuzzleTimes(r)
	if len(times.Series) != 2 || !times.Series[1].Program || times.Series[1].Strategy != "lookup" {
		t.Errorf("series %+v, want dlx and the program", times.Series)
	}
	// Sudoku has no input format: no per-puzzle inputs.
	if _, err := load(t, workload.Sudoku, "top95", 2).PuzzleInputs(); err == nil {
		t.Error("sudoku posed single puzzles")
	}
}

// TestCPUWait checks the share of time the passes waited for a CPU, and
// that Write records it for compare, only where it was measured.
func TestCPUWait(t *testing.T) {
	m := &Measurement{Name: "Solve/problem=sudoku/strategy=dlx/set=top95", Puzzles: 10, Passes: []Pass{
		{Elapsed: 70 * time.Millisecond, Wait: 30 * time.Millisecond},
		{Elapsed: 80 * time.Millisecond, Wait: 20 * time.Millisecond},
	}}
	for _, measured := range []bool{true, false} {
		r := &Results{Measurements: []*Measurement{m}, WaitMeasured: measured}
		share, ok := r.CPUWait()
		if ok != measured || measured && share != 0.25 {
			t.Errorf("measured %v: CPUWait = %v, %v; want 0.25 (50 of 200 ms), %v", measured, share, ok, measured)
		}
		var b bytes.Buffer
		if err := Write(&b, Header{GOOS: "linux", GOARCH: "amd64"}, r); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "\n"+CPUWaitKey+": 25.0%\n"); got != measured {
			t.Errorf("measured %v: file records %s: %v:\n%s", measured, CPUWaitKey, got, b.String())
		}
	}
}

// TestStrategyPassWait: a strategy's pass leaves out what its thread
// waited for a CPU, never more than the pass took.
func TestStrategyPassWait(t *testing.T) {
	w := load(t, workload.Sudoku, "top95", 5)
	start := time.Now()
	p, err := runStrategy(context.Background(), strats(t, "dlx")[0], w)
	wall := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if p.Wait < 0 || p.Elapsed <= 0 || p.Elapsed+p.Wait > wall {
		t.Errorf("elapsed %v + wait %v, in %v of wall time", p.Elapsed, p.Wait, wall)
	}
}

// TestNamesCannotCollide is issue 23's "bench --strategy dlx,fast
// --program ./coll/fast": a program called like a strategy is measured
// and written under program=NAME, apart from the strategy; inputs that
// would share a benchmark name are an error before anything is measured.
func TestNamesCannotCollide(t *testing.T) {
	w := load(t, "poj3074", "top95", 2)
	answer := filepath.Join(t.TempDir(), "answer")
	if err := os.WriteFile(answer, w.Inputs[0].Answer, 0o644); err != nil {
		t.Fatal(err)
	}
	fast := shell(t, "fast", "cat >/dev/null; cat "+answer)
	r, err := Run(context.Background(), Options{Workloads: []*workload.Workload{w}, Strategies: strats(t, "dlx,fast"), Programs: []Program{fast}, Count: 2})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, m := range r.Measurements {
		labels = append(labels, m.Name+" "+m.Label())
	}
	want := []string{
		"Solve/problem=poj3074/strategy=dlx/set=top95 dlx",
		"Solve/problem=poj3074/strategy=fast/set=top95 fast",
		"Solve/problem=poj3074/program=fast/set=top95 program=fast",
	}
	if strings.Join(labels, "\n") != strings.Join(want, "\n") {
		t.Errorf("measurements:\n%s\nwant:\n%s", strings.Join(labels, "\n"), strings.Join(want, "\n"))
	}
	var file bytes.Buffer
	if err := Write(&file, Header{}, r); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(file.String(), "/strategy=fast/"); n != 2 {
		t.Errorf("%d strategy=fast lines, want the strategy's 2:\n%s", n, file.String())
	}
	if n := strings.Count(file.String(), "/program=fast/"); n != 2 {
		t.Errorf("%d program=fast lines, want the program's 2:\n%s", n, file.String())
	}
	var table bytes.Buffer
	if err := WriteTable(&table, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "| program=fast ") || !strings.Contains(table.String(), "| fast ") {
		t.Errorf("the table does not tell the program from the strategy:\n%s", table.String())
	}

	twice := shell(t, "my_sol", "cat")
	twice.Source = "b/my_sol"
	once := shell(t, "my sol", "cat")
	once.Source = "a/my sol"
	errs := []struct {
		name string
		opts Options
		want string
	}{
		{"a strategy twice", Options{Strategies: strats(t, "dlx,dlx")},
			"strategy dlx is given twice: both would be named Solve/problem=poj3074/strategy=dlx/set=top95"},
		{"two programs alike as names", Options{Programs: []Program{once, twice}},
			"program my sol (a/my sol) and program my_sol (b/my_sol) would both be named Solve/problem=poj3074/program=my_sol/set=top95"},
		{"a set twice", Options{Strategies: strats(t, "dlx"), Workloads: []*workload.Workload{w}},
			"strategy dlx is given twice"},
	}
	for _, e := range errs {
		e.opts.Workloads = append([]*workload.Workload{w}, e.opts.Workloads...)
		ran := false
		e.opts.Progress = func(int, int) { ran = true }
		_, err := Run(context.Background(), e.opts)
		if err == nil || !strings.Contains(err.Error(), e.want) {
			t.Errorf("%s: error %v, want %q", e.name, err, e.want)
		}
		if ran {
			t.Errorf("%s: measured before refusing", e.name)
		}
	}
}

// TestJudgeFailure: a measurement the judge failed on (IE) is an error
// naming it; wrong answers and crashes are the program's, not the judge's.
func TestJudgeFailure(t *testing.T) {
	fail := func(v string) error { return &workload.CheckError{Verdict: v, Err: errors.New("x")} }
	for _, tc := range []struct {
		failures [][]error
		want     string
	}{
		{[][]error{nil, nil}, ""},
		{[][]error{{fail("WA")}, {errors.New("exit status 1")}}, ""},
		{[][]error{{fail("WA")}, {fail("IE"), fail("WA")}}, "b: internal error"},
	} {
		r := &Results{}
		for i, fs := range tc.failures {
			r.Measurements = append(r.Measurements, &Measurement{Name: string(rune('a' + i)), Failures: fs})
		}
		err := r.JudgeFailure()
		if (err == nil) != (tc.want == "") || err != nil && !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("failures %v: JudgeFailure() = %v, want %q", tc.failures, err, tc.want)
		}
	}
}
