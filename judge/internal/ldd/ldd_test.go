package ldd

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// TestDepsMatchLdd compares Deps with what the system's ldd, which asks
// the dynamic loader itself, lists for some of the host's executables and
// libraries: the same files, each by its real path.
func TestDepsMatchLdd(t *testing.T) {
	testenv.NeedCommand(t, "ldd")
	r := New()
	for _, name := range []string{"/bin/true", "/bin/sh", "/usr/bin/python3", "node", "java", "gcc"} {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if path, err = filepath.EvalSymlinks(path); err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			out, err := exec.Command("ldd", path).Output()
			if err != nil {
				t.Skipf("skipped: ldd %s: %v", path, err)
			}
			want := realPaths(t, lddPaths(string(out)))
			deps, err := r.Deps(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := realPaths(t, deps); !slices.Equal(got, want) {
				t.Errorf("Deps(%s) = %v\nldd lists %v", path, got, want)
			}
		})
	}
}

// lddPaths returns the files ldd's output names: "name => /path (addr)"
// and "/path (addr)" lines, not the vDSO, which no file holds.
func lddPaths(out string) []string {
	var ps []string
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[1] == "=>" && strings.HasPrefix(f[2], "/"):
			ps = append(ps, f[2])
		case len(f) >= 1 && strings.HasPrefix(f[0], "/"):
			ps = append(ps, f[0])
		}
	}
	return ps
}

// realPaths returns ps with symbolic links resolved, sorted, without
// repeats.
func realPaths(t *testing.T, ps []string) []string {
	t.Helper()
	var out []string
	for _, p := range ps {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, real)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestDepsOfWhatIsNotELF(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "script")
	os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755)
	for _, p := range []string{script, filepath.Join(dir, "missing")} {
		if deps, err := New().Deps(p); err != nil || len(deps) != 0 {
			t.Errorf("Deps(%s) = %v, %v; want nothing", p, deps, err)
		}
	}
}

// cacheFile builds a loader cache in the current format: the header,
// entries of (soname, path), and the strings they point to.
func cacheFile(entries [][2]string) []byte {
	const headerSize, entrySize = 48, 24
	var strs bytes.Buffer
	off := uint32(headerSize + entrySize*len(entries))
	h := []byte(cacheMagic)
	h = binary.LittleEndian.AppendUint32(h, uint32(len(entries)))
	h = binary.LittleEndian.AppendUint32(h, 0) // length of the strings, unread
	h = append(h, 2, 0, 0, 0)                  // flags: little-endian
	h = append(h, make([]byte, headerSize-len(h))...)
	for _, e := range entries {
		key := off + uint32(strs.Len())
		strs.WriteString(e[0] + "\x00")
		val := off + uint32(strs.Len())
		strs.WriteString(e[1] + "\x00")
		h = binary.LittleEndian.AppendUint32(h, 0x303) // flags: x86-64 libc6
		h = binary.LittleEndian.AppendUint32(h, key)
		h = binary.LittleEndian.AppendUint32(h, val)
		h = append(h, make([]byte, entrySize-12)...)
	}
	return append(h, strs.Bytes()...)
}

func TestParseCache(t *testing.T) {
	good := cacheFile([][2]string{{"libc.so.6", "/lib/x86_64-linux-gnu/libc.so.6"}, {"libm.so.6", "/lib/a/libm.so.6"}, {"libm.so.6", "/lib/b/libm.so.6"}})
	old := append([]byte("ld.so-1.7.0\x00\x00\x00\x00\x00"), good...) // after the old format's (empty) table
	for _, tt := range []struct {
		name string
		data []byte
		want map[string][]string // nil: an error
	}{
		{"current", good, map[string][]string{"libc.so.6": {"/lib/x86_64-linux-gnu/libc.so.6"}, "libm.so.6": {"/lib/a/libm.so.6", "/lib/b/libm.so.6"}}},
		{"after the old format", old, map[string][]string{"libc.so.6": {"/lib/x86_64-linux-gnu/libc.so.6"}, "libm.so.6": {"/lib/a/libm.so.6", "/lib/b/libm.so.6"}}},
		{"empty", nil, nil},
		{"old format only", []byte("ld.so-1.7.0\x00\x00\x00\x00\x00"), nil},
		{"truncated header", good[:30], nil},
		{"truncated entries", good[:60], nil},
		{"big-endian", func() []byte { b := slices.Clone(good); b[28] = 3; return b }(), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseCache(tt.data)
			if tt.want == nil {
				if err == nil {
					t.Errorf("parsed %v, want an error", got)
				}
				return
			}
			if err != nil || len(got) != len(tt.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
			for k, v := range tt.want {
				if !slices.Equal(got[k], v) {
					t.Errorf("%s: %v, want %v", k, got[k], v)
				}
			}
		})
	}
}

// FuzzParseCache: no cache, however broken, makes parseCache panic.
func FuzzParseCache(f *testing.F) {
	f.Add(cacheFile([][2]string{{"libc.so.6", "/lib/libc.so.6"}}))
	if b, err := os.ReadFile(CachePath); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		parseCache(b)
	})
}
