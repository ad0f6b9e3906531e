package main

import (
	"bytes"
	"context"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// cli runs the command line args in-process and returns the exit code and
// what was written to stdout and stderr.
func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &env{stdout: &out, stderr: &errOut})
	return code, out.String(), errOut.String()
}

// wantUsageError checks a run that must fail with exit 2, nothing on
// stdout and a one-line error naming want.
func wantUsageError(t *testing.T, want string, args ...string) {
	t.Helper()
	code, stdout, stderr := cli(t, args...)
	if code != exitUsage {
		t.Errorf("%q: exit %d, want %d; stderr:\n%s", args, code, exitUsage, stderr)
	}
	if stdout != "" {
		t.Errorf("%q: wrote to stdout on a usage error:\n%s", args, stdout)
	}
	if !strings.HasPrefix(stderr, "sudoku-judge: ") || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") {
		t.Errorf("%q: stderr is not one error line: %q", args, stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("%q: stderr %q does not mention %q", args, stderr, want)
	}
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"list", "run", "solve", "gen"} {
		t.Run(cmd, func(t *testing.T) {
			code, stdout, stderr := cli(t, cmd, "--help")
			if code != exitOK || stderr != "" {
				t.Fatalf("%s --help: exit %d, stderr %q", cmd, code, stderr)
			}
			if !strings.Contains(stdout, "Usage:\n  sudoku-judge "+cmd) || !strings.Contains(stdout, "Flags:") {
				t.Errorf("%s --help does not show usage and flags:\n%s", cmd, stdout)
			}
		})
	}
}

func TestUnknownCommand(t *testing.T) {
	wantUsageError(t, `unknown command "nosuch"`, "nosuch")
}

// TestUsageErrors: every usage error is one line with the command's name
// once ("sudoku-judge: compare: ...", never "sudoku-judge: sudoku-judge
// compare: ..."), and a mistyped command, flag, problem, strategy or
// language gets the closest known name (issue 12).
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"command", []string{"runn"}, `unknown command "runn" for "sudoku-judge"; did you mean run?`},
		{"command, letters swapped", []string{"tset"}, "did you mean test?"},
		{"command, nothing close", []string{"frobnicate"}, `unknown command "frobnicate" for "sudoku-judge"`},
		{"root flag", []string{"--verison"}, "unknown flag: --verison; did you mean --version? (see sudoku-judge --help)"},
		{"flag of compare", []string{"compare", "--fial-over", "3", "a", "b"}, "compare: unknown flag: --fial-over; did you mean --fail-over? (see sudoku-judge compare --help)"},
		{"flag of run", []string{"run", "--problme", "poj2676"}, "run: unknown flag: --problme; did you mean --problem?"},
		{"flag of gen", []string{"gen", "--givns", "3"}, "gen: unknown flag: --givns; did you mean --givens?"},
		{"flag of test", []string{"test", "--stop-on-fail", "a.out"}, "test: unknown flag: --stop-on-fail; did you mean --stop-on-failure?"},
		{"flag of bench", []string{"bench", "--sets", "top95"}, "bench: unknown flag: --sets; did you mean --set?"},
		{"long flag with one dash", []string{"run", "-problem", "poj2676"}, "in -problem; did you mean --problem?"},
		{"flag, nothing close", []string{"run", "--colour"}, "run: unknown flag: --colour (see sudoku-judge run --help)"},
		{"hidden flags are not suggested", []string{"run", "--paralel", "2"}, "run: unknown flag: --paralel (see sudoku-judge run --help)"},
		{"flag value", []string{"gen", "--problem", "poj2676", "--count", "many"}, `gen: invalid argument "many" for "-n, --count" flag`},
		{"problem", []string{"gen", "--problem", "poj2767"}, `no problem "poj2767": did you mean poj2676?`},
		{"strategy", []string{"run", "--problem", "poj2676", "--strategy", "dxl"}, `no strategy "dxl": did you mean dlx?`},
		{"language", []string{"test", "--problem", "poj2676", "--lang", "pyhton", "sol.py"}, `unknown language "pyhton": did you mean python?`},
		{"program arguments", []string{"test", "--problem", "poj2676", "a", "b"}, `test: want one PROGRAM before "--", got 2 arguments`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantUsageError(t, tt.want, tt.args...)
			if _, _, stderr := cli(t, tt.args...); strings.Contains(stderr, "sudoku-judge: sudoku-judge") {
				t.Errorf("%q: the prefix is doubled: %q", tt.args, stderr)
			}
		})
	}
}

// TestNamesAnyCase: problem ids and strategy names are matched in any case
// (POJ2676 is poj2676).
func TestNamesAnyCase(t *testing.T) {
	tests := []struct{ lower, other []string }{
		{[]string{"gen", "--problem", "poj2676", "--seed", "3"}, []string{"gen", "--problem", "POJ2676", "--seed", "3"}},
		{[]string{"gen", "--problem", "target"}, []string{"gen", "--problem", "Target"}},
		{[]string{"run", "--problem", "poj3074", "--strategy", "dlx", "--json"}, []string{"run", "--problem", "POJ3074", "--strategy", "DLX", "--json"}},
	}
	times := regexp.MustCompile(`"time_ms": [-+.0-9eE]+`)
	for _, tt := range tests {
		code, want, stderr := cli(t, tt.lower...)
		if code != exitOK {
			t.Fatalf("%q: exit %d, stderr %q", tt.lower, code, stderr)
		}
		code, got, stderr := cli(t, tt.other...)
		if code != exitOK {
			t.Errorf("%q: exit %d, stderr %q", tt.other, code, stderr)
			continue
		}
		// Times differ between runs; names and verdicts must not.
		if times.ReplaceAllString(got, "") != times.ReplaceAllString(want, "") {
			t.Errorf("%q wrote\n%s\nwant, as %q,\n%s", tt.other, got, tt.lower, want)
		}
	}
}

// TestSubcommands: a command line that starts with a command's name builds
// only that command, which must be the one of that name; any other builds
// them all.
func TestSubcommands(t *testing.T) {
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	var names []string
	for _, c := range subcommands() {
		names = append(names, c.name)
		root := newRootCmd(e, []string{c.name, "--help"})
		if got := commandNames(root); len(got) != 1 || got[0] != c.name {
			t.Errorf("newRootCmd(%q): commands %v, want [%s]", c.name, got, c.name)
		}
	}
	slices.Sort(names) // as cobra lists them
	for _, args := range [][]string{nil, {"help", "solve"}, {"--version"}, {"slove"}} {
		if got := commandNames(newRootCmd(e, args)); !slices.Equal(got, names) {
			t.Errorf("newRootCmd(%q): commands %v, want %v", args, got, names)
		}
	}
}

// commandNames returns the names of root's commands that are not cobra's.
func commandNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.Name() != "help" && c.Name() != "completion" {
			names = append(names, c.Name())
		}
	}
	return names
}

// TestJobsFlag: -j means one thing in every command: --jobs, how many
// workers judge at once, 0 for one per CPU (issue 12).
func TestJobsFlag(t *testing.T) {
	root := newRootCmd(&env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}, nil)
	has := map[string]bool{}
	// Commands that time programs default to what the machine can time
	// fairly; the others to one worker per CPU.
	zero := map[string]string{"run": perCPU, "solve": perCPU, "test": fairJobs, "stress": fairJobs}
	for _, c := range root.Commands() {
		f := c.Flags().ShorthandLookup("j")
		if f == nil {
			continue
		}
		has[c.Name()] = true
		want := "(0: " + zero[c.Name()] + ")"
		if f.Name != "jobs" || f.Value.Type() != "int" || f.DefValue != "0" || !strings.HasPrefix(f.Usage, "parallel workers: ") || !strings.HasSuffix(f.Usage, want) {
			t.Errorf("%s -j is --%s %s (default %s): %q; want --jobs int (default 0): \"parallel workers: ... %s\"", c.Name(), f.Name, f.Value.Type(), f.DefValue, f.Usage, want)
		}
	}
	for _, name := range []string{"run", "test", "stress", "solve"} {
		if !has[name] {
			t.Errorf("%s has no -j", name)
		}
	}
}

func TestVersion(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	platform := runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"release", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}},
			"sudoku-judge v1.2.0, commit 0123456789ab, go1.26.0 " + platform},
		{"dirty checkout", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}},
			"sudoku-judge (devel), commit 0123456789ab (dirty), go1.26.0 " + platform},
		{"no VCS information", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"}},
			"sudoku-judge (devel), commit unknown, go1.26.1 " + platform},
		{"no build information", nil,
			"sudoku-judge (devel), commit unknown, " + runtime.Version() + " " + platform},
	}
	for _, tt := range tests {
		if got := buildOf(tt.info).String(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	code, stdout, stderr := cli(t, "--version")
	if want := readBuild().String() + "\n"; code != exitOK || stdout != want || stderr != "" {
		t.Errorf("--version: exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, want)
	}
}
