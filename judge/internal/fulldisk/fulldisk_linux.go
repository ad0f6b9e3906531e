package fulldisk

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// Mount mounts a tmpfs of size bytes, readable by its owner only, on a new
// directory, unmounted when t ends, and returns it. It skips t (fails it
// in CI) when it cannot mount one: that needs root.
func Mount(t testing.TB, size int64) string {
	t.Helper()
	testenv.NeedRoot(t)
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d,mode=0700", size)); err != nil {
		testenv.Need(t, "mounting a tmpfs", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// Fill writes a file in dir until its disk is full, to the last byte, and
// returns its path: removing it gives the room back.
func Fill(t testing.TB, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 64<<10)
	for _, n := range []int{len(block), 4096, 1} {
		for {
			if _, err := f.Write(block[:n]); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return path
}
