package program

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// An OutputDir keeps each test's output as a file, DIR/<test>.out (test
// --keep-output): a Judge's Keep. Test names holding "/" (secret/1) become
// folders. It is safe for concurrent use.
type OutputDir struct {
	dir   string
	mu    sync.Mutex
	first error
}

// NewOutputDir makes dir and returns an OutputDir writing there.
func NewOutputDir(dir string) (*OutputDir, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("program: %w", err)
	}
	return &OutputDir{dir: dir}, nil
}

// Keep writes one test's output. An error is kept for Err: a judge goes
// on judging.
func (d *OutputDir) Keep(test string, stdout []byte) {
	p := filepath.Join(d.dir, filepath.FromSlash(test)+".out")
	err := os.MkdirAll(filepath.Dir(p), 0o755)
	if err == nil {
		err = os.WriteFile(p, stdout, 0o644)
	}
	if err != nil {
		d.mu.Lock()
		if d.first == nil {
			d.first = err
		}
		d.mu.Unlock()
	}
}

// Err returns the first error of Keep, if any.
func (d *OutputDir) Err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.first
}
