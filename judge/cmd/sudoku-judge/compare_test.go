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
			[]string{"+20.00%", "4 significant slowdowns over 10%", "geomean"}, nil},
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
	wantUsageError(t, "accepts 2 arg(s)", "compare", old)
	wantUsageError(t, "--fail-over -1", "compare", "--fail-over", "-1", old, old)
	wantUsageError(t, "filter", "compare", "--filter", "/(", old, old)
}

func TestReportUsageErrors(t *testing.T) {
	wantUsageError(t, "no such file", "report", "-o", filepath.Join(t.TempDir(), "r.html"), "/no/such/file.txt")
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	wantUsageError(t, "no Solve", "report", "-o", filepath.Join(t.TempDir(), "r.html"), empty)
}
