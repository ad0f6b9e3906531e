package program

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestOutputDir keeps outputs from several goroutines, a test named by a
// path as a folder, and reports the first write that failed.
func TestOutputDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kept")
	d, err := NewOutputDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, name := range []string{"1", "secret/2-top1465", "sample/1"} {
		wg.Go(func() { d.Keep(name, []byte(name+"\n")) })
	}
	wg.Wait()
	for _, name := range []string{"1", "secret/2-top1465", "sample/1"} {
		if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)+".out")); err != nil || string(b) != name+"\n" {
			t.Errorf("%s: %q, %v", name, b, err)
		}
	}
	if err := d.Err(); err != nil {
		t.Errorf("Err() = %v after writes that worked", err)
	}
	// A file where a folder must go: the write fails, and Err says so.
	if err := os.WriteFile(filepath.Join(dir, "blocked"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	d.Keep("blocked/3", []byte("x"))
	d.Keep("4", []byte("y")) // later ones still written
	if err := d.Err(); err == nil {
		t.Error("Err() = nil after a write that failed")
	}
	if b, err := os.ReadFile(filepath.Join(dir, "4.out")); err != nil || string(b) != "y" {
		t.Errorf("4.out after a failed write: %q, %v", b, err)
	}
	if _, err := NewOutputDir(filepath.Join(dir, "blocked", "x")); err == nil {
		t.Error("NewOutputDir under a file: no error")
	}
}
