package lang

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// DefaultLimits returns the limits of a sandboxed compile where
// Options.Limits leaves a field zero. They are generous for the toolchains here (a cold go build
// of a contest program takes about 9 s of CPU and 300 MiB; javac and rustc
// stay under 1 GiB) and small enough that a hostile source cannot hold a
// core or the machine's memory for long.
func DefaultLimits() sandbox.Limits {
	return sandbox.Limits{
		CPUTime:   60 * time.Second,
		WallTime:  90 * time.Second,
		Memory:    2 << 30,
		Output:    64 << 20, // the largest file the compiler may write
		Processes: 128,      // go build runs compile and link jobs in parallel, each with threads
	}
}

// compileLimits returns opts.Limits with DefaultLimits in its zero fields;
// a non-zero Options.Timeout is the wall-clock limit.
func (opts Options) compileLimits() sandbox.Limits {
	l := opts.Limits
	if opts.Timeout > 0 && l.WallTime == 0 {
		l.WallTime = opts.Timeout
		if l.CPUTime == 0 || l.CPUTime > opts.Timeout {
			l.CPUTime = opts.Timeout
		}
	}
	d := DefaultLimits()
	if l.CPUTime == 0 {
		l.CPUTime = d.CPUTime
	}
	if l.WallTime == 0 {
		l.WallTime = max(d.WallTime, l.CPUTime)
	}
	if l.Memory == 0 {
		l.Memory = d.Memory
	}
	if l.Output == 0 {
		l.Output = d.Output
	}
	if l.Processes == 0 {
		l.Processes = d.Processes
	}
	return l
}

// compileSandboxed runs the compile command words in the sandbox: the
// compiler sees what its language needs to compile (needs) read-only, the
// build directory dir (holding the copied source and nothing else)
// writable, and no network, tests, answers or judge. It runs as the
// sandbox's unprivileged user under opts' limits; going over one is CE.
// A compiler that cannot be started is a setup error, not CE.
func compileSandboxed(ctx context.Context, dir string, words []string, l *Language, needs []string, opts Options) error {
	var env []string
	var ro []string
	allowLocks := false
	name := ""
	if l != nil {
		env, allowLocks, name = l.Env, l.AllowLocks, l.Name
	}
	if l != nil && l.Cache != "" {
		// A cache of the build's own, inside the build directory, so one
		// submission cannot poison the next: a copy of the judge's warm
		// template when there is one, made in the box by the compile's
		// user so that it owns the copy; else empty, and the compiler
		// makes it.
		cache := filepath.Join(dir, ".cache")
		env = append(env, l.Cache+"="+cache)
		defer os.RemoveAll(cache)
		if tmpl, err := cacheTemplate(ctx, l, words[0]); err == nil {
			ro = append(slices.Clip(ro), tmpl)
			words = append([]string{"/bin/sh", "-c", `cp -R "$1" "$2" && shift 2 && exec "$@"`, "sh", tmpl, cache}, words...)
		}
	}
	limits := opts.compileLimits()
	hide := slices.Clone(opts.Hide)
	if self, err := os.Executable(); err == nil {
		// The judge's binary holds every built-in problem's answers; it
		// may lie in a system directory the compiler sees.
		if real, err := filepath.EvalSymlinks(self); err == nil {
			hide = append(hide, real)
		}
	}
	res, err := opts.Sandbox.Run(ctx, sandbox.Spec{
		Hide:       hide,
		Path:       words[0],
		Args:       words[1:],
		Env:        append([]string{"LC_ALL=C", "TMPDIR=/tmp"}, env...),
		Limits:     limits,
		Allow:      needs,
		ReadOnly:   ro,
		Writable:   []string{dir},
		AllowLocks: allowLocks,
	})
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("lang: compile: %w", ctx.Err())
		}
		return fmt.Errorf("lang: sandboxed compile: %w", err)
	}
	// Whatever ran as the compile's uid must not keep the directory.
	if err := reclaim(dir); err != nil {
		return err
	}
	msg := strings.ReplaceAll(string(res.Stdout)+string(res.Stderr), dir+string(filepath.Separator), "")
	var why error
	switch res.Status {
	case sandbox.OK:
		return nil
	case sandbox.RuntimeError:
		if res.ExitCode == 127 && len(words) > 2 && words[0] == "/bin/sh" {
			// The shell of a --compile command found no such command.
			return &ToolchainError{Command: strings.Join(words[2:], " "), Err: fmt.Errorf("%s", FirstLine(msg))}
		}
		if res.Signal != "" {
			why = fmt.Errorf("the compiler was killed by %s", res.Signal)
		} else {
			why = fmt.Errorf("exit status %d", res.ExitCode)
		}
	case sandbox.TimeLimit:
		why = fmt.Errorf("compile time limit exceeded (%s)", res.Note)
	case sandbox.MemoryLimit:
		why = fmt.Errorf("compile memory limit exceeded (%s)", res.Note)
	case sandbox.OutputLimit:
		why = fmt.Errorf("compile output limit exceeded (%s)", res.Note)
	default:
		return fmt.Errorf("lang: sandboxed compile: %s", res.Note)
	}
	if res.Status != sandbox.RuntimeError {
		// The limit is the message: say it before the compiler's lines.
		msg = why.Error() + "\n" + msg
	}
	return &CompileError{Language: name, Command: strings.Join(words, " "), Output: contest.SafeLines(capString(msg, maxCompileOutput)), Err: why}
}

// reclaim gives dir back to the judge after a compile that ran under
// another uid, so that nothing there stays writable by that uid.
func reclaim(dir string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	uid, gid := os.Getuid(), os.Getgid()
	return filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := os.Lchown(p, uid, gid); err != nil {
			return fmt.Errorf("lang: reclaiming the build directory: %w", err)
		}
		return nil
	})
}

// A ToolchainError says a compiler or interpreter is missing or cannot be
// run: a fault of the judge's setup (IE), never the contestant's (CE).
type ToolchainError struct {
	Command string
	Err     error
}

func (e *ToolchainError) Error() string {
	return fmt.Sprintf("lang: cannot run %s: %v", e.Command, e.Err)
}

func (e *ToolchainError) Unwrap() error { return e.Err }

// IsToolchainError reports whether err says the judge lacks a toolchain.
func IsToolchainError(err error) bool {
	var te *ToolchainError
	return errors.As(err, &te)
}

// capString keeps the first max bytes of s.
func capString(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return s[:max] + "\n(compiler output truncated)\n"
}
