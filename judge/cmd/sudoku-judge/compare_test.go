package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchFile writes ten passes of two benchmarks, times scaled by scale.
func benchFile(t *testing.T, name string, scale float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\n")
	for i := range 10 {
		f := (1 + 0.004*float64(i%5-2)) * scale
		fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=dlx/set=top95-2 1 %.0f ns/op %.0f ns/puzzle\n", 95e6*f, 1e6*f)
		fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=fast/set=top95-2 1 %.0f ns/op %.0f ns/puzzle\n", 95e5*f, 1e5*f)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCompareCommand(t *testing.T) {
	old := benchFile(t, "old.txt", 1)
	slower := benchFile(t, "slower.txt", 1.2)
	same := benchFile(t, "same.txt", 1)
	tests := []struct {
		name     string
		args     []string
		code     int
		want     []string
		dontWant []string
	}{
		{"20% slower, gate at 10%", []string{"compare", "--fail-over", "10", old, slower}, exitFailed,
			[]string{"+20.00%", "2 significant slowdowns over 10%", "geomean"}, nil},
		{"20% slower, no gate", []string{"compare", old, slower}, exitOK, []string{"+20.00%"}, []string{"slowdown"}},
		{"20% slower, gate at 30%", []string{"compare", "--fail-over", "30", old, slower}, exitOK,
			[]string{"no significant slowdown over 30%"}, nil},
		{"identical", []string{"compare", "--fail-over", "10", old, same}, exitOK,
			[]string{"~", "no significant slowdown"}, []string{"+20.00%"}},
		{"faster", []string{"compare", "--fail-over", "10", slower, old}, exitOK, []string{"-16.67%"}, nil},
		{"filtered", []string{"compare", "--filter", "/strategy:fast", "--fail-over", "10", old, slower}, exitFailed,
			[]string{"strategy=fast"}, []string{"strategy=dlx"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
			for _, w := range tt.dontWant {
				if strings.Contains(stdout, w) {
					t.Errorf("output has %q:\n%s", w, stdout)
				}
			}
		})
	}
}

func TestCompareUsageErrors(t *testing.T) {
	old := benchFile(t, "old.txt", 1)
	wantUsageError(t, "no such file", "compare", old, "/no/such/file.txt")
	wantUsageError(t, "one file", "compare", old)
	wantUsageError(t, "got 3 files", "compare", old, old, old)
	wantUsageError(t, "unknown shorthand flag", "compare", "-nosuch", old, old)
	wantUsageError(t, `bad percentage "-1"`, "compare", "--fail-over", "-1", old, old)
	wantUsageError(t, "filter", "compare", "--filter", "/(", old, old)
}

func TestReportUsageErrors(t *testing.T) {
	wantUsageError(t, "no such file", "report", "-o", filepath.Join(t.TempDir(), "r.html"), "/no/such/file.txt")
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	wantUsageError(t, "no Solve", "report", "-o", filepath.Join(t.TempDir(), "r.html"), empty)
}

// writeBench writes a benchmark file: a header, then ns/puzzle values of
// one benchmark, one result line each.
func writeBench(t *testing.T, name, header string, nsPerPuzzle ...float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(header)
	for _, v := range nsPerPuzzle {
		fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=dlx/set=top95 1 %.0f ns/op %.0f ns/puzzle 7 guesses/puzzle\n", 95*v, v)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCompareRefuses covers issue 10's defects 2 and 3: files from two
// machines compared silently, and a gate that passed when nothing was
// compared.
func TestCompareRefuses(t *testing.T) {
	const intel = "goos: linux\ngoarch: amd64\ncpu: Intel(R) Xeon(R) CPU @ 2.20GHz\n"
	const amd = "goos: linux\ngoarch: amd64\ncpu: AMD EPYC 7B13\n"
	ten := []float64{1000, 1010, 990, 1005, 995, 1002, 998, 1001, 999, 1003}
	half := make([]float64, len(ten))
	for i, v := range ten {
		half[i] = v / 2
	}
	onIntel := writeBench(t, "intel.txt", intel, ten...)
	onAMD := writeBench(t, "amd.txt", amd, half...)
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	runTable := filepath.Join(t.TempDir(), "run.txt")
	os.WriteFile(runTable, []byte("problem  strategy  tests  verdict\npoj3074  dlx  22/22  AC\n"), 0o644)
	other := filepath.Join(t.TempDir(), "other.txt")
	os.WriteFile(other, []byte(intel+"BenchmarkOther 1 5 ns/op\n"), 0o644)

	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"two machines", []string{"compare", "--fail-over", "10", onIntel, onAMD}, `cpu "Intel(R) Xeon(R) CPU @ 2.20GHz" in`},
		{"two machines, other order", []string{"compare", onAMD, onIntel}, "different machines"},
		{"empty new", []string{"compare", "--fail-over", "10", onIntel, empty}, "holds no benchmark results"},
		{"/dev/null old", []string{"compare", "--fail-over", "10", os.DevNull, onIntel}, "holds no benchmark results"},
		{"a run table", []string{"compare", "--fail-over", "10", onIntel, runTable}, "holds no benchmark results"},
		{"nothing in common", []string{"compare", "--fail-over", "10", onIntel, other}, "no benchmark is in both"},
		{"filter matching nothing", []string{"compare", "--fail-over", "10", "--filter", "/strategy:dxl", onIntel, onIntel}, "matches no result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tt.args...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, want %d with %q; stdout:\n%s\nstderr:\n%s", code, exitUsage, tt.want, stdout, stderr)
			}
			if strings.Contains(stdout, "no significant slowdown") {
				t.Errorf("the gate passed:\n%s", stdout)
			}
		})
	}

	t.Run("two machines with --other-machines", func(t *testing.T) {
		code, stdout, stderr := cli(t, "compare", "--other-machines", onIntel, onAMD)
		if code != exitOK || !strings.Contains(stderr, "different machines") || !strings.Contains(stdout, "cpu=AMD EPYC 7B13") {
			t.Errorf("exit %d; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
	})
}

// TestCompareGateNeedsSignificance: a median 20% higher that the test
// cannot tell from noise must not fail the gate (the gate without its
// significance check would), and says it is noise when it is significant
// but within the spread.
func TestCompareGateNeedsSignificance(t *testing.T) {
	const hdr = "goos: linux\ngoarch: amd64\n"
	// Wide, overlapping samples: the medians differ by 20%, the U test
	// finds no significant difference, and each side spreads ±40%: the
	// data cannot tell a change of 10%, and the gate says so.
	old := writeBench(t, "old.txt", hdr, 500, 1500, 700, 1300, 1000, 600, 1400, 900, 1100, 800)
	new := writeBench(t, "new.txt", hdr, 600, 1800, 840, 1560, 1200, 720, 1680, 1080, 1320, 400)
	code, stdout, stderr := cli(t, "compare", "--fail-over", "10", old, new)
	if code != exitUsage || !strings.Contains(stderr, "too noisy to gate at 10%: use --instructions or more runs") ||
		!strings.Contains(stdout, "too noisy to decide at 10%:") || strings.Contains(stdout, "no significant slowdown") {
		t.Errorf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, exitUsage, stdout, stderr)
	}
	// Steady samples decide: 20% slower is a slowdown, the same is none.
	steady := []float64{1000, 1010, 990, 1005, 995, 1002, 998, 1001, 999, 1003}
	slower := make([]float64, len(steady))
	for i, v := range steady {
		slower[i] = 1.2 * v
	}
	a, b := writeBench(t, "a.txt", hdr, steady...), writeBench(t, "b.txt", hdr, slower...)
	if code, stdout, _ := cli(t, "compare", "--fail-over", "10", a, b); code != exitFailed || !strings.Contains(stdout, "1 significant slowdowns over 10%") {
		t.Errorf("20%% slower, steady: exit %d, want %d:\n%s", code, exitFailed, stdout)
	}
	if code, stdout, _ := cli(t, "compare", "--fail-over", "10", a, a); code != exitOK || !strings.Contains(stdout, "no significant slowdown over 10%") {
		t.Errorf("the same: exit %d, want %d:\n%s", code, exitOK, stdout)
	}
}

// TestCompareGateBusy: two runs of one binary, the second on a busy
// machine and slower by the load, are neither a slowdown nor a pass:
// bench recorded that its threads waited for a CPU 3% of their time in
// one and 38% in the other.
func TestCompareGateBusy(t *testing.T) {
	steady := []float64{1000, 1010, 990, 1005, 995, 1002, 998, 1001, 999, 1003}
	slower := make([]float64, len(steady))
	for i, v := range steady {
		slower[i] = 1.47 * v
	}
	a := writeBench(t, "a.txt", "goos: linux\ngoarch: amd64\ncpu-wait: 3.0%\n", steady...)
	b := writeBench(t, "b.txt", "goos: linux\ngoarch: amd64\ncpu-wait: 38.2%\n", slower...)
	code, stdout, stderr := cli(t, "compare", "--fail-over", "10", a, b)
	if code != exitUsage || !strings.Contains(stderr, "too noisy to gate at 10%") ||
		!strings.Contains(stdout, a+" and "+b+" were measured under different loads: their timed threads waited 3.0% and 38.2% of their time for a CPU") ||
		!strings.Contains(stdout, "cpu-wait=3.0%") || strings.Contains(stdout, "significant slowdowns") {
		t.Errorf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, exitUsage, stdout, stderr)
	}
}

// TestCompareAA: an A/A comparison (the same tree twice on a noisy
// machine) whose samples happen to differ must not report a change
// without saying it may be noise.
func TestCompareAA(t *testing.T) {
	const hdr = "goos: linux\ngoarch: amd64\ncpu: X\n"
	// Two runs of one tree: the second drifted a little, by far less than
	// the spread within each run.
	// The U test calls the +20% significant (p=0.034), but each side's
	// interval is about ±20% wide.
	a := writeBench(t, "a.txt", hdr, 700, 800, 850, 900, 950, 1000, 1050, 1100, 1200, 1300)
	b := writeBench(t, "b.txt", hdr, 900, 1000, 1050, 1100, 1150, 1200, 1250, 1300, 1400, 1500)
	code, stdout, stderr := cli(t, "compare", a, b)
	if code != exitOK {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "|") && strings.Contains(line, "%") && strings.Contains(line, "strategy=dlx") && !strings.Contains(line, "~") && !strings.Contains(line, "noise?") {
			t.Errorf("a change reported without a noise warning: %s\n%s", line, stdout)
		}
	}
	if !strings.Contains(stdout, "+20.51% (noise?)") || !strings.Contains(stdout, "may be noise") {
		t.Errorf("no noise warning:\n%s", stdout)
	}
}

func TestCompareSearchChanged(t *testing.T) {
	const hdr = "goos: linux\ngoarch: amd64\n"
	old := writeBench(t, "old.txt", hdr, 1000, 1001, 999, 1000, 1002, 998, 1000, 1001, 999, 1000)
	changed := strings.ReplaceAll(readFile(t, old), "7 guesses/puzzle", "8 guesses/puzzle")
	new := filepath.Join(t.TempDir(), "new.txt")
	os.WriteFile(new, []byte(changed), 0o644)
	_, stdout, _ := cli(t, "compare", old, new)
	if !strings.Contains(stdout, "search changed: Solve/problem=sudoku/strategy=dlx/set=top95 guesses/puzzle differs (7 -> 8)") {
		t.Errorf("no search-changed note:\n%s", stdout)
	}
	_, stdout, _ = cli(t, "compare", old, old)
	if strings.Contains(stdout, "search changed") {
		t.Errorf("identical files: search changed:\n%s", stdout)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// strategiesFile writes one file of ten passes of three strategies on two
// sets: mrv 1000 ns/puzzle, dlx 500, fast 100 (times 4 on hardest1106).
func strategiesFile(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("goos: linux\ngoarch: amd64\ncpu: X\n")
	for i := range 10 {
		f := 1 + 0.004*float64(i%5-2)
		for _, set := range []struct {
			name  string
			scale float64
		}{{"top95", 1}, {"hardest1106", 4}} {
			for _, s := range []struct {
				name string
				ns   float64
			}{{"mrv", 1000}, {"dlx", 500}, {"fast", 100}} {
				fmt.Fprintf(&b, "BenchmarkSolve/problem=sudoku/strategy=%s/set=%s-2 1 %.0f ns/op %.0f ns/puzzle %.0f guesses/puzzle\n", s.name, set.name, 95*s.ns*set.scale*f, s.ns*set.scale*f, s.ns/10)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "new.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCompareColumns: benchstat's projection flags, one dash or two,
// compare two strategies of one file (issue 10, "head to head").
func TestCompareColumns(t *testing.T) {
	file := strategiesFile(t)
	tests := []struct {
		name     string
		args     []string
		code     int
		want     []string
		dontWant []string
	}{
		{"mrv against dlx", []string{"compare", "-col", "/strategy", "-filter", "/strategy:(mrv OR dlx)", file}, exitOK,
			[]string{" mrv |", " dlx |", "Solve/problem=sudoku/set=top95-2", "Solve/problem=sudoku/set=hardest1106-2", "-50.00%", "| differs"},
			[]string{"strategy=", "fast", "search changed"}},
		{"order chosen", []string{"compare", "--col", "/strategy@(fast mrv)", "--filter", "/strategy:(mrv OR fast)", file}, exitOK,
			[]string{"+900.00%"}, []string{"dlx"}},
		{"equals sign", []string{"compare", "-col=/strategy", "-filter=/strategy:(dlx OR fast)", file}, exitOK,
			[]string{"-80.00%"}, nil},
		{"gate between strategies", []string{"compare", "-col", "/strategy@(dlx mrv)", "-filter", "/strategy:(dlx OR mrv)", "-fail-over", "10", file}, exitFailed,
			[]string{"+100.00%", "2 significant slowdowns over 10%"}, nil},
		{"rows by set", []string{"compare", "-col", "/strategy", "-row", "/set", "-filter", "/strategy:(mrv OR dlx)", file}, exitOK,
			[]string{"| top95 ", "| hardest1106 "}, []string{"Solve/"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
			for _, w := range tt.dontWant {
				if strings.Contains(stdout, w) {
					t.Errorf("output has %q:\n%s", w, stdout)
				}
			}
		})
	}
	wantUsageError(t, "gives 3 columns (mrv, dlx, fast)", "compare", "-col", "/strategy", file)
	wantUsageError(t, "gives one column (dlx)", "compare", "-col", "/strategy", "-filter", "/strategy:dlx", file)
	wantUsageError(t, `col "/("`, "compare", "-col", "/(", file)

	code, stdout, _ := cli(t, "compare", "-h")
	if code != exitOK || !strings.Contains(stdout, "-col /strategy") {
		t.Errorf("compare -h: exit %d\n%s", code, stdout)
	}
}
