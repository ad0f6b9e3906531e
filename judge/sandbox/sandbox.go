package sandbox

import (
	"io"
	"strconv"
	"time"
)

// Limits bound one run. Zero means "no limit" except where noted.
//
// The wall-clock limit counts the time the program was not waiting for a
// CPU, where the kernel tells (Isolation.CPUWait): a program that sleeps
// or blocks reaches it, while one the machine starves is given the time
// it waited, up to 10 times the limit in real time, and is then Starved.
type Limits struct {
	CPUTime   time.Duration // CPU time (user+sys) of the whole process tree
	WallTime  time.Duration // wall clock less CPU wait (see above); 0 means 3*CPUTime + 1s (so sleepers die too), or none if CPUTime is 0 too
	Memory    int64         // bytes, peak of the whole tree
	Output    int64         // bytes of stdout; 0 means 64 MiB. Past it: kill, OutputLimit
	Processes int           // max live processes/threads; 0 means 64
}

// Defaults for the zero values of Limits that do not mean "no limit".
const (
	DefaultOutput    = 64 << 20
	DefaultProcesses = 64
)

// stderrCap bounds the stderr a Result keeps.
const stderrCap = 64 << 10

// withDefaults returns l with its defaults filled in.
func (l Limits) withDefaults() Limits {
	if l.WallTime == 0 && l.CPUTime > 0 {
		l.WallTime = 3*l.CPUTime + time.Second
	}
	if l.Output <= 0 {
		l.Output = DefaultOutput
	}
	if l.Processes <= 0 {
		l.Processes = DefaultProcesses
	}
	return l
}

// A Spec says what to run and how.
type Spec struct {
	Path  string    // program to exec (absolute path, or looked up in PATH by the caller beforehand)
	Args  []string  // arguments after argv[0]
	Env   []string  // appended to a minimal environment (PATH=/usr/local/bin:/usr/bin:/bin, HOME=<workdir>, LANG=C.UTF-8)
	Stdin io.Reader // may be nil
	// Limits bound the run.
	Limits Limits
	// Allow lists the host paths, files or directories, that the
	// program's root holds read-only at the same path, besides Path and
	// the libraries it links (found from its ELF headers): a language's
	// runtime or toolchain (see package lang). Symbolic links on the way
	// to each are recreated. Nothing else of the host is in the root, so
	// runs with the same Allow share its mounts, made once.
	Allow []string
	// Program, if not empty, is a host directory holding the program (a
	// build directory), whose files the run sees, copied, read-only, at
	// ProgramDir: Path and Args that name files in it are passed as
	// those, so that no host path names the program (argv[0],
	// /proc/self/exe, mountinfo).
	Program string
	// Hide lists host paths the program must not see, such as the directory
	// holding expected answers, should they lie in an allowed path. Each
	// is covered by an empty mount.
	Hide []string
	// ReadOnly lists further host paths the program must see read-only,
	// at the same path, mounted for this run alone, such as a build
	// cache's template.
	ReadOnly []string
	// Writable lists host directories the program may write, at the same
	// path, such as a compiler's output directory. Each is given to the
	// run's uid (chown of the directory itself) before the run.
	Writable []string
	// AllowLocks lets the program take file locks (flock, fcntl), which
	// the seccomp filter otherwise refuses as a channel between concurrent
	// runs: for tools such as go build that lock their own cache.
	AllowLocks bool
}

// A Status is what became of a run.
type Status int

const (
	OK           Status = iota // exited with status 0
	TimeLimit                  // CPU or wall time exceeded
	MemoryLimit                // memory exceeded
	OutputLimit                // stdout, or a file written, exceeded its limit
	RuntimeError               // non-zero exit or killed by a signal
	Internal                   // the sandbox failed; see Result.Note
	// Starved means the run could not be measured fairly: it waited for a
	// CPU so long that the stretched wall-clock limit ran out (or, where
	// the wait is not measured, the wall-clock limit fired on a loaded
	// machine). It is no verdict on the program: run it again, or report
	// an internal error.
	Starved
)

var statusNames = [...]string{"OK", "TLE", "MLE", "OLE", "RE", "IE", "IE"}

// String returns the judge's abbreviation: "OK", "TLE", "MLE", "OLE", "RE"
// or "IE" (Internal and Starved).
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return "Status(" + strconv.Itoa(int(s)) + ")"
	}
	return statusNames[s]
}

// MarshalText makes a Status read as its String in JSON.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// A Result reports one run.
type Result struct {
	Status   Status
	ExitCode int           // -1 when killed by a signal
	Signal   string        // e.g. "SIGSEGV", "" when it exited
	CPUTime  time.Duration // user+sys of the process tree, its exec included
	WallTime time.Duration // from the program's exec to its end
	Memory   int64         // peak bytes (cgroup peak when available, else rusage maxrss; 0 if unknown)
	Stdout   []byte        // at most Limits.Output bytes
	Stderr   []byte        // first 64 KiB
	Note     string        // why, in a few words, for TLE/MLE/OLE/IE and Starved ("wall time 3.0s exceeded", ...)
	// CPUWait is how long the program's tasks were runnable but waiting
	// for a CPU, summed over them; 0 where it is not measured
	// (Isolation.CPUWait).
	CPUWait time.Duration
}

// Options tune New. The zero value asks for everything the machine allows.
type Options struct {
	// NoNamespaces runs programs in the judge's namespaces: no private file
	// system, network or process view.
	NoNamespaces bool
	// NoCgroups does without cgroups: limits are rlimits only.
	NoCgroups bool
	// NoSetuid keeps the judge's uid even when running as root.
	NoSetuid bool

	// UID is the first of MaxParallel consecutive uids (and gids) given to
	// runs when the judge is root; each concurrent run gets its own. 0 means
	// DefaultUID. The uids need no entry in /etc/passwd.
	UID int
	// MaxParallel bounds concurrent runs; further Runs wait. 0 means 64.
	MaxParallel int

	// Allow lists host paths every run's root holds, read-only, besides
	// each Spec's Allow; nil means none.
	Allow []string
	// TempDir is where the sandbox keeps its one directory; "" means
	// os.TempDir().
	TempDir string
}

// DefaultUID is the first uid of the default pool: high, so that it is
// nobody's, and clear of the ranges usually delegated to user namespaces.
const DefaultUID = 1 << 30

// ProgramDir is where a run sees Spec.Program.
const ProgramDir = "/prog"
