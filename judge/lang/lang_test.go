package lang

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// The contest programs are shared with package program's tests.
const testdata = "../program/testdata"

func TestForFile(t *testing.T) {
	tests := []struct{ file, want string }{
		{"a.c", "c"}, {"A.CPP", "c++"}, {"x/y.cc", "c++"}, {"m.go", "go"}, {"s.py", "python"},
		{"Main.java", "java"}, {"a.rs", "rust"}, {"a.js", "javascript"},
		{"prog", ""}, {"a.out", ""}, {"c", ""},
	}
	for _, tt := range tests {
		got := ""
		if l := ForFile(tt.file); l != nil {
			got = l.Name
		}
		if got != tt.want {
			t.Errorf("ForFile(%q) = %q, want %q", tt.file, got, tt.want)
		}
	}
	for alias, want := range map[string]string{
		"cpp": "c++", "C++17": "c++", "CPP": "c++", "py": "python", "Python3": "python", "golang": "go",
		"js": "javascript", "node": "javascript", "rs": "rust", "JAVA": "java", "gnu11": "c",
	} {
		if l, err := Lookup(alias); err != nil || l.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", alias, l, err, want)
		}
	}
	if _, err := Lookup("cobol"); err == nil || !strings.Contains(err.Error(), "python") {
		t.Errorf("Lookup(cobol) = %v, want an error listing the languages", err)
	}
	for typo, want := range map[string]string{"pyhton": "did you mean python?", "javscript": "did you mean javascript?", "golnag": "did you mean golang?"} {
		if _, err := Lookup(typo); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Lookup(%q) = %v, want an error saying %q", typo, err, want)
		}
	}
}

// TestLanguagesAreCopies: what List, Lookup and ForFile return is the
// caller's own; changing it changes no language for anyone else.
func TestLanguagesAreCopies(t *testing.T) {
	spoil := func(l *Language) {
		l.Name = "spoilt"
		l.Compile[0] = "/tmp/evil-cc"
		l.Run = append(l.Run[:0], "/tmp/evil")
		l.Extensions[0] = ".evil"
		if len(l.Aliases) > 0 {
			l.Aliases[0] = "evil"
		}
	}
	for _, l := range List() {
		spoil(l)
	}
	l, err := Lookup("c")
	if err != nil {
		t.Fatal(err)
	}
	spoil(l)
	spoil(ForFile("a.cpp"))
	for _, name := range []string{"c", "c++", "python", "go"} {
		l, err := Lookup(name)
		if err != nil || l.Name != name || strings.Contains(strings.Join(l.Compile, " "), "evil") || strings.Contains(strings.Join(l.Run, " "), "evil") {
			t.Errorf("Lookup(%q) after callers changed their copies = %+v, %v", name, l, err)
		}
	}
	if l := ForFile("a.c"); l == nil || l.Name != "c" || l.Compile[0] != "gcc" {
		t.Errorf("ForFile(a.c) after callers changed their copies = %+v", l)
	}
	if _, err := Lookup("gcc"); err != nil {
		t.Errorf("an alias is gone after a caller changed its copy: %v", err)
	}
}

// TestBuildAndRun compiles the POJ 3074 solution of every language and runs
// it (outside any sandbox) on one puzzle.
func TestBuildAndRun(t *testing.T) {
	in, err := os.ReadFile(filepath.Join(testdata, "poj3074/1.in"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(testdata, "poj3074/1.ans"))
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{"ac.c", "ac.cpp", "ac.go", "ac.py"} {
		t.Run(src, func(t *testing.T) {
			exe, err := Build(context.Background(), filepath.Join(testdata, src), Options{})
			if errors.Is(err, exec.ErrNotFound) {
				testenv.Need(t, "the compiler or interpreter of "+src, err)
			}
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := exe.Close(); err != nil {
					t.Error(err)
				}
				if _, err := os.Stat(exe.Dir); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("build directory %s survives Close: %v", exe.Dir, err)
				}
			}()
			checkWorldReadable(t, exe)
			cmd := exec.Command(exe.Path, exe.Args...)
			cmd.Stdin = bytes.NewReader(in)
			got, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s %v: %v", exe.Path, exe.Args, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// checkWorldReadable checks that a user other than the judge's can run exe.
func checkWorldReadable(t *testing.T, exe *Executable) {
	t.Helper()
	if !filepath.IsAbs(exe.Path) {
		t.Errorf("path %q is not absolute", exe.Path)
	}
	if !worldRunnable(exe.Path) {
		t.Errorf("%s is not runnable by every user", exe.Path)
	}
	if strings.HasPrefix(exe.Path, "/root/") {
		t.Errorf("%s is under /root", exe.Path)
	}
	for _, a := range exe.Args {
		if fi, err := os.Stat(a); err == nil && fi.Mode().Perm()&0o004 == 0 {
			t.Errorf("argument %s is not readable by every user", a)
		}
	}
	if fi, err := os.Stat(exe.Dir); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("build directory %s: %v, %v", exe.Dir, fi.Mode(), err)
	}
}

func TestBuildErrors(t *testing.T) {
	tmp := t.TempDir()
	plain := filepath.Join(tmp, "notes.txt")
	os.WriteFile(plain, []byte("hello"), 0o644)
	slow := filepath.Join(tmp, "slow.c")
	os.WriteFile(slow, []byte("int main(){}"), 0o644)

	tests := []struct {
		name    string
		src     string
		opts    Options
		wantCE  bool
		wantMsg string
	}{
		{"C syntax error", filepath.Join(testdata, "syntax.c"), Options{}, true, "error"},
		{"Python syntax error", filepath.Join(testdata, "syntax.py"), Options{}, true, "SyntaxError"},
		{"compile time limit", slow, Options{Compile: "sleep 20", Timeout: 300 * time.Millisecond}, true, "time limit"},
		{"compiler writes nothing", slow, Options{Compile: "true"}, true, "no program"},
		{"missing file", filepath.Join(tmp, "nope.c"), Options{}, false, "no such file"},
		{"not a program", plain, Options{}, false, "neither executable"},
		{"directory", tmp, Options{}, false, "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			exe, err := Build(context.Background(), tt.src, tt.opts)
			if err == nil {
				exe.Close()
				t.Fatal("Build succeeded")
			}
			var ce *CompileError
			if errors.As(err, &ce) != tt.wantCE {
				t.Errorf("error %v: compile error %v, want %v", err, !tt.wantCE, tt.wantCE)
			}
			msg := err.Error()
			if ce != nil {
				msg += "\n" + ce.Output
				if strings.Contains(ce.Output, os.TempDir()+"/sudoku-judge-build-") {
					t.Errorf("compiler output names the build directory:\n%s", ce.Output)
				}
			}
			if !strings.Contains(msg, tt.wantMsg) {
				t.Errorf("error %q, want it to hold %q", msg, tt.wantMsg)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func TestBuildOverrideAndExecutable(t *testing.T) {
	ctx := context.Background()
	// --compile with placeholders.
	exe, err := Build(ctx, filepath.Join(testdata, "exit3.c"), Options{Compile: "gcc -O0 -o {out} {src}"})
	if err != nil {
		t.Fatal(err)
	}
	defer exe.Close()
	if err := exec.Command(exe.Path, exe.Args...).Run(); err == nil || err.(*exec.ExitError).ExitCode() != 3 {
		t.Errorf("override-built exit3: %v, want exit status 3", err)
	}
	// A ready executable is copied into a directory of its own.
	exe2, err := Build(ctx, exe.Path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer exe2.Close()
	if exe2.Dir == exe.Dir || !strings.HasPrefix(exe2.Path, exe2.Dir) || exe2.Language != "" {
		t.Errorf("executable copied to %s (dir %s, language %q)", exe2.Path, exe2.Dir, exe2.Language)
	}
	checkWorldReadable(t, exe2)
}

func TestResolveShared(t *testing.T) {
	p, err := resolveShared("python3")
	testenv.Need(t, "a python3 every user may run", err)
	if !worldRunnable(p) || strings.Contains(p, "/root/") {
		t.Errorf("python3 resolved to %s", p)
	}
	if _, err := resolveShared("no-such-interpreter-xyz"); err == nil {
		t.Error("resolved a missing interpreter")
	}
}

func TestFirstLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"\n  x.c: In function 'main':\nx.c:3:9: error: expected ';'\n", "x.c:3:9: error: expected ';'"},
		{"warning only\n", "warning only"},
		{"# command-line-arguments\n./a.go:3:2: undefined: foo\n", "./a.go:3:2: undefined: foo"},
		{"In file included\nMain.java:3: cannot find symbol\n", "Main.java:3: cannot find symbol"},
	}
	for _, tt := range tests {
		if got := FirstLine(tt.in); got != tt.want {
			t.Errorf("FirstLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestBuildFiles builds a C source that includes a header given beside it,
// and refuses a file name that is a path or the source's own.
func TestBuildFiles(t *testing.T) {
	src := filepath.Join(t.TempDir(), "main.c")
	if err := os.WriteFile(src, []byte("#include \"answer.h\"\n#include <stdio.h>\nint main(void) { printf(\"%d\\n\", ANSWER); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := Build(context.Background(), src, Options{Files: map[string][]byte{"answer.h": []byte("#define ANSWER 42\n")}})
	if errors.Is(err, exec.ErrNotFound) {
		testenv.Need(t, "a C compiler", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer exe.Close()
	if out, err := exec.Command(exe.Path, exe.Args...).Output(); err != nil || string(out) != "42\n" {
		t.Errorf("output %q, %v", out, err)
	}
	for _, name := range []string{"../answer.h", "sub/answer.h", "main.c", "", ".."} {
		if _, err := Build(context.Background(), src, Options{Files: map[string][]byte{name: nil}}); err == nil || !strings.Contains(err.Error(), "plain file name") {
			t.Errorf("Files[%q]: error %v", name, err)
		}
	}
}
