//go:build linux

package fulldisk

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestFillThenFree(t *testing.T) {
	dir := Mount(t, 1<<20)
	filler := Fill(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "more"), []byte("x"), 0o600); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("a byte more on the full disk: %v, want ENOSPC", err)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "more"), []byte("x"), 0o600); err != nil {
		t.Errorf("a byte once the disk has room again: %v", err)
	}
}
