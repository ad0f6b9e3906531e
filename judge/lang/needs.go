package lang

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/ldd"
)

// What a language needs in the sandbox is declared in its own file, as its
// Needs; these are the pieces they share.

// nativeToolchain is what a C compiler (gcc or cc, and the assembler and
// linker it runs) needs: the system's commands, libraries and headers, and
// the alternatives system's links that name some of them (Debian's cc is
// /usr/bin/cc -> /etc/alternatives/cc -> /usr/bin/gcc). Never the rest of
// /etc, nor /usr/local, /opt or a home: a toolchain there is declared by
// the language that uses it (Go's GOROOT, Rust's sysroot).
var nativeToolchain = []string{"/bin", "/lib", "/lib64", "/usr/bin", "/usr/lib", "/usr/lib64", "/usr/libexec", "/usr/include", "/etc/alternatives"}

// nativeNeeds is Needs for a language compiled to a native program by the
// C toolchain: the toolchain to compile; the program's own libraries,
// which the sandbox finds, to run.
func nativeNeeds(_ string, compile bool) ([]string, error) {
	if compile {
		return existing(nativeToolchain), nil
	}
	return nil, nil
}

// existing returns the paths of ps that exist on the host.
func existing(ps []string) []string {
	var out []string
	for _, p := range ps {
		if _, err := os.Lstat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// withLinked returns dir with what the box needs for the files in it to
// work: the targets of its symbolic links that point outside it (Debian's
// JDK keeps its configuration in /etc that way) and the libraries its
// shared objects link (an interpreter's extension modules). dir itself
// must exist.
func withLinked(dir string) ([]string, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	r := ldd.New()
	out := []string{dir}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: the sandbox's user cannot read it either
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := filepath.EvalSymlinks(p)
			if err == nil && !inside(target, dir) {
				out = append(out, target)
			}
		case d.Type().IsRegular() && strings.Contains(d.Name(), ".so"):
			// A library the loader finds loaded already (the JVM's
			// libjvm.so, for its other libraries) is not found by a
			// search, and needs none.
			libs, err := r.Deps(p)
			var nf *ldd.NotFoundError
			if err != nil && !errors.As(err, &nf) {
				return err
			}
			for _, l := range libs {
				if !inside(l, dir) {
					out = append(out, l)
				}
			}
		}
		return nil
	})
	slices.Sort(out[1:])
	return slices.Compact(out), err
}

// inside reports whether path p is dir or below it.
func inside(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+"/")
}
