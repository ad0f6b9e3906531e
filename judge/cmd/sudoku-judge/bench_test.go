package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	sudokujudge "github.com/sudoku-judge/sudoku-judge"
	"github.com/sudoku-judge/sudoku-judge/bench/compare"
	"github.com/sudoku-judge/sudoku-judge/bench/measure"
	"github.com/sudoku-judge/sudoku-judge/bench/workload"
	"github.com/sudoku-judge/sudoku-judge/internal/schedstat"
	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/solvers/puzzleset"
)

func TestBenchCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "new.txt")
	code, stdout, stderr := cli(t, "bench", "--set", "top95,unbiased", "--max", "4", "--count", "2", "--strategy", "naive,dlx,fast", "-o", out)
	if code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"µs/puzzle", "vs fastest", "top95", "unbiased", "1.00x"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "skipped Solve/problem=sudoku/strategy=naive/set=top95") {
		t.Errorf("naive on top95 not reported as skipped; stderr:\n%s", stderr)
	}
	res, warnings, err := compare.ReadFile(out)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	// naive, dlx, fast on unbiased and dlx, fast on top95, two passes each.
	if len(res) != 10 {
		t.Errorf("%d results, want 10", len(res))
	}
	if res[0].GetConfig("pkg") != measure.Pkg || res[0].GetConfig("goos") == "" {
		t.Errorf("file configuration %v", res[0].Config)
	}
	// The machine's load while measuring, as compare reads it.
	if _, err := schedstat.Thread(); err == nil {
		if share, ok := compare.FileConfig(res).CPUWait(); !ok || share < 0 || share >= 1 {
			t.Errorf("%s = %q: want the share of time the passes waited for a CPU", compare.CPUWaitKey, res[0].GetConfig(compare.CPUWaitKey))
		}
	}
	f, err := os.Open(out + measure.TimesSuffix)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	times, err := measure.ReadTimes(f, f.Name())
	if err != nil || len(times.Series) != 5 {
		t.Fatalf("per-puzzle times: %v, %+v", err, times)
	}

	// The report of this file has the speed chart and one distribution per set.
	page := filepath.Join(dir, "report.html")
	code, stdout, stderr = cli(t, "report", "-o", page, out)
	if code != exitOK || stdout != "report: wrote "+page+"\n" {
		t.Fatalf("report: exit %d: %s%s", code, stdout, stderr)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	// Four pairs (naive, dlx, fast on unbiased; dlx, fast on top95), the
	// speed chart and two distributions.
	if n := strings.Count(string(html), "<svg"); n != 7 {
		t.Errorf("report has %d charts, want 7", n)
	}
	// The puzzle where two strategies differ most is shown, to paste.
	w, err := workload.Load(sudokujudge.Testdata(), workload.Sudoku, "top95", 4)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), w.Puzzle(0)) && !strings.Contains(string(html), w.Puzzle(1)) {
		t.Errorf("the report shows none of the first puzzles of top95")
	}
	if !strings.Contains(string(html), `printf &#39;%s\nend\n&#39; PUZZLE | sudoku-judge solve --problem poj3074`) {
		t.Errorf("the report does not say how to try a puzzle")
	}
	code, _, _ = cli(t, "report", "--pair", "dlx,fast", "-o", page, out)
	html, _ = os.ReadFile(page)
	if n := strings.Count(string(html), "<svg"); code != exitOK || n != 5 {
		t.Errorf("--pair dlx,fast: exit %d, %d charts, want 5", code, n)
	}
	wantUsageError(t, "--pair", "report", "--pair", "dlx", "-o", page, out)
	wantUsageError(t, "no set has per-puzzle times of both dlx and nosuch", "report", "--pair", "dlx,nosuch", "-o", page, out)
}

// TestBenchProgram: a contest program's output is checked; a wrong or
// crashing program is marked WA or RE, never ranked, and bench exits 1
// (issue 10: a program printing 42 was ranked fastest).
func TestBenchProgram(t *testing.T) {
	dir := t.TempDir()
	pdir := sudokujudge.Testdata()
	w, err := workload.Load(pdir, "poj3074", "top95", 3)
	if err != nil {
		t.Fatal(err)
	}
	answer := filepath.Join(dir, "answer.txt")
	if err := os.WriteFile(answer, w.Inputs[0].Answer, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, script string
		code         int
		verdict      string
	}{
		{"right.sh", "cat >/dev/null; cat " + answer, exitOK, "OK"},
		{"echo.sh", "cat", exitFailed, "WA"},
		{"fortytwo.sh", "cat >/dev/null; echo 42", exitFailed, "WA"},
		{"broken.sh", "exit 1", exitFailed, "RE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := filepath.Join(dir, tt.name)
			if err := os.WriteFile(prog, []byte("#!/bin/sh\n"+tt.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := cli(t, "bench", "--problem", "poj3074", "--set", "top95", "--max", "3", "--count", "2",
				"--strategy", "fast", "--program", prog)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			for _, line := range strings.Split(stdout, "\n") {
				if !strings.Contains(line, tt.name) {
					continue
				}
				if !strings.Contains(line, " "+tt.verdict+" ") {
					t.Errorf("row not marked %s: %s", tt.verdict, line)
				}
				if ranked := strings.Contains(line, "x |"); ranked != (tt.verdict == "OK") {
					t.Errorf("ranked %v: %s", ranked, line)
				}
			}
			if tt.code == exitFailed && !strings.Contains(stderr, "failed: "+tt.name) {
				t.Errorf("stderr does not name the program:\n%s", stderr)
			}
		})
	}
}

// TestBenchProgramBesideStrategy is issue 23's case: bench --strategy
// dlx,fast --program ./coll/fast (a program whose file is called fast)
// once wrote four strategy=fast lines, and benchstat reported the
// program's 3 ms as the strategy's. The program is named program=fast in
// the file, and compare and report keep the two apart; two programs that
// would share a name are refused (exit 2) before anything is measured.
func TestBenchProgramBesideStrategy(t *testing.T) {
	dir := t.TempDir()
	w, err := workload.Load(sudokujudge.Testdata(), "poj3074", "top95", 3)
	if err != nil {
		t.Fatal(err)
	}
	answer := filepath.Join(dir, "answer.txt")
	if err := os.WriteFile(answer, w.Inputs[0].Answer, 0o644); err != nil {
		t.Fatal(err)
	}
	script := []byte("#!/bin/sh\ncat >/dev/null; sleep 0.01; cat " + answer + "\n")
	for _, d := range []string{"coll", "other"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, d, "fast"), script, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "new.txt")
	code, stdout, stderr := cli(t, "bench", "--problem", "poj3074", "--set", "top95", "--max", "3", "--count", "2",
		"--strategy", "dlx,fast", "--program", filepath.Join(dir, "coll", "fast"), "-o", out)
	if code != exitOK {
		t.Fatalf("exit %d; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "| program=fast ") || !strings.Contains(stdout, "| fast ") {
		t.Errorf("the table does not tell the program from the strategy:\n%s", stdout)
	}
	file, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]int{"/strategy=fast/": 2, "/program=fast/": 2, "/strategy=dlx/": 2} {
		if n := strings.Count(string(file), key); n != want {
			t.Errorf("%d %s lines, want %d:\n%s", n, key, want, file)
		}
	}
	// compare: a row each, the strategy's time not the program's.
	code, stdout, stderr = cli(t, "compare", out, out)
	if code != exitOK {
		t.Fatalf("compare: exit %d: %s", code, stderr)
	}
	for _, row := range []string{"problem=poj3074/strategy=fast/set=top95", "problem=poj3074/program=fast/set=top95"} {
		if !strings.Contains(stdout, row) {
			t.Errorf("compare lacks the row %s:\n%s", row, stdout)
		}
	}
	// report: both in the mean-time table, and as a pair.
	page := filepath.Join(dir, "report.html")
	if code, _, stderr = cli(t, "report", "-o", page, out); code != exitOK {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "<td>program=fast</td>") || !strings.Contains(string(html), "<td>fast</td>") {
		t.Errorf("the report does not show the program and the strategy apart")
	}

	wantUsageError(t, "would both be named Solve/problem=poj3074/program=fast/set=top95", "bench", "--problem", "poj3074", "--set", "top95", "--max", "3",
		"--strategy", "dlx", "--program", filepath.Join(dir, "coll", "fast"), "--program", filepath.Join(dir, "other", "fast"))
}

func TestBenchUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		want string
		args []string
	}{
		{`bad count "0"`, []string{"bench", "--count", "0"}},
		{`no set named "nosuch"`, []string{"bench", "--set", "nosuch"}},
		{`no problem "nosuch"`, []string{"bench", "--problem", "nosuch"}},
		{`no strategy "nosuch"`, []string{"bench", "--strategy", "nosuch"}},
		{"sudoku has no tests", []string{"bench", "--set", "tests"}},
		{"--program", []string{"bench", "--problem", "poj3074", "--max", "1", "--program", "/no/such/program"}},
	} {
		t.Run(tc.want, func(t *testing.T) { wantUsageError(t, tc.want, tc.args...) })
	}
}

// TestBenchOutsideCheckout: the puzzle sets are built into the binary, so
// bench works from any directory (issue 10, defect 8); --testdata reads
// them from a directory instead and says what it wants there.
func TestBenchOutsideCheckout(t *testing.T) {
	dir, err := puzzleset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, args := range [][]string{
		{"bench", "--set", "top95", "--max", "2", "--count", "1", "--strategy", "dlx"},
		{"bench", "--testdata", dir, "--set", "top95", "--max", "2", "--count", "1", "--strategy", "dlx"},
	} {
		code, stdout, stderr := cli(t, args...)
		if code != exitOK || !strings.Contains(stdout, "top95") {
			t.Errorf("%q: exit %d\n%s\n%s", args, code, stdout, stderr)
		}
	}
	wantUsageError(t, "no puzzle set unbiased.txt there", "bench", "--testdata", t.TempDir(), "--set", "top95", "--max", "2", "--count", "1", "--strategy", "dlx")
}

// TestInstalledBinary builds the command as `go install` would and runs
// it from a directory outside any checkout, as a user would.
func TestInstalledBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	goTool := testenv.NeedCommand(t, "go")
	bin := filepath.Join(t.TempDir(), "sudoku-judge")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	elsewhere := t.TempDir()
	cmd := exec.Command(bin, "bench", "--set", "hardest1106", "--max", "3", "--count", "1", "--strategy", "fast", "-o", "out.txt")
	cmd.Dir = elsewhere
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "hardest1106") {
		t.Fatalf("bench outside a checkout: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "out.txt")); err != nil {
		t.Error(err)
	}

	// A program timed puzzle by puzzle is drawn beside the strategies:
	// here the binary's own solve, as a contest program.
	prog := filepath.Join(elsewhere, "selfsolve.sh")
	os.WriteFile(prog, []byte("#!/bin/sh\nexec "+bin+" solve --problem poj3074 --strategy fast\n"), 0o755)
	cmd = exec.Command(bin, "bench", "--problem", "poj3074", "--set", "top95", "--max", "4", "--count", "1", "--strategy", "dlx",
		"--program", prog, "--programs-per-puzzle", "-o", "prog.txt")
	cmd.Dir = elsewhere
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bench --programs-per-puzzle: %v\n%s", err, out)
	}
	cmd = exec.Command(bin, "report", "-o", "prog.html", "prog.txt")
	cmd.Dir = elsewhere
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	if html := readFile(t, filepath.Join(elsewhere, "prog.html")); !strings.Contains(html, "selfsolve.sh vs dlx on poj3074/top95") || !strings.Contains(html, "start-up included") {
		t.Errorf("the report does not draw the program puzzle by puzzle")
	}

	// bench --instructions runs the binary's probe under valgrind, and
	// compare --fail-over gates on the count.
	t.Run("instructions", func(t *testing.T) {
		testenv.NeedCommand(t, "valgrind")
		benchInstructions(t, bin, elsewhere)
	})
}

// benchInstructions runs bench --instructions with the installed binary
// bin in the folder elsewhere, and gates a copy of its file whose count
// grew.
func benchInstructions(t *testing.T, bin, elsewhere string) {
	cmd := exec.Command(bin, "bench", "--set", "top95", "--max", "8", "--count", "2", "--strategy", "dlx,fast", "--instructions", "-o", "instr.txt")
	cmd.Dir = elsewhere
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "instructions/puzzle") {
		t.Fatalf("bench --instructions: %v\n%s", err, out)
	}
	res, _, err := compare.ReadFile(filepath.Join(elsewhere, "instr.txt"))
	if err != nil {
		t.Fatal(err)
	}
	counts := 0
	for _, r := range res {
		if v, ok := r.Value("instructions/puzzle"); ok {
			counts++
			if v < 1000 {
				t.Errorf("%s: %v instructions/puzzle", r.Name, v)
			}
		}
	}
	if counts != 2 {
		t.Errorf("%d instruction counts, want one per strategy", counts)
	}
	// The same file with dlx's count 10% higher fails a 5% gate.
	text := readFile(t, filepath.Join(elsewhere, "instr.txt"))
	var more strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.Contains(line, "strategy=dlx") && strings.Contains(line, "instructions/puzzle") {
			f := strings.Fields(line)
			v, _ := strconv.ParseFloat(f[len(f)-2], 64)
			line = strings.Join(append(f[:len(f)-2], strconv.FormatFloat(1.1*v, 'f', 0, 64), "instructions/puzzle"), " ") + "\n"
		}
		more.WriteString(line)
	}
	moreFile := filepath.Join(elsewhere, "more.txt")
	os.WriteFile(moreFile, []byte(more.String()), 0o644)
	code, stdout, stderr := cli(t, "compare", "--fail-over", "5", filepath.Join(elsewhere, "instr.txt"), moreFile)
	if code != exitFailed || !strings.Contains(stdout, "strategy=dlx/set=top95-2 instructions/puzzle: +10.0%") {
		t.Errorf("compare --fail-over 5 on instructions: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestBenchInstructionsWithoutValgrind: a clear error, before any
// measuring, when valgrind is missing.
func TestBenchInstructionsWithoutValgrind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	wantUsageError(t, "needs valgrind", "bench", "--set", "top95", "--max", "1", "--count", "1", "--strategy", "dlx", "--instructions")
}

// TestBenchProgramSandboxedCompile: a --program source is compiled in the
// sandbox, as test compiles it: the compiler cannot read a file of the
// host's /tmp, and a compile error shows the compiler's log.
func TestBenchProgramSandboxedCompile(t *testing.T) {
	testenv.NeedCommand(t, "gcc")
	sb, err := newSandbox()
	testenv.Need(t, "a sandbox", err)
	sb.Close()
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.h")
	os.WriteFile(secret, []byte("int secret = 1;\n"), 0o644)
	peek := filepath.Join(dir, "peek.c")
	os.WriteFile(peek, []byte("#include \""+secret+"\"\n#include <stdio.h>\nint main(void) { printf(\"42\\n\"); return 0; }\n"), 0o644)
	fortytwo := filepath.Join(dir, "fortytwo.c")
	os.WriteFile(fortytwo, []byte("#include <stdio.h>\nint main(void) { printf(\"42\\n\"); return 0; }\n"), 0o644)

	code, stdout, stderr := cli(t, "bench", "--problem", "poj3074", "--set", "top95", "--max", "2", "--count", "1", "--strategy", "fast", "--program", peek)
	if code != exitUsage || !strings.Contains(stderr, "secret.h: No such file or directory") || stdout != "" {
		t.Errorf("a source including a host file: exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = cli(t, "bench", "--problem", "poj3074", "--set", "top95", "--max", "2", "--count", "1", "--strategy", "fast", "--program", fortytwo)
	if code != exitFailed || !strings.Contains(stdout, "fortytwo.c") || !strings.Contains(stderr, "WA") {
		t.Errorf("a compiled wrong program: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestProgressLog: without a terminal, a long run prints a line of
// progress every period, with what is done so far, and nothing after it
// stops.
func TestProgressLog(t *testing.T) {
	var mu sync.Mutex
	var out bytes.Buffer
	w := writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return out.Write(p)
	})
	text := func() string {
		mu.Lock()
		defer mu.Unlock()
		return out.String()
	}
	// waitFor waits, a while at most on a busy machine, for a line.
	waitFor := func(line string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !strings.Contains(text(), line); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no line %q in:\n%s", line, text())
			}
		}
	}
	hook, stop := progressLog(w, "bench", "passes", time.Second, 20*time.Millisecond)
	if hook == nil {
		t.Fatal("no hook for a writer that is no terminal")
	}
	waitFor("bench: 0 passes done after ") // before the first pass ends
	hook(3, 60)
	waitFor("bench: 3/60 passes done after ")
	stop()
	got := text()
	time.Sleep(50 * time.Millisecond)
	if text() != got {
		t.Errorf("lines after stop:\n%s", text()[len(got):])
	}
	for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
		if !strings.HasPrefix(l, "bench: ") || !strings.Contains(l, " passes done after ") {
			t.Errorf("line %q", l)
		}
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestShippedBaseline: the baseline CI's machine kind compares with was
// made with bench's default count, by a build that recorded its commit
// and clean tree, and records the load it was made under.
func TestShippedBaseline(t *testing.T) {
	const file = "../../../bench/baselines/amd-epyc-2core.txt"
	res, warnings, err := compare.ReadFile(file)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	count := newBenchCmd(&env{}).Flags().Lookup("count").DefValue
	runs := make(map[string]int)
	for _, r := range res {
		runs[string(r.Name)]++
	}
	for name, n := range runs {
		if strconv.Itoa(n) != count {
			t.Errorf("%s: %d runs, want bench's default --count %s", name, n, count)
		}
	}
	cfg := compare.FileConfig(res)
	if _, ok := cfg.CPUWait(); !ok || cfg.Get("dirty") != "false" || len(cfg.Get("commit")) != 40 || !strings.Contains(cfg.Get("cpu"), "AMD EPYC") || len(runs) < 50 {
		t.Errorf("%s: %d benchmarks, configuration %s", file, len(runs), cfg)
	}
}
