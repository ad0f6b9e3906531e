package lang

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// python is Python 3, run from source by the system interpreter without
// site-packages (-S: the standard library only, as on contest judges).
// Compile only byte-compiles the file in memory, so a syntax error is CE.
var python = Language{
	Name:       "python",
	Extensions: []string{".py"},
	Compile:    []string{"python3", "-S", "-c", pySyntaxCheck, "{src}"},
	Run:        []string{"python3", "-S", "{src}"},
	Aliases:    []string{"py", "py3", "python3"},
	Needs:      pythonNeeds,
}

// pythonNeeds: the interpreter's standard library, next to its binary
// (/usr/bin/python3.11 has /usr/lib/python3.11), with the libraries its
// extension modules link, to check the syntax and to run alike.
func pythonNeeds(path string, _ bool) ([]string, error) {
	return withLinked(filepath.Join(homeOf(path), "lib", filepath.Base(path)))
}

// pySyntaxCheck compiles the file named by argv[1] without running it and
// reports a syntax error in the compilers' "file:line:col: error: ..." form.
const pySyntaxCheck = `import sys
path = sys.argv[1]
try:
    compile(open(path, 'rb').read(), path, 'exec')
except SyntaxError as e:
    text = (e.text or '').rstrip()
    sys.exit('%s:%s:%s: error: %s: %s%s' % (path, e.lineno, e.offset, type(e).__name__, e.msg, '\n    ' + text if text else ''))
except ValueError as e:
    sys.exit('%s: error: %s' % (path, e))
`

// sharedDirs are searched before $PATH by resolveShared: a per-user
// interpreter (a pyenv shim under /root) is not readable by the sandbox's
// user, the system one is.
var sharedDirs = []string{"/usr/bin", "/usr/local/bin", "/bin"}

// resolveShared finds name in the system directories, then on $PATH, and
// returns the first one, with symbolic links resolved, that every user may
// read and execute.
func resolveShared(name string) (string, error) {
	if filepath.IsAbs(name) {
		return name, nil
	}
	var cands []string
	for _, d := range sharedDirs {
		cands = append(cands, filepath.Join(d, name))
	}
	if p, err := exec.LookPath(name); err == nil {
		cands = append(cands, p)
	}
	for _, c := range cands {
		real, err := filepath.EvalSymlinks(c)
		if err != nil {
			continue
		}
		if worldRunnable(real) {
			return real, nil
		}
	}
	return "", fmt.Errorf("lang: no %s that an unprivileged user can run (looked in %v and $PATH): %w", name, sharedDirs, exec.ErrNotFound)
}

// worldRunnable reports whether path is a regular file that others may read
// and execute, in directories others may search.
func worldRunnable(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o005 != 0o005 {
		return false
	}
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		di, err := os.Stat(d)
		if err != nil || di.Mode().Perm()&0o001 == 0 {
			return false
		}
		if d == filepath.Dir(d) {
			return true
		}
	}
}
