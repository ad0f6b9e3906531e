package measure

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
)

// Pkg is the package the benchmarks live in, as `go test -bench` would
// record it, so that results from either source line up.
const Pkg = "github.com/sudoku-judge/sudoku-judge/bench"

// A Header is the file configuration written before the results: what
// machine and which source tree they come from.
type Header struct {
	GOOS, GOARCH string
	CPU          string
	GoVersion    string // the toolchain that built the benchmark, runtime.Version()
	// Version is the build's module version, such as "v1.2.0" or
	// "(devel)" for a build from a checkout, or "" when unknown.
	Version string
	Pkg     string
	Commit  string // "" when unknown
	Dirty   bool   // the working tree had changes not in Commit
}

// config returns the header as benchfmt configuration lines, in order.
func (h Header) config() [][2]string {
	var c [][2]string
	add := func(k, v string) {
		if v != "" {
			c = append(c, [2]string{k, v})
		}
	}
	add("goos", h.GOOS)
	add("goarch", h.GOARCH)
	add("cpu", h.CPU)
	add("go", h.GoVersion)
	add("version", h.Version)
	add("pkg", h.Pkg)
	add("commit", h.Commit)
	if h.Commit != "" {
		add("dirty", fmt.Sprint(h.Dirty))
	}
	return c
}

// Describe returns the header of this machine and of the build measuring:
// the commit the binary was built from when the build recorded it (go
// build in a git checkout does), else that of the git tree at dir (go run,
// go test). What it could not find out comes back as warnings, not
// errors: results are worth writing without a commit.
func Describe(ctx context.Context, dir string) (Header, []error) {
	info, _ := debug.ReadBuildInfo()
	return describe(ctx, dir, info)
}

func describe(ctx context.Context, dir string, info *debug.BuildInfo) (Header, []error) {
	h := Header{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPU: cpuName(), GoVersion: runtime.Version(), Pkg: Pkg}
	if info != nil {
		h.Version = info.Main.Version
		var revision, modified string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if revision != "" {
			h.Commit, h.Dirty = revision, modified == "true"
			return h, nil
		}
	}
	var warnings []error
	commit, err := git(ctx, dir, "rev-parse", "HEAD")
	if err != nil {
		return h, append(warnings, fmt.Errorf("no commit recorded: %w", err))
	}
	h.Commit = strings.TrimSpace(commit)
	status, err := git(ctx, dir, "status", "--porcelain", "--untracked-files=no")
	if err != nil {
		return h, append(warnings, fmt.Errorf("cannot tell whether the tree is dirty: %w", err))
	}
	h.Dirty = strings.TrimSpace(status) != ""
	return h, warnings
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", fmt.Errorf("git %s: %s", args[0], firstLine(msg))
		}
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	return string(out), nil
}

// cpuName returns the processor's model name on Linux, or "".
func cpuName() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
