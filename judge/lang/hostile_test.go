package lang

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
)

func TestMain(m *testing.M) { sandboxtest.Main(m) }

const hostileDir = "../sandbox/testdata/hostile"

// A hostileCompile is one compile-time attack of the hostile suite.
type hostileCompile struct {
	src    string
	want   string // CE or OK
	limits sandbox.Limits
}

// loadHostileCompile reads the suite's *.compile.c and their want lines.
func loadHostileCompile(t *testing.T) []hostileCompile {
	t.Helper()
	srcs, err := filepath.Glob(filepath.Join(hostileDir, "*.compile.c"))
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no compile-time attacks in %s (%v)", hostileDir, err)
	}
	var cases []hostileCompile
	for _, src := range srcs {
		f, err := os.Open(src)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Scan()
		f.Close()
		fields := strings.Fields(strings.TrimPrefix(sc.Text(), "// want: "))
		if !strings.HasPrefix(sc.Text(), "// want: ") || len(fields) == 0 {
			t.Fatalf("%s:1:1: want a \"// want: CE|OK [memory=MiB] [cpu=s]\" line", src)
		}
		c := hostileCompile{src: src, want: fields[0]}
		for _, kv := range fields[1:] {
			k, v, _ := strings.Cut(kv, "=")
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("%s:1: bad %q", src, kv)
			}
			switch k {
			case "memory":
				c.limits.Memory = int64(n) << 20
			case "cpu":
				c.limits.CPUTime = time.Duration(n) * time.Second
			default:
				t.Fatalf("%s:1: unknown key %q", src, k)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// TestHostileCompile compiles every compile-time attack in the sandbox:
// each must be CE (or, for OK, build without the secret), leave no build
// directory and change no host file. A control compile of the answer
// attack without the sandbox proves that the attack is real.
func TestHostileCompile(t *testing.T) {
	testenv.NeedCommand(t, "gcc")
	sb := sandboxtest.Full(t)
	secrets := t.TempDir()
	if err := os.Chmod(secrets, 0o755); err != nil { // only the box may hide it
		t.Fatal(err)
	}
	const secret = "SECRET-ANSWER-7f3a9c\n"
	answer := filepath.Join(secrets, "1.ans")
	hostfile := filepath.Join(secrets, "hostfile")
	for _, p := range []string{answer, hostfile} {
		if err := os.WriteFile(p, []byte(secret), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	repl := strings.NewReplacer("{answer}", answer, "{hostfile}", hostfile, "{judge}", self)
	// Build directories go to a folder of this test's own, to be counted.
	buildTmp := t.TempDir()
	os.Chmod(buildTmp, 0o755)
	t.Setenv("TMPDIR", buildTmp)
	builds := func() []string {
		m, _ := filepath.Glob(filepath.Join(buildTmp, "sudoku-judge-build-*"))
		return m
	}
	before := len(builds())

	for _, c := range loadHostileCompile(t) {
		name := strings.TrimSuffix(filepath.Base(c.src), ".compile.c")
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(c.src)
			if err != nil {
				t.Fatal(err)
			}
			src := filepath.Join(t.TempDir(), name+".c")
			if err := os.WriteFile(src, []byte(repl.Replace(string(text))), 0o644); err != nil {
				t.Fatal(err)
			}
			exe, err := Build(context.Background(), src, Options{Sandbox: sb, Limits: c.limits})
			var ce *CompileError
			switch {
			case c.want == "CE" && errors.As(err, &ce):
				t.Logf("CE: %s", ce.Error())
				if strings.Contains(ce.Output, "SECRET-ANSWER") {
					t.Errorf("the compiler output shows the secret:\n%s", ce.Output)
				}
			case c.want == "OK" && err == nil:
				defer exe.Close()
				if b, _ := os.ReadFile(exe.Path); bytes.Contains(b, []byte("SECRET-ANSWER")) {
					t.Errorf("the program embeds the secret")
				}
			default:
				if exe != nil {
					exe.Close()
				}
				t.Fatalf("Build: %v, want %s", err, c.want)
			}
			for _, p := range []string{answer, hostfile} {
				if b, err := os.ReadFile(p); err != nil || string(b) != secret {
					t.Errorf("%s changed: %q, %v", p, b, err)
				}
			}
		})
	}
	if n := len(builds()); n > before {
		t.Errorf("%d build directories left behind", n-before)
	}

	t.Run("control: unsandboxed, the attack works", func(t *testing.T) {
		text, err := os.ReadFile(filepath.Join(hostileDir, "incbin-answer.compile.c"))
		if err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(t.TempDir(), "control.c")
		os.WriteFile(src, []byte(repl.Replace(string(text))), 0o644)
		exe, err := Build(context.Background(), src, Options{})
		if err != nil {
			t.Fatalf("unsandboxed build: %v", err)
		}
		defer exe.Close()
		out, err := exec.Command(exe.Path).Output()
		if err != nil || string(out) != secret {
			t.Errorf("unsandboxed, the program printed %q (%v); the attack should work there", out, err)
		}
	})
}
