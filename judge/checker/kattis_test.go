package checker

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

func TestKattis(t *testing.T) {
	t.Run("direct", func(t *testing.T) { testKattis(t, nil) })
	t.Run("sandboxed", func(t *testing.T) { testKattis(t, sandboxtest.Full(t)) })
}

// testKattis judges with real validators speaking the Kattis interface,
// run by runner (nil: directly).
func testKattis(t *testing.T, runner Runner) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // to see that the validator's files are removed
	bin := t.TempDir()
	os.Chmod(bin, 0o755)

	// same accepts an output equal to the answer, token by token; a first
	// flag "strict" wants the bytes equal.
	same := writeScript(t, bin, "same", `
[ -d "$3" ] && [ "$(cat "$1")" = "input" ] || { echo "bad arguments" >&2; exit 1; }
out=$(cat)
if [ "$4" = strict ]; then
	[ "$out" = "$(cat "$2")" ] && exit 42
else
	[ "$(echo $out)" = "$(echo $(cat "$2"))" ] && exit 42
fi
echo "wrong: expected $(cat "$2"), got $out" > "$3/judgemessage.txt"
exit 43`)
	tests := []struct {
		name        string
		v           Kattis
		out         string
		wantVerdict contest.Verdict
		wantMsg     string
	}{
		{"accepted", Kattis{Path: same}, "1   2\n", contest.AC, ""},
		{"rejected with feedback", Kattis{Path: same}, "1 3\n", contest.WA, "wrong: expected 1 2, got 1 3"},
		{"flags follow", Kattis{Path: same, Flags: []string{"strict"}}, "1   2\n", contest.WA, "wrong"},
		{"empty output", Kattis{Path: same}, "", contest.WA, "got"},
		{"rejected in silence", Kattis{Path: writeScript(t, bin, "mute", `exit 43`)}, "x", contest.WA, "rejected by the output validator"},
		{"message on stderr", Kattis{Path: writeScript(t, bin, "stderr", `echo "too long" >&2; exit 43`)}, "x", contest.WA, "too long"},
		{"testlib status is a judge error", Kattis{Path: writeScript(t, bin, "zero", `exit 0`)}, "x", contest.IE, "status 0, want 42"},
		{"crash", Kattis{Path: writeScript(t, bin, "crash", `kill -SEGV $$`)}, "x", contest.IE, "killed"},
		{"links are not followed", Kattis{Path: writeScript(t, bin, "link", `ln -s /etc/hostname "$3/judgemessage.txt"; exit 43`)}, "x", contest.WA, "rejected by the output validator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if runner != nil {
				tt.v.Runner, tt.v.ReadOnly, tt.v.Allow = runner, []string{bin}, hostTools
			}
			got := contest.Run(context.Background(), tt.v, []byte("input"), []byte(tt.out), []byte("1 2\n"))
			if got.Verdict != tt.wantVerdict || !strings.Contains(got.Message, tt.wantMsg) || tt.wantMsg == "" && got.Message != "" {
				t.Errorf("%s %q, want %s %q", got.Verdict, got.Message, tt.wantVerdict, tt.wantMsg)
			}
		})
	}
	for _, pattern := range []string{"sudoku-judge-validator-*", "sudoku-judge-feedback-*"} {
		if left, _ := filepath.Glob(filepath.Join(tmp, pattern)); len(left) > 0 {
			t.Errorf("temporary files left behind: %v", left)
		}
	}
}

// TestFor builds the output validator of a package (C++, in the sandbox)
// and judges with it; a validator that rejects the package's own answer
// is a setup error.
func TestFor(t *testing.T) {
	sb := sandboxtest.Full(t)
	pkg, err := kattis.OpenPath("../../problems/kattis/testdata/pair")
	if err != nil {
		t.Fatal(err)
	}
	c, closeChecker, err := For(context.Background(), sb, pkg)
	if err != nil {
		t.Fatal(err)
	}
	defer closeChecker()
	for out, want := range map[string]contest.Verdict{"2 3\n": contest.AC, "5 0\n": contest.WA, "1 1\n": contest.WA, "2 3 4\n": contest.WA, "": contest.WA} {
		if got := contest.Run(context.Background(), c, []byte("5\n"), []byte(out), []byte("1 4\n")); got.Verdict != want {
			t.Errorf("output %q: %s %s, want %s", out, got.Verdict, got.Message, want)
		}
	}

	// A task without a checker program keeps its own checker.
	if c, closeChecker, err := For(context.Background(), sb, plain{}); err != nil || c != (contest.Lines{}) {
		t.Errorf("For(a task with its own checker) = %v, %v", c, err)
	} else {
		closeChecker()
	}

	bad := withChecker{problems.CheckerFile{Path: "v/v.c", Kattis: true, Source: []byte("int main(void) { return 43; }\n")}}
	if _, _, err := For(context.Background(), sb, bad); err == nil || !strings.Contains(err.Error(), "does not accept test 1's own answer") {
		t.Errorf("For(a validator rejecting everything): %v", err)
	}
	broken := withChecker{problems.CheckerFile{Path: "v/v.c", Kattis: true, Source: []byte("int main(void) { return }\n")}}
	if _, _, err := For(context.Background(), sb, broken); err == nil || !strings.Contains(err.Error(), "compilation failed") {
		t.Errorf("For(a validator that does not compile): %v", err)
	}
	header := withChecker{problems.CheckerFile{Path: "v/v.c", Kattis: true, Source: []byte("#include \"accept.h\"\nint main(void) { return ACCEPT; }\n"),
		Files: map[string][]byte{"accept.h": []byte("#define ACCEPT 42\n")}}}
	if _, closeChecker, err := For(context.Background(), sb, header); err != nil {
		t.Errorf("For(a validator with a header beside it): %v", err)
	} else {
		closeChecker()
	}
}

// plain is a task with a checker of its own.
type plain struct{}

func (plain) ID() string              { return "plain" }
func (plain) Config() problems.Config { return problems.Config{} }
func (plain) Tests() ([]problems.Test, error) {
	return []problems.Test{{Name: "1", Input: []byte("1\n"), Answer: []byte("1\n")}}, nil
}
func (plain) Checker() contest.Checker { return contest.Lines{} }

// withChecker is a task whose checker is a program.
type withChecker struct{ f problems.CheckerFile }

func (w withChecker) ID() string                                { return "prog" }
func (w withChecker) Config() problems.Config                   { return problems.Config{} }
func (w withChecker) Tests() ([]problems.Test, error)           { return plain{}.Tests() }
func (w withChecker) Checker() contest.Checker                  { return problems.Unbuilt(w.f.Path) }
func (w withChecker) CheckerFile() (problems.CheckerFile, bool) { return w.f, true }
