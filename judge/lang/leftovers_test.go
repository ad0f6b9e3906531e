//go:build unix

package lang

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// TestBuildRemovesDeadJudgesDirs: a judge killed mid-build leaves its build
// directory, with the contestant's source in it; the next Build removes it,
// and never a live judge's.
func TestBuildRemovesDeadJudgesDirs(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	exited := exec.Command(testenv.NeedCommand(t, "true"))
	if err := exited.Run(); err != nil {
		t.Fatal(err)
	}
	live := exec.Command(testenv.NeedCommand(t, "sleep"), "30")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer live.Process.Kill()
	plant := func(pid int) string {
		dir := filepath.Join(tmp, buildPrefix+strconv.Itoa(pid)+"-1")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "solution.c"), []byte("int main(){}"), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	deadDir, liveDir := plant(exited.Process.Pid), plant(live.Process.Pid)

	exe, err := Build(context.Background(), exited.Path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer exe.Close()
	if _, err := os.Stat(deadDir); !os.IsNotExist(err) {
		t.Errorf("a dead judge's build directory is still there (%v)", err)
	}
	if _, err := os.Stat(liveDir); err != nil {
		t.Errorf("a live judge's build directory was removed: %v", err)
	}
	if filepath.Dir(exe.Dir) != tmp {
		t.Errorf("build directory %s is not in TMPDIR %s", exe.Dir, tmp)
	}
}
