//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/ldd"
)

// A depsCache remembers what executables link, so that a program run on
// many tests is read once: a file is known by its identity and its last
// change, so a rebuilt one is read anew.
type depsCache struct {
	r  *ldd.Resolver
	mu sync.Mutex
	m  map[fileID][]string
}

type fileID struct {
	dev, ino uint64
	mtime    unix.Timespec
	size     int64
}

func newDepsCache() *depsCache {
	return &depsCache{r: ldd.New(), m: make(map[fileID][]string)}
}

// maxDeps bounds the cache; past it, it starts afresh.
const maxDeps = 256

// of returns the files the executable at path needs to be loaded (see
// ldd.Resolver.Deps).
func (c *depsCache) of(path string) ([]string, error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return nil, nil // the helper reports the failed exec
	}
	id := fileID{uint64(st.Dev), st.Ino, st.Mtim, st.Size}
	c.mu.Lock()
	deps, ok := c.m[id]
	c.mu.Unlock()
	if ok {
		return deps, nil
	}
	// A library no search finds fails the program's start in the box as
	// it would outside: the program's fault, not the judge's.
	var nf *ldd.NotFoundError
	deps, err := c.r.Deps(path)
	if err != nil && !errors.As(err, &nf) {
		return nil, err
	}
	if interp := interpreter(path); interp != "" {
		// A script: the kernel runs the interpreter its first line names.
		more, err := c.r.Deps(interp)
		if err != nil && !errors.As(err, &nf) {
			return nil, err
		}
		deps = append(append(deps, interp), more...)
	}
	c.mu.Lock()
	if len(c.m) >= maxDeps {
		clear(c.m)
	}
	c.m[id] = deps
	c.mu.Unlock()
	return deps, nil
}

// runDirs are the run's own directories in the root, mounted afresh for
// each run over whatever the shared part holds there.
var runDirs = []string{"/tmp", boxDir, ProgramDir}

// interpreter returns the interpreter the "#!" line of the file at path
// names, or "".
func interpreter(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	b := make([]byte, 256) // the kernel reads as much (BINPRM_BUF_SIZE)
	n, _ := io.ReadFull(f, b)
	line, ok := strings.CutPrefix(string(b[:n]), "#!")
	if !ok {
		return ""
	}
	line, _, _ = strings.Cut(line, "\n")
	if f := strings.Fields(line); len(f) > 0 && filepath.IsAbs(f[0]) {
		return f[0]
	}
	return ""
}

// allowed returns the host paths the run's root holds read-only at the
// same path, sorted and without repeats: the Sandbox's and the Spec's,
// the executable unless it is the run's own program (in Spec.Program or
// ReadOnly), and the libraries it links. Those under the run's own
// directories (a program in the host's /tmp) come back as perRun, to be
// mounted for the run over them.
func (r *run) allowed() (allow, perRun []string, err error) {
	s, spec := r.s, r.spec
	all := slices.Concat(s.allow, spec.Allow)
	own := spec.Program != "" && under(spec.Path, []string{spec.Program})
	if !own && !under(spec.Path, all) && !under(spec.Path, spec.ReadOnly) {
		all = append(all, spec.Path)
	}
	deps, err := s.deps.of(spec.Path)
	if err != nil {
		return nil, nil, err
	}
	all = append(all, deps...)
	for _, p := range all {
		if !filepath.IsAbs(p) {
			return nil, nil, fmt.Errorf("allowed path %q is not absolute", p)
		}
		p = filepath.Clean(p)
		if under(p, runDirs) {
			perRun = append(perRun, p)
		} else {
			allow = append(allow, p)
		}
	}
	slices.Sort(allow)
	return slices.Compact(allow), perRun, nil
}

// inBox returns p as the program sees it: a path in Spec.Program under
// ProgramDir, any other as it is.
func (r *run) inBox(p string) string {
	prog := r.spec.Program
	if prog == "" || !r.s.ns {
		return p
	}
	prog = filepath.Clean(prog)
	if p == prog {
		return ProgramDir
	}
	if rest, ok := strings.CutPrefix(p, prog+"/"); ok {
		return ProgramDir + "/" + rest
	}
	return p
}

// stageProgram returns a detached mount (fsmount) of a new tmpfs holding a
// copy of the files of directory fd, at most size bytes if size > 0, for
// a helper to attach as a run's ProgramDir. The judge copies, not the
// helper: a reused helper may keep a lowered RLIMIT_FSIZE of an earlier
// run. The mount is nowhere in the judge's namespace and goes when the
// descriptor is closed.
func stageProgram(fd int, size int64) (int, error) {
	fs, err := unix.Fsopen("tmpfs", unix.FSOPEN_CLOEXEC)
	if err != nil {
		return -1, fmt.Errorf("fsopen: %w", err)
	}
	defer unix.Close(fs)
	for k, v := range map[string]string{"mode": "0755", "size": fmt.Sprint(size)} {
		if err := unix.FsconfigSetString(fs, k, v); err != nil {
			return -1, fmt.Errorf("fsconfig %s: %w", k, err)
		}
	}
	if err := unix.FsconfigCreate(fs); err != nil {
		return -1, fmt.Errorf("fsconfig: %w", err)
	}
	mnt, err := unix.Fsmount(fs, unix.FSMOUNT_CLOEXEC, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NODEV)
	if err != nil {
		return -1, fmt.Errorf("fsmount: %w", err)
	}
	if err := copyTree(fd, mnt, size); err != nil {
		unix.Close(mnt)
		return -1, fmt.Errorf("copying: %w", err)
	}
	return mnt, nil
}
