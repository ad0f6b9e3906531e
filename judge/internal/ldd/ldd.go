package ldd

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// CachePath is the dynamic loader's cache of library paths.
const CachePath = "/etc/ld.so.cache"

// defaultDirs are searched after the cache, as the loader does.
var defaultDirs = []string{"/lib64", "/usr/lib64", "/lib", "/usr/lib"}

// A Resolver finds the libraries ELF files need. Its zero value searches
// no cache; New reads the host's.
type Resolver struct {
	cache map[string][]string // soname to paths, in the cache's order
}

// New returns a Resolver that searches the host's loader cache, if it can
// read it, before the default directories.
func New() *Resolver {
	r := &Resolver{}
	if b, err := os.ReadFile(CachePath); err == nil {
		r.cache, _ = parseCache(b) // a cache it cannot read is only slower to do without
	}
	return r
}

// Deps returns the files the ELF file at path needs to be loaded: its
// interpreter and the libraries it needs, directly or through each other,
// each by the path the loader finds it at. A file that is not ELF (a
// script) or links nothing (a static executable) needs nothing, and so
// does one that cannot be read, which the caller will not run either. A
// library that cannot be found is a *NotFoundError naming it, returned
// with all that was found.
func (r *Resolver) Deps(path string) ([]string, error) {
	var out []string
	var missing []string
	seen := map[string]bool{}
	queue := []string{path}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		f, err := elf.Open(p)
		if err != nil {
			if p == path {
				return nil, nil // not ELF (a script), or not there: nothing to load
			}
			return nil, fmt.Errorf("ldd: %w", err)
		}
		needs, lost, err := r.direct(p, f)
		f.Close()
		if err != nil {
			return nil, err
		}
		missing = append(missing, lost...)
		for _, n := range needs {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
				queue = append(queue, n)
			}
		}
	}
	if len(missing) > 0 {
		return out, &NotFoundError{Missing: missing}
	}
	return out, nil
}

// A NotFoundError lists the libraries no search found, each as "FILE
// needs NAME". A library that is loaded already (by the program, from a
// path of its own choosing) is found by its name without a search, so
// this is not always fatal: Deps returns what it found along with it.
type NotFoundError struct {
	Missing []string
}

func (e *NotFoundError) Error() string {
	return "ldd: not found: " + strings.Join(e.Missing, ", ")
}

// direct returns what f, the ELF file at path, needs itself, and which of
// its libraries no search found.
func (r *Resolver) direct(path string, f *elf.File) (needs, missing []string, err error) {
	var out []string
	for _, p := range f.Progs {
		if p.Type != elf.PT_INTERP {
			continue
		}
		b := make([]byte, p.Filesz)
		if _, err := p.ReadAt(b, 0); err != nil {
			return nil, nil, fmt.Errorf("ldd: %s: interpreter: %w", path, err)
		}
		out = append(out, string(bytes.TrimRight(b, "\x00")))
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return nil, nil, fmt.Errorf("ldd: %s: %w", path, err)
	}
	var search []string
	for _, tag := range []elf.DynTag{elf.DT_RPATH, elf.DT_RUNPATH} {
		vals, _ := f.DynString(tag)
		for _, v := range vals {
			for _, d := range strings.Split(v, ":") {
				d = strings.ReplaceAll(strings.ReplaceAll(d, "${ORIGIN}", "$ORIGIN"), "$ORIGIN", filepath.Dir(path))
				if d != "" {
					search = append(search, d)
				}
			}
		}
	}
	for _, lib := range libs {
		if p, ok := r.find(lib, search, f); ok {
			out = append(out, p)
		} else {
			missing = append(missing, path+" needs "+lib)
		}
	}
	return out, missing, nil
}

// find returns where the loader finds library name for f: a path as it is,
// else the first of search dirs, the cache's entries and the default dirs
// that holds an ELF file of f's class and machine.
func (r *Resolver) find(name string, search []string, f *elf.File) (string, bool) {
	if strings.Contains(name, "/") {
		return name, true
	}
	var cands []string
	for _, d := range search {
		cands = append(cands, filepath.Join(d, name))
	}
	cands = append(cands, r.cache[name]...)
	for _, d := range defaultDirs {
		cands = append(cands, filepath.Join(d, name))
	}
	for _, c := range cands {
		if sameKind(c, f) {
			return c, true
		}
	}
	return "", false
}

// sameKind reports whether path is an ELF file loadable with f: the same
// class and machine.
func sameKind(path string, f *elf.File) bool {
	g, err := elf.Open(path)
	if err != nil {
		return false
	}
	defer g.Close()
	return g.Class == f.Class && g.Machine == f.Machine
}

// cacheMagic starts the loader cache's current format (glibc 2.32 and
// later write only it; older ones put it after the old format's table).
const cacheMagic = "glibc-ld.so.cache1.1"

// parseCache reads the loader's cache: for each soname, the paths it
// lists, in order. Its string offsets count from the format's header.
func parseCache(b []byte) (map[string][]string, error) {
	start := bytes.Index(b, []byte(cacheMagic))
	if start < 0 {
		return nil, errors.New("ldd: " + CachePath + ": not in the " + cacheMagic + " format")
	}
	h := b[start:]
	const headerSize, entrySize = 48, 24
	if len(h) < headerSize {
		return nil, errors.New("ldd: " + CachePath + ": truncated")
	}
	n := int(binary.LittleEndian.Uint32(h[20:]))
	if binary.LittleEndian.Uint32(h[20:]) > 1<<20 || bigEndianCache(h) {
		return nil, errors.New("ldd: " + CachePath + ": not a little-endian cache")
	}
	if len(h) < headerSize+n*entrySize {
		return nil, errors.New("ldd: " + CachePath + ": truncated")
	}
	str := func(off uint32) string {
		if int(off) >= len(h) {
			return ""
		}
		s := h[off:]
		if i := bytes.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		return string(s)
	}
	m := make(map[string][]string, n)
	for i := range n {
		e := h[headerSize+i*entrySize:]
		key, val := str(binary.LittleEndian.Uint32(e[4:])), str(binary.LittleEndian.Uint32(e[8:]))
		if key != "" && val != "" {
			m[key] = append(m[key], val)
		}
	}
	return m, nil
}

// bigEndianCache reports whether the cache's header says it was written
// in big-endian order (the flags' endianness bits: 2 little, 3 big, 0
// unset in caches older than glibc 2.33, which were the host's order).
func bigEndianCache(h []byte) bool { return h[28]&3 == 3 }
