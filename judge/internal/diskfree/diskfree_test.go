package diskfree

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// TestFreeAgreesWithDf compares Free with what df says is available on
// the same file system (in 1 KiB blocks), which may differ by what other
// processes write meanwhile: within 1%.
func TestFreeAgreesWithDf(t *testing.T) {
	dir := t.TempDir()
	got, err := Free(dir)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS == "windows" {
		if got == 0 {
			t.Error("no free space in the temporary directory")
		}
		return
	}
	out, err := exec.Command(testenv.NeedCommand(t, "df"), "-Pk", dir).Output()
	if err != nil {
		t.Fatalf("df: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	fields := strings.Fields(lines[len(lines)-1])
	if len(fields) < 4 {
		t.Fatalf("df's output: %q", out)
	}
	kib, err := strconv.ParseUint(fields[3], 10, 64)
	if err != nil {
		t.Fatalf("df's available column %q: %v", fields[3], err)
	}
	want := kib << 10
	if diff := int64(got) - int64(want); diff > int64(want/100)+1<<20 || -diff > int64(want/100)+1<<20 {
		t.Errorf("Free = %d bytes, df says %d", got, want)
	}
	if _, err := Free(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("Free of a missing path: %v, want not exist", err)
	}
}
