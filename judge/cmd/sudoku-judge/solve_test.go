package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestSolveSamples(t *testing.T) {
	for _, prob := range catalog.All() {
		t.Run(prob.ID(), func(t *testing.T) {
			tests, err := prob.Tests()
			if err != nil {
				t.Fatal(err)
			}
			sample := tests[0]
			in := filepath.Join(t.TempDir(), "sample.in")
			if err := os.WriteFile(in, sample.Input, 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := cli(t, "solve", "--problem", prob.ID(), in)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if res := contest.Run(context.Background(), prob.Checker(), sample.Input, []byte(stdout), sample.Answer); res.Verdict != contest.AC {
				t.Errorf("solve on %s: %s %s\n%s", sample.Name, res.Verdict, res.Message, res.Diff)
			}
		})
	}
}

// TestSolveJobs: every problem's tests give the same output, byte for
// byte, whether their cases are solved one or several at a time.
func TestSolveJobs(t *testing.T) {
	for _, prob := range catalog.All() {
		t.Run(prob.ID(), func(t *testing.T) {
			tests, err := prob.Tests()
			if err != nil {
				t.Fatal(err)
			}
			if testing.Short() {
				tests = tests[:min(len(tests), 2)]
			}
			for _, tc := range tests {
				in := filepath.Join(t.TempDir(), "in")
				if err := os.WriteFile(in, tc.Input, 0o644); err != nil {
					t.Fatal(err)
				}
				_, want, _ := cli(t, "solve", "--problem", prob.ID(), "-j", "1", in)
				code, got, stderr := cli(t, "solve", "--problem", prob.ID(), "-j", "4", in)
				if code != exitOK || got != want {
					t.Errorf("%s: -j 4: exit %d, stderr %q; output the same as -j 1's: %v", tc.Name, code, stderr, got == want)
				}
			}
		})
	}
}

func TestSolveReproducesSampleOutput(t *testing.T) {
	prob, err := catalog.Lookup("poj2676")
	if err != nil {
		t.Fatal(err)
	}
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	// Standard input, through the root command.
	var out, errOut bytes.Buffer
	args := []string{"solve", "--problem", "poj2676"}
	root := newRootCmd(&env{stdout: &out, stderr: &errOut}, args)
	root.SetIn(bytes.NewReader(tests[0].Input))
	root.SetArgs(args)
	if err := root.ExecuteContext(context.Background()); err != nil {
		t.Fatalf("solve from stdin: %v", err)
	}
	if out.String() != string(tests[0].Answer) {
		t.Errorf("solve printed\n%s\nwant the sample output\n%s", out.String(), tests[0].Answer)
	}
}

func TestSolveErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.in")
	// Row 2 of case 1 has a letter in column 4.
	input := "1\n103000509\n002x09400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n"
	if err := os.WriteFile(bad, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"malformed input", []string{"solve", "--problem", "poj2676", bad}, bad + ":3:4: "},
		{"missing file", []string{"solve", "--problem", "poj2676", filepath.Join(dir, "nope.in")}, "nope.in: no such file"},
		{"no problem", []string{"solve", bad}, `required flag(s) "problem" not set`},
		{"unknown problem", []string{"solve", "--problem", "poj1", bad}, "poj1"},
		{"unknown strategy", []string{"solve", "--problem", "poj2676", "--strategy", "guess", bad}, "guess"},
		{"two files", []string{"solve", "--problem", "poj2676", bad, bad}, "accepts at most 1 arg"},
		{"negative jobs", []string{"solve", "--problem", "poj2676", "-j", "-1", bad}, `bad count "-1"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantUsageError(t, tt.want, tt.args...) })
	}
	_, _, stderr := cli(t, "solve", "--problem", "poj2676", bad)
	if !strings.HasPrefix(stderr, "sudoku-judge: "+bad+":3:4: ") {
		t.Errorf("parse error %q does not start with the file:line:col", stderr)
	}
}

// TestReadAll checks that readAll returns everything left to read whatever
// the reader: a regular file read from its start or from the middle (its
// size is then wrong for what is left), a pipe, or no file at all.
func TestReadAll(t *testing.T) {
	want := strings.Repeat("123456789", 1000)
	path := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	open := func(skip int64) func(*testing.T) io.Reader {
		return func(t *testing.T) io.Reader {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			if _, err := f.Seek(skip, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	pipe := func(t *testing.T) io.Reader {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		go func() { io.WriteString(w, want); w.Close() }()
		return r
	}
	tests := []struct {
		name   string
		reader func(*testing.T) io.Reader
		skip   int
	}{
		{"file", open(0), 0},
		{"file from the middle", open(4000), 4000},
		{"pipe", pipe, 0},
		{"not a file", func(*testing.T) io.Reader { return strings.NewReader(want) }, 0},
	}
	for _, tc := range tests {
		got, err := readAll(tc.reader(t))
		if err != nil || string(got) != want[tc.skip:] {
			t.Errorf("%s: %d bytes, %v; want %d bytes", tc.name, len(got), err, len(want)-tc.skip)
		}
	}
}
