package lang

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/piddir"
	"github.com/sudoku-judge/sudoku-judge/judge/internal/procgroup"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// DefaultCompileTimeout bounds one compile when Options.Timeout is zero.
const DefaultCompileTimeout = 30 * time.Second

// buildPrefix starts the name of every build directory: buildPrefix, the
// judge's pid, a dash and a random suffix.
const buildPrefix = "sudoku-judge-build-"

// maxCompileOutput caps the compiler messages kept, in bytes.
const maxCompileOutput = 64 << 10

// Options tune Build.
type Options struct {
	// Language forces a language instead of choosing one by extension.
	Language *Language
	// Compile, if not empty, replaces the language's compile command. It is
	// run by /bin/sh -c with {src} and {out} replaced by quoted paths; the
	// program then runs as {out}, or as the language's run command.
	Compile string
	// Timeout bounds the compile's wall (and CPU) time; zero means
	// DefaultCompileTimeout, or DefaultLimits' in a sandbox.
	Timeout time.Duration
	// Sandbox, if not nil, runs the compiler: it then sees only the system
	// directories, its toolchain (read-only) and the build directory, as
	// an unprivileged user under Limits. Nil compiles as the judge's own
	// user, which is only for sources the judge trusts.
	Sandbox Runner
	// Limits bound a sandboxed compile; zero fields take DefaultLimits'.
	Limits sandbox.Limits
	// Files are other files written beside the source in the build
	// directory, by name: the headers a C or C++ source includes (a
	// problem package's testlib.h or validate.h). Names are plain file
	// names, never paths.
	Files map[string][]byte
	// Hide lists host paths the sandboxed compiler must not see (the
	// tests), should its toolchain's paths hold them; the judge's own
	// binary is hidden always.
	Hide []string
	// RunMemory is the memory limit the program will run under, for
	// runtimes that must be told it (the JVM's -Xmx): it replaces the
	// placeholder {memory_mib} in the run command. Zero means 256 MiB.
	RunMemory int64
	// Originals are the problem's original judge's compilers: a source of
	// a language (C++, C) that does not compile is compiled again as the
	// versions of it here, and Executable.Compiled says so. A version the
	// user chose (Language: c++98) or a Compile command is never changed.
	Originals []Original
}

// A Runner runs a program in a sandbox: a *sandbox.Sandbox.
type Runner interface {
	Run(ctx context.Context, spec sandbox.Spec) (*sandbox.Result, error)
}

// An Executable is a built program ready for the sandbox: Path and Args
// are the command line, all of it readable by any user.
type Executable struct {
	Path     string   // absolute path of the file to execute
	Args     []string // arguments before the program's own (the script, for Python)
	Language string   // the language's name, or "" for a program run as it is
	Dir      string   // the temporary build directory, removed by Close
	// Allow lists the host paths the program needs read-only to run,
	// besides Dir and the libraries its executable links: its language's
	// Needs (an interpreter's standard library, a JVM); for a program of
	// no known language, the system's commands and libraries. The sandbox
	// shows nothing else of the host.
	Allow []string
	// MemoryError is the language's Language.MemoryError.
	MemoryError string
	// Compiled, when the source compiled only as one of Options.Originals,
	// says so and why: "compiled as gnu++98, POJ's G++ (MinGW GCC 4.4.0);
	// as gnu++17: x.cpp:3:5: error: 'gets' was not declared in this scope".
	Compiled string

	CompileTime time.Duration // how long the compile took
}

// Close removes the build directory.
func (e *Executable) Close() error {
	if e == nil || e.Dir == "" {
		return nil
	}
	if err := os.RemoveAll(e.Dir); err != nil {
		return fmt.Errorf("lang: %w", err)
	}
	return nil
}

// A CompileError reports a failed compile: the judge's verdict CE.
type CompileError struct {
	Language string
	Command  string // the command line that failed
	Output   string // the compiler's messages, capped
	Err      error  // the exit status, or the time limit
}

func (e *CompileError) Error() string {
	msg := FirstLine(e.Output)
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("compilation failed: %s", msg)
}

func (e *CompileError) Unwrap() error { return e.Err }

// FirstLine returns the first line of compiler output that says what is
// wrong: the first one mentioning "error", else the first that names a
// position (file:line:), else the first non-blank line that is not a
// heading such as go build's "# command-line-arguments".
func FirstLine(out string) string {
	var first, positioned string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "# ") {
			continue
		}
		if first == "" {
			first = l
		}
		if strings.Contains(strings.ToLower(l), "error") {
			return l
		}
		if positioned == "" && hasPosition(l) {
			positioned = l
		}
	}
	if positioned != "" {
		return positioned
	}
	return first
}

// hasPosition reports whether a message starts with file:line:.
func hasPosition(l string) bool {
	file, rest, ok := strings.Cut(l, ":")
	if !ok || file == "" || strings.ContainsAny(file, " \t") {
		return false
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	return n > 0 && n < len(rest) && rest[n] == ':'
}

// Build prepares src to run in the sandbox. A source file of a known
// language (or with Options.Compile) is compiled; any other file is taken
// as a ready executable. Either way the result is copied into a new
// temporary directory, so a program the sandbox user could not reach where
// it lies still runs. Build returns a *CompileError when the compiler
// fails or runs out of time; other errors mean the judge could not try.
func Build(ctx context.Context, src string, opts Options) (*Executable, error) {
	abs, err := filepath.Abs(src)
	if err != nil {
		return nil, fmt.Errorf("lang: %w", err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("lang: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("lang: %s is not a regular file", src)
	}
	l := opts.Language
	if l == nil {
		l = ForFile(abs)
	}
	if l == nil && opts.Compile == "" && fi.Mode().Perm()&0o111 == 0 {
		return nil, fmt.Errorf("lang: %s is neither executable nor a source file of a known language (.c .cpp .cc .go .py)", src)
	}

	// Build directories are named after the judge's pid, so that those of
	// a judge killed mid-build (holding a contestant's source) are removed
	// here, by the next one.
	piddir.RemoveDead("", buildPrefix)
	dir, err := piddir.Make("", buildPrefix)
	if err != nil {
		return nil, fmt.Errorf("lang: %w", err)
	}
	exe := &Executable{Dir: dir}
	if l != nil {
		exe.Language, exe.MemoryError = l.Name, l.MemoryError
	}
	fail := func(err error) (*Executable, error) {
		exe.Close()
		return nil, err
	}
	// The build directory and what is in it must be reachable by the
	// sandbox's unprivileged user.
	if err := os.Chmod(dir, 0o755); err != nil {
		return fail(fmt.Errorf("lang: %w", err))
	}
	name := sanitize(filepath.Base(abs))
	if l != nil && l.SourceName != "" {
		name = l.SourceName
	}
	if l != nil && !slices.Contains(l.Extensions, strings.ToLower(filepath.Ext(name))) {
		name += l.Extensions[0] // compilers go by the extension
	}
	copySrc := filepath.Join(dir, name)
	out := filepath.Join(dir, "prog")
	if err := copyFile(abs, copySrc, 0o644); err != nil {
		return fail(err)
	}
	for n, b := range opts.Files {
		if n == "" || n != filepath.Base(n) || n == "." || n == ".." || n == name || n == "prog" {
			return fail(fmt.Errorf("lang: file %q beside the source: want a plain file name other than the source's", n))
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			return fail(fmt.Errorf("lang: %w", err))
		}
	}

	start := time.Now()
	var words, needs []string
	switch {
	case opts.Compile != "":
		cmd := strings.NewReplacer("{src}", shellQuote(copySrc), "{out}", shellQuote(out)).Replace(opts.Compile)
		words = []string{"/bin/sh", "-c", cmd}
		// A command of the judge's operator: the C toolchain's world.
		needs = existing(nativeToolchain)
	case l != nil && len(l.Compile) > 0:
		words = expand(l.Compile, copySrc, out, opts.RunMemory)
		if words[0], needs, err = l.resolve(words[0], true); err != nil {
			return fail(err)
		}
	case l == nil:
		// A ready executable: run the copy.
		if err := os.Rename(copySrc, out); err != nil {
			return fail(fmt.Errorf("lang: %w", err))
		}
	}
	if words != nil {
		if opts.Sandbox != nil {
			err = compileSandboxed(ctx, dir, words, l, needs, opts)
		} else {
			var env []string
			if l != nil {
				env = l.Env
			}
			err = compile(ctx, dir, words, env, opts.Timeout, exe.Language)
		}
		if ce := (*CompileError)(nil); errors.As(err, &ce) {
			how, tried, oerr := compileOriginal(ctx, dir, copySrc, out, l, opts)
			switch {
			case oerr != nil:
				return fail(oerr)
			case how != "":
				exe.Compiled = fmt.Sprintf("compiled as %s; as %s: %s", how, l.Std, FirstLine(ce.Output))
				err = nil
			case len(tried) > 0:
				ce.Output += fmt.Sprintf("\n(it does not compile as %s either)\n", strings.Join(tried, ", nor as "))
			}
		}
		if err != nil {
			return fail(err)
		}
	}
	exe.CompileTime = time.Since(start)

	run := []string{"{out}"}
	if l != nil {
		run = l.Run
	}
	run = expand(run, copySrc, out, opts.RunMemory)
	if l != nil && run[0] != out {
		if run[0], exe.Allow, err = l.resolve(run[0], false); err != nil {
			return fail(err)
		}
	} else if l == nil {
		// A program of no known language may be a script that runs the
		// system's commands (a --checker in sh): the C toolchain's world.
		exe.Allow = existing(nativeToolchain)
	} else if exe.Allow, err = l.needs(out, false); err != nil {
		return fail(&ToolchainError{Command: out, Err: err})
	}
	if run[0] == out || l == nil {
		// The compile may have run as another user: the program must be
		// a plain file, not a link to one of the host's.
		fi, err := os.Lstat(out)
		if err != nil || !fi.Mode().IsRegular() {
			return fail(&CompileError{Language: exe.Language, Command: opts.Compile, Err: fmt.Errorf("the compiler wrote no program at {out}")})
		}
		if err := os.Chmod(out, 0o755); err != nil {
			return fail(fmt.Errorf("lang: %w", err))
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return fail(fmt.Errorf("lang: %w", err))
	}
	exe.Path, exe.Args = run[0], run[1:]
	return exe, nil
}

// compile runs one compile command in dir, killing its whole process group
// at the time limit.
func compile(ctx context.Context, dir string, words, env []string, timeout time.Duration, language string) error {
	if timeout <= 0 {
		timeout = DefaultCompileTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, words[0], words[1:]...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "LC_ALL=C"), env...) // ASCII quotes in messages
	cmd.Stdin = nil
	var out capped
	out.max = maxCompileOutput
	cmd.Stdout, cmd.Stderr = &out, &out
	procgroup.Set(cmd)
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if err == nil {
		return nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) && ctx.Err() == nil {
		return &ToolchainError{Command: words[0], Err: err} // no compiler: the judge's fault
	}
	if ctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("compile time limit of %v exceeded", timeout)
	} else if ctx.Err() != nil {
		return fmt.Errorf("lang: compile: %w", ctx.Err())
	}
	// Paths in the messages name the build directory; show the bare names.
	msg := strings.ReplaceAll(out.String(), dir+string(filepath.Separator), "")
	return &CompileError{Language: language, Command: strings.Join(words, " "), Output: contest.SafeLines(msg), Err: err}
}

// capped keeps the first max bytes written to it and drops the rest.
type capped struct {
	bytes.Buffer
	max       int
	truncated bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); room < len(p) {
		c.truncated = true
		if room > 0 {
			c.Buffer.Write(p[:room])
		}
		return len(p), nil
	}
	return c.Buffer.Write(p)
}

func (c *capped) String() string {
	if c.truncated {
		return c.Buffer.String() + "\n(compiler output truncated)\n"
	}
	return c.Buffer.String()
}

func copyFile(src, dst string, perm os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("lang: %w", err)
	}
	defer in.Close()
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("lang: %w", err)
	}
	if _, err := io.Copy(f, in); err != nil {
		f.Close()
		return fmt.Errorf("lang: copying %s: %w", src, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("lang: %w", err)
	}
	return os.Chmod(dst, perm)
}

// sanitize keeps a file name safe to pass to a shell or a compiler.
func sanitize(name string) string {
	b := []byte(name)
	for i, c := range b {
		ok := c == '.' || c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !ok {
			b[i] = '_'
		}
	}
	s := string(b)
	if s == "prog" || strings.HasPrefix(s, "-") || strings.HasPrefix(s, ".") {
		s = "src_" + s
	}
	return s
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
