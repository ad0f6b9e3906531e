package kattis_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

// problemtoolsEnv names a prepared copy of Kattis problemtools v1.20231016
// (scripts/verify-kattis.sh makes one): the tests that compare with it
// skip without it.
const problemtoolsEnv = "SUDOKU_JUDGE_PROBLEMTOOLS"

// problemtools returns the prepared problemtools folder, or skips t.
func problemtools(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(problemtoolsEnv)
	if dir == "" {
		t.Skipf("%s is not set: scripts/verify-kattis.sh prepares problemtools v1.20231016 and runs these tests with it", problemtoolsEnv)
	}
	if _, err := os.Stat(filepath.Join(dir, "problemtools", "verifyproblem.py")); err != nil {
		t.Fatalf("%s=%s is not a problemtools checkout: %v", problemtoolsEnv, dir, err)
	}
	return dir
}

// TestDefaultValidatorAgreesWithProblemtools judges random outputs with
// DefaultValidator and with problemtools' own default validator: each
// accepts what the other accepts.
func TestDefaultValidatorAgreesWithProblemtools(t *testing.T) {
	dir := problemtools(t)
	bin := filepath.Join(dir, "support", "default_validator", "default_validator")
	if _, err := os.Stat(bin); err != nil {
		bin = filepath.Join(t.TempDir(), "default_validator")
		src := filepath.Join(dir, "support", "default_validator", "default_validator.cc")
		if out, err := exec.Command("g++", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", src, err, out)
		}
	}
	tmp := t.TempDir()
	in, ans := filepath.Join(tmp, "in"), filepath.Join(tmp, "ans")
	if err := os.WriteFile(in, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	flagSets := []string{"", "case_sensitive", "space_change_sensitive", "case_sensitive space_change_sensitive",
		"float_tolerance 1e-6", "float_absolute_tolerance 0.5", "float_relative_tolerance 0.01 case_sensitive"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 600 {
		answer := randomText(rng)
		output := mutateTokens(rng, answer)
		flags := flagSets[i%len(flagSets)]
		v, err := kattis.ParseFlags(strings.Fields(flags))
		if err != nil {
			t.Fatal(err)
		}
		ours := contest.Run(context.Background(), v, nil, []byte(output), []byte(answer))
		if err := os.WriteFile(ans, []byte(answer), 0o644); err != nil {
			t.Fatal(err)
		}
		feedback := t.TempDir()
		cmd := exec.Command(bin, append([]string{in, ans, feedback}, strings.Fields(flags)...)...)
		cmd.Stdin = strings.NewReader(output)
		err = cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("default_validator: %v", err)
		}
		theirs := ee.ExitCode() == 42
		if theirs != (ours.Verdict == contest.AC) {
			msg, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
			t.Errorf("flags %q, answer %q, output %q: ours %s (%s), problemtools exit %d (%s)",
				flags, answer, output, ours.Verdict, ours.Message, ee.ExitCode(), strings.TrimSpace(string(msg)))
		}
	}
}

// randomText is a few lines of tokens of the kinds validators meet.
func randomText(rng *rand.Rand) string {
	words := []string{"Yes", "no", "Case", "#1:", "-1", "0", "42", "3.14159", "2.5e3", "-0.001", "1e-9", "100", "abc", "NaN"}
	var b strings.Builder
	for range 1 + rng.IntN(3) {
		for j := range 1 + rng.IntN(4) {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// mutateTokens changes text a little, or not at all: white space, case, a
// number's last digits, a token more or less.
func mutateTokens(rng *rand.Rand, s string) string {
	switch rng.IntN(9) {
	case 0:
		return s
	case 1:
		return strings.Replace(s, " ", "  ", 1)
	case 2:
		return strings.TrimSuffix(s, "\n")
	case 3:
		return s + "\n"
	case 4:
		return strings.ToUpper(s)
	case 5:
		return strings.Replace(s, "\n", "\r\n", 1)
	case 6:
		f := strings.Fields(s)
		return strings.Join(f[:len(f)-1], " ") + "\n"
	case 7:
		return s + "extra\n"
	default:
		f := strings.Fields(s)
		k := rng.IntN(len(f))
		var x float64
		if _, err := fmt.Sscan(f[k], &x); err == nil {
			f[k] = fmt.Sprint(x * (1 + (rng.Float64()-0.5)*0.02))
		}
		return strings.Join(f, " ") + "\n"
	}
}

// verifyLine is verifyproblem's last line: "poj2676 tested: 0 errors, 3 warnings".
var verifyLine = regexp.MustCompile(`(?m)^(\S+) tested: (\d+) errors?, (\d+) warnings?$`)

// TestVerifyproblem exports every problem and checks it with problemtools'
// own verifyproblem: no errors, and each submission gets the verdict its
// folder names ("OK" on its line). The statement is checked too where
// pdflatex is installed (problemtools compiles it to PDF).
func TestVerifyproblem(t *testing.T) {
	dir := problemtools(t)
	parts := []string{"-p", "config", "validators", "graders", "generators", "data", "submissions"}
	if _, err := exec.LookPath("pdflatex"); err == nil {
		parts = parts[:0]
	} else {
		t.Log("no pdflatex: the statement is not checked (scripts/verify-kattis.sh says which TeX packages problemtools needs)")
	}
	for id, ex := range exportAll(t) {
		t.Run(id, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "/usr/bin/python3", append([]string{"-m", "problemtools.verifyproblem", ex.dir}, parts...)...)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			m := verifyLine.FindSubmatch(out)
			if m == nil || string(m[1]) != id {
				t.Fatalf("verifyproblem did not finish (%v):\n%s", err, out)
			}
			if string(m[2]) != "0" {
				t.Errorf("verifyproblem found %s errors:\n%s", m[2], out)
			}
			for _, s := range ex.pkg.Submissions() {
				name := path.Base(s.Path)
				ok := regexp.MustCompile(`(?m)^\s+\S+ submission ` + regexp.QuoteMeta(name) + ` \(.*\) OK`)
				if !ok.Match(out) {
					t.Errorf("%s: not OK under verifyproblem:\n%s", s.Path, out)
				}
			}
			t.Logf("%s", bytes.TrimSpace(out))
		})
	}
}
