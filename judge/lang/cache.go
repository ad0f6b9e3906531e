package lang

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// A build cache is written by the compiler, so a cache shared between
// compiles would let one submission's compile plant objects in the next
// one's program. Each sandboxed compile therefore gets its own cache; to
// save rebuilding the standard library every time (6 s for Go here), it
// starts as a copy of a template that only the judge writes, by building
// a program of its own, and that compiles see read-only.

// goWarmSource is the judge's own program that fills the Go template with
// the standard packages contest programs use.
const goWarmSource = `package main

import (
	"bufio"
	"bytes"
	"container/heap"
	"fmt"
	"math"
	"math/bits"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
)

var _ = heap.Init
var _ = bytes.Equal
var _ = slices.Sort[[]int]
var _ = math.Abs
var _ = bits.OnesCount

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	s := []string{"b", "a"}
	sort.Strings(s)
	fmt.Fprintln(w, strings.Join(s, ""), strconv.Itoa(len(s)))
}
`

// cacheTemplate returns the directory of a warm build cache for l's
// compiler at path, building it on first use. The directory's name
// depends on the compiler's identity, so a new toolchain gets a new one;
// it is complete when it exists, as it is renamed into place when done.
func cacheTemplate(ctx context.Context, l *Language, compiler string) (string, error) {
	if l.CacheWarm == "" {
		return "", fmt.Errorf("lang: %s has no cache template", l.Name)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("lang: %w", err)
	}
	fi, err := os.Stat(compiler)
	if err != nil {
		return "", fmt.Errorf("lang: %w", err)
	}
	id := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d\x00%d\x00%s\x00%s", compiler, fi.Size(), fi.ModTime().UnixNano(), strings.Join(l.Env, "\x00"), l.CacheWarm)))
	dir := filepath.Join(base, "sudoku-judge", l.Name+"-cache-"+hex.EncodeToString(id[:8]))
	if _, err := os.Stat(dir); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", fmt.Errorf("lang: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".warming-")
	if err != nil {
		return "", fmt.Errorf("lang: %w", err)
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "warm"+l.Extensions[0])
	if err := os.WriteFile(src, []byte(l.CacheWarm), 0o644); err != nil {
		return "", fmt.Errorf("lang: %w", err)
	}
	cache := filepath.Join(tmp, "cache")
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	// The judge's own source, so it is built as the judge's user.
	words := expand(l.Compile, src, filepath.Join(tmp, "warm"), 0)
	cmd := exec.CommandContext(ctx, compiler, words[1:]...)
	cmd.Dir = tmp
	cmd.Env = append(append(os.Environ(), l.Env...), l.Cache+"="+cache)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("lang: warming the %s build cache: %v: %s", l.Name, err, FirstLine(string(out)))
	}
	if err := filepath.WalkDir(cache, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode) // readable by the sandbox's user, writable by none
	}); err != nil {
		return "", fmt.Errorf("lang: %w", err)
	}
	if err := os.Rename(cache, dir); err != nil && !os.IsExist(err) {
		if _, statErr := os.Stat(dir); statErr == nil {
			return dir, nil // another judge finished first
		}
		return "", fmt.Errorf("lang: %w", err)
	}
	return dir, nil
}
