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

	"github.com/sudoku-judge/sudoku-judge/judge/internal/procgroup"
)

// DefaultCompileTimeout bounds one compile when Options.Timeout is zero.
const DefaultCompileTimeout = 30 * time.Second

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
	// Timeout bounds the compile; zero means DefaultCompileTimeout.
	Timeout time.Duration
}

// An Executable is a built program ready for the sandbox: Path and Args
// are the command line, all of it readable by any user.
type Executable struct {
	Path     string   // absolute path of the file to execute
	Args     []string // arguments before the program's own (the script, for Python)
	Language string   // the language's name, or "" for a program run as it is
	Dir      string   // the temporary build directory, removed by Close

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
// wrong: the first one mentioning "error", else the first non-blank line.
func FirstLine(out string) string {
	var first string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if first == "" {
			first = l
		}
		if strings.Contains(strings.ToLower(l), "error") {
			return l
		}
	}
	return first
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

	dir, err := os.MkdirTemp("", "sudoku-judge-build-")
	if err != nil {
		return nil, fmt.Errorf("lang: %w", err)
	}
	exe := &Executable{Dir: dir}
	if l != nil {
		exe.Language = l.Name
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
	if l != nil && !slices.Contains(l.Extensions, strings.ToLower(filepath.Ext(name))) {
		name += l.Extensions[0] // compilers go by the extension
	}
	copySrc := filepath.Join(dir, name)
	out := filepath.Join(dir, "prog")
	if err := copyFile(abs, copySrc, 0o644); err != nil {
		return fail(err)
	}

	start := time.Now()
	switch {
	case opts.Compile != "":
		cmd := strings.NewReplacer("{src}", shellQuote(copySrc), "{out}", shellQuote(out)).Replace(opts.Compile)
		if err := compile(ctx, dir, []string{"/bin/sh", "-c", cmd}, nil, opts.Timeout, exe.Language); err != nil {
			return fail(err)
		}
	case l != nil && len(l.Compile) > 0:
		words := expand(l.Compile, copySrc, out)
		if l.Resolve != nil {
			p, err := l.Resolve(words[0])
			if err != nil {
				return fail(err)
			}
			words[0] = p
		}
		if err := compile(ctx, dir, words, l.Env, opts.Timeout, l.Name); err != nil {
			return fail(err)
		}
	case l == nil:
		// A ready executable: run the copy.
		if err := os.Rename(copySrc, out); err != nil {
			return fail(fmt.Errorf("lang: %w", err))
		}
	}
	exe.CompileTime = time.Since(start)

	run := []string{"{out}"}
	if l != nil {
		run = expand(l.Run, copySrc, out)
		if l.Resolve != nil {
			p, err := l.Resolve(run[0])
			if err != nil {
				return fail(err)
			}
			run[0] = p
		}
	} else {
		run = expand(run, copySrc, out)
	}
	if run[0] == out {
		if _, err := os.Stat(out); err != nil {
			return fail(&CompileError{Language: exe.Language, Command: opts.Compile, Err: fmt.Errorf("the compiler wrote no program at {out}")})
		}
		if err := os.Chmod(out, 0o755); err != nil {
			return fail(fmt.Errorf("lang: %w", err))
		}
	} else if !filepath.IsAbs(run[0]) {
		p, err := exec.LookPath(run[0])
		if err != nil {
			return fail(fmt.Errorf("lang: %w", err))
		}
		run[0] = p
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
		return fmt.Errorf("lang: %s: %w", words[0], err) // no compiler: the judge's fault
	}
	if ctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("compile time limit of %v exceeded", timeout)
	} else if ctx.Err() != nil {
		return fmt.Errorf("lang: compile: %w", ctx.Err())
	}
	// Paths in the messages name the build directory; show the bare names.
	msg := strings.ReplaceAll(out.String(), dir+string(filepath.Separator), "")
	return &CompileError{Language: language, Command: strings.Join(words, " "), Output: msg, Err: err}
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
