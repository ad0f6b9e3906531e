package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/hostiletext"
)

// cString returns s as a C string literal, every byte but letters and
// digits in octal, so that no escape runs into the next character.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, `\%03o`, c)
		}
	}
	return b.String() + `"`
}

// TestProgramTextIsSafeInEveryOutput is issue 22's last point: a program
// (or a checker, a compiler's output, a tests folder's file names) that
// writes terminal escapes, C1 controls, a right-to-left override, a NUL
// and a carriage return reaches no output of test, stress or bench raw:
// not the table, not -v, not --json (once decoded, as its reader sees
// it), not the errors on stderr.
func TestProgramTextIsSafeInEveryOutput(t *testing.T) {
	needSandbox(t)
	dir := testsDir(t)
	tmp := t.TempDir()
	write := func(name, text string, mode os.FileMode) string {
		t.Helper()
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	text := cString(hostiletext.Text)
	// RE: the text on stderr, the last line a runtime error would be.
	crash := write("crash.c", `#include <stdio.h>
#include <string.h>
int main(void) { fwrite(`+text+`, 1, sizeof `+text+` - 1, stderr); return 1; }
`, 0o644)
	// WA: the text as the output, quoted by the checker and in the diff.
	wrong := write("wrong.c", `#include <stdio.h>
int main(void) { fwrite(`+text+`, 1, sizeof `+text+` - 1, stdout); putchar('\n'); return 0; }
`, 0o644)
	// CE: the compiler quotes the source's line.
	ce := write("ce.c", "int main(void) { return "+hostiletext.FileName+"; }\n", 0o644)
	// A testlib checker that accepts only the answer and says the text
	// (printfEscape's octal escapes need only single quotes).
	checker := write("checker.sh", "#!/bin/sh\ncmp -s \"$2\" \"$3\" && exit 0\nprintf '"+printfEscape(hostiletext.Text)+"' >&2\nexit 1\n", 0o755)
	// A tests folder whose test is named by the text.
	named := t.TempDir()
	in, _ := os.ReadFile(filepath.Join(dir, "1.in"))
	ans, _ := os.ReadFile(filepath.Join(dir, "1.ans"))
	if err := os.WriteFile(filepath.Join(named, hostiletext.FileName+".in"), in, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(named, hostiletext.FileName+".ans"), ans, 0o644); err != nil {
		t.Fatal(err)
	}
	// A tests folder with an input and no answer: an error naming it.
	unanswered := t.TempDir()
	if err := os.WriteFile(filepath.Join(unanswered, hostiletext.FileName+".in"), in, 0o644); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name     string
		args     []string
		wantCode int
		json     bool
		want     string // in stdout or stderr, escaped
	}{
		{"RE table", []string{"test", "--tests", dir, "-j", "1", crash}, exitFailed, false, `exit code 1: \x1b[2J\x1b[Htest 1: AC`},
		{"RE -v", []string{"test", "--tests", dir, "-v", "-j", "1", crash}, exitFailed, false, `\u{202e}CA\u{202c}\x00\rAC`},
		{"RE --json", []string{"test", "--tests", dir, "--json", crash}, exitFailed, true, `\\x1b[2J`},
		{"WA table", []string{"test", "--tests", dir, "-j", "1", wrong}, exitFailed, false, `\x1b[8m`},
		{"WA -v", []string{"test", "--tests", dir, "-v", "-j", "1", wrong}, exitFailed, false, `+   1  \x1b[2J`},
		{"WA --json", []string{"test", "--tests", dir, "--json", wrong}, exitFailed, true, `\\u{009b}31m\\x9b`},
		{"CE", []string{"test", "--tests", dir, "-v", ce}, exitFailed, false, "compiler output"},
		{"CE --json", []string{"test", "--tests", dir, "--json", ce}, exitFailed, true, "CE"},
		{"checker's message", []string{"test", "--tests", dir, "--checker", checker, "-j", "1", wrong}, exitFailed, false, `\x1b[2J`},
		{"checker's message --json", []string{"test", "--tests", dir, "--checker", checker, "--json", wrong}, exitFailed, true, `\\x1b[2J`},
		{"test names", []string{"test", "--tests", named, "-v", wrong}, exitFailed, false, `\x1b[2J\x1b[Htest 1: AC`},
		{"test names --json", []string{"test", "--tests", named, "--json", wrong}, exitFailed, true, `\\x1b[2J`},
		{"an error naming a file", []string{"test", "--tests", unanswered, wrong}, exitUsage, false, `\x1b[2J`},
		{"stress", []string{"stress", "--problem", "poj3074", "--count", "1", "--out", t.TempDir(), wrong}, exitFailed, false, `\x1b[2J`},
		{"stress RE", []string{"stress", "--problem", "poj3074", "--count", "1", "--out", t.TempDir(), crash}, exitFailed, false, `\x1b[2J`},
		{"bench", []string{"bench", "--problem", "poj3074", "--set", "tests", "--max", "2", "--count", "1", "--strategy", "dlx", "--program", crash}, exitFailed, false, `\x1b[2J`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.wantCode, stderr)
			}
			for what, out := range map[string]string{"stdout": stdout, "stderr": stderr} {
				if f := hostiletext.Find(out); f != "" {
					t.Errorf("%s holds %s:\n%q", what, f, out)
				}
			}
			if tt.json {
				f, err := hostiletext.FindJSON([]byte(stdout))
				if err != nil || f != "" {
					t.Errorf("the JSON, decoded, holds %s (%v):\n%s", f, err, stdout)
				}
			}
			if !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("the output lacks %q, the program's text escaped:\nstdout:\n%s\nstderr:\n%s", tt.want, stdout, stderr)
			}
		})
	}
}

// printfEscape returns s for printf(1)'s format: every byte in octal.
func printfEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, `\%03o`, s[i])
	}
	return b.String()
}
